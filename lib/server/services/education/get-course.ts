import 'server-only';
import { educationCourseInput } from '@/lib/schemas/education';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { courseHead } from './catalog';
import { courseProgressOf } from './course-progress';
import { completionOf, userProgress } from './progress-store';

/** `education/course {courseId}` → the course, its lessons with the caller's progress, `next` for «Продолжить»; 404 if none. */
export const getCourseCall = defineCall({
  input: educationCourseInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const course = await courseHead(ctx, input.courseId);
    const [{ progress, attempts }, completedAt] = await Promise.all([userProgress(ctx.db, user.id, course.id), completionOf(ctx.db, user.id, course.id)]);
    return {
      msg: course.title,
      course: { id: course.id, title: course.title, summary: course.summary, adminEdited: course.adminEdited },
      ...courseProgressOf(course, progress, attempts),
      completedAt: completedAt ? completedAt.toISOString() : null,
    };
  },
});
