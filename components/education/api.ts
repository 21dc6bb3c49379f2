import { call } from '@/lib/client/call';
import type { CallInput } from '@/lib/contract';

/** Typed wrappers over the education calls (docs/api.md). */
export const educationApi = {
  list: (signal?: AbortSignal) => call('product', 'education/list', {}, { signal }),
  course: (courseId: string, signal?: AbortSignal) => call('product', 'education/course', { courseId }, { signal }),
  lesson: (courseId: string, lessonId: string, signal?: AbortSignal) => call('product', 'education/lesson', { courseId, lessonId }, { signal }),
  heartbeat: (courseId: string, lessonId: string, read?: boolean) => call('product', 'education/heartbeat', { courseId, lessonId, read }),
  answer: (body: CallInput<'product', 'education/answer'>) => call('product', 'education/answer', body),
  certificate: (courseId: string, signal?: AbortSignal) => call('product', 'education/certificate', { courseId }, { signal }),
  adminGet: (courseId: string, lessonId?: string, signal?: AbortSignal) => call('product', 'education/admin/get', { courseId, lessonId }, { signal }),
  adminSave: (body: CallInput<'product', 'education/admin/save'>) => call('product', 'education/admin/save', body),
};
