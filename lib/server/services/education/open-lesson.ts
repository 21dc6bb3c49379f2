import 'server-only';
import { publicExercise } from '@/lib/domain/education/types';
import { educationHeartbeatInput, educationLessonInput } from '@/lib/schemas/education';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { courseHead, lessonNotFound } from './catalog';
import { settleLesson, touchLesson, userProgress } from './progress-store';

/**
 * `education/lesson {courseId, lessonId}` → the lesson opened (recorded) and the caller's state in it: read,
 * completed, each exercise (never its answer) with attempts and whether solved; 404 if there is no such lesson.
 */
export const openLessonCall = defineCall({
  input: educationLessonInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const course = await courseHead(ctx, input.courseId);
    const lesson = course.lessons.find((l) => l.id === input.lessonId);
    if (!lesson) throw lessonNotFound();
    await touchLesson(ctx.db, user.id, course.id, lesson.id);
    // A lesson whose exercises changed (an update of the content) may be complete by what the user already did.
    const settled = await settleLesson(ctx, user.id, course, lesson.id);
    const { progress, attempts } = await userProgress(ctx.db, user.id, course.id);
    const row = progress.find((p) => p.lessonId === lesson.id);
    return {
      msg: lesson.title,
      lesson: { courseId: course.id, id: lesson.id, title: lesson.title, minutes: lesson.minutes },
      read: !!row?.readAt,
      completed: settled.lessonCompleted,
      courseCompleted: settled.courseCompleted,
      seconds: row?.seconds ?? 0,
      exercises: lesson.exercises.map((ex) => {
        const a = attempts.find((x) => x.lessonId === lesson.id && x.exerciseId === ex.id);
        return { ...publicExercise(ex), attempts: a?.attempts ?? 0, solved: a?.solved ?? false };
      }),
    };
  },
});

/**
 * `education/heartbeat {courseId, lessonId, read?}` — the lesson is on screen (time spent, each gap capped);
 * `read: true` — «Урок прочитан» or its end reached. → `{read, completed, courseCompleted}`.
 */
export const lessonHeartbeatCall = defineCall({
  input: educationHeartbeatInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const course = await courseHead(ctx, input.courseId);
    if (!course.lessons.some((l) => l.id === input.lessonId)) throw lessonNotFound();
    await touchLesson(ctx.db, user.id, course.id, input.lessonId, input.read === true);
    const settled = await settleLesson(ctx, user.id, course, input.lessonId);
    const { progress } = await userProgress(ctx.db, user.id, course.id);
    const row = progress.find((p) => p.lessonId === input.lessonId);
    return { msg: input.read ? 'Урок прочитан' : 'Готово', read: !!row?.readAt, completed: settled.lessonCompleted, courseCompleted: settled.courseCompleted };
  },
});
