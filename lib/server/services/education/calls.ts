import 'server-only';
import type { CallTable } from '../../gateway/types';
import { adminGetCall, adminSaveCall } from './admin';
import { answerCall } from './answer';
import { certificateCall } from './certificate';
import { getCourseCall } from './get-course';
import { listCoursesCall } from './list-courses';
import { lessonHeartbeatCall, openLessonCall } from './open-lesson';
import { educationSummaryCall } from './summary';

/** Обучение under /api/v1, documented in docs/api.md. */
export const educationCalls = {
  'education/list': listCoursesCall,
  'education/course': getCourseCall,
  'education/lesson': openLessonCall,
  'education/heartbeat': lessonHeartbeatCall,
  'education/answer': answerCall,
  'education/summary': educationSummaryCall,
  'education/certificate': certificateCall,
  'education/admin/get': adminGetCall,
  'education/admin/save': adminSaveCall,
} satisfies CallTable;
