import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACTIVE_GAP_SECONDS, lessonComplete } from '@/lib/domain/education/progress';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { educationAttempts, educationCompletions, educationProgress } from '../../db/schema';
import { recordActivity } from '../activity/record';
import type { CourseHead } from './catalog';
import { courseCompleted } from './events';

export type ProgressRow = typeof educationProgress.$inferSelect;
export type AttemptRow = typeof educationAttempts.$inferSelect;

/**
 * A sign of activity in a lesson (opened, a heartbeat, «Урок прочитан», an answer): the row is created on the first
 * one; each next adds the time since the last one, capped at ACTIVE_GAP_SECONDS (a pause is not counted).
 */
export async function touchLesson(db: Db, userId: string, courseId: string, lessonId: string, read = false): Promise<void> {
  await db.execute(sql`
    insert into education_progress (user_id, course_id, lesson_id, read_at)
    values (${userId}, ${courseId}, ${lessonId}, ${read ? sql`now()` : sql`null`})
    on conflict (user_id, course_id, lesson_id) do update set
      seconds = education_progress.seconds
        + least(greatest(floor(extract(epoch from now() - education_progress.last_seen_at)), 0), ${ACTIVE_GAP_SECONDS})::int,
      last_seen_at = now(),
      read_at = coalesce(education_progress.read_at, excluded.read_at)`);
}

/** One more attempt at an exercise; the best result stays (once solved, solved). */
export async function recordAttempt(db: Db, userId: string, courseId: string, lessonId: string, exerciseId: string, correct: boolean): Promise<AttemptRow> {
  const [row] = await db
    .insert(educationAttempts)
    .values({ userId, courseId, lessonId, exerciseId, attempts: 1, solved: correct, solvedAt: correct ? new Date() : null })
    .onConflictDoUpdate({
      target: [educationAttempts.userId, educationAttempts.courseId, educationAttempts.lessonId, educationAttempts.exerciseId],
      set: {
        attempts: sql`${educationAttempts.attempts} + 1`,
        solved: sql`${educationAttempts.solved} or excluded.solved`,
        solvedAt: sql`coalesce(${educationAttempts.solvedAt}, excluded.solved_at)`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** A user's progress rows and attempts, all courses or one. */
export async function userProgress(db: Db, userId: string, courseId?: string): Promise<{ progress: ProgressRow[]; attempts: AttemptRow[] }> {
  const pWhere = courseId ? and(eq(educationProgress.userId, userId), eq(educationProgress.courseId, courseId)) : eq(educationProgress.userId, userId);
  const aWhere = courseId ? and(eq(educationAttempts.userId, userId), eq(educationAttempts.courseId, courseId)) : eq(educationAttempts.userId, userId);
  const [progress, attempts] = await Promise.all([
    db.select().from(educationProgress).where(pWhere),
    db.select().from(educationAttempts).where(aWhere),
  ]);
  return { progress, attempts };
}

export async function completionOf(db: Db, userId: string, courseId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: educationCompletions.completedAt })
    .from(educationCompletions)
    .where(and(eq(educationCompletions.userId, userId), eq(educationCompletions.courseId, courseId)));
  return row?.at ?? null;
}

/** Lesson ids of a course the user completed (by the rows, judged by settleLesson). */
export const completedIds = (progress: readonly ProgressRow[], courseId: string): Set<string> =>
  new Set(progress.filter((p) => p.courseId === courseId && p.completedAt).map((p) => p.lessonId));

/**
 * After an answer or «Урок прочитан»: marks the lesson completed when it is read and every exercise solved, and the
 * course completed (once) when every lesson is — then tells the listeners of a completed course.
 * Returns whether the lesson and the course are completed now.
 */
export async function settleLesson(
  ctx: AppContext,
  userId: string,
  course: CourseHead,
  lessonId: string,
): Promise<{ lessonCompleted: boolean; courseCompleted: boolean }> {
  const { progress, attempts } = await userProgress(ctx.db, userId, course.id);
  const lesson = course.lessons.find((l) => l.id === lessonId);
  const row = progress.find((p) => p.lessonId === lessonId);
  if (!lesson || !row) return { lessonCompleted: false, courseCompleted: false };
  const solved = new Set(attempts.filter((a) => a.lessonId === lessonId && a.solved).map((a) => a.exerciseId));
  let done = !!row.completedAt;
  if (!done && lessonComplete(!!row.readAt, lesson.exercises.map((e) => e.id), solved)) {
    const marked = await ctx.db
      .update(educationProgress)
      .set({ completedAt: new Date() })
      .where(and(eq(educationProgress.userId, userId), eq(educationProgress.courseId, course.id), eq(educationProgress.lessonId, lessonId), isNull(educationProgress.completedAt)))
      .returning({ lessonId: educationProgress.lessonId });
    // Once per lesson: of two answers completing it at the same time, one marks it.
    if (marked.length) recordActivity(ctx, userId, 'lesson.completed', `${course.id}/${lessonId}`);
    done = true;
  }
  const doneIds = completedIds(progress, course.id);
  if (done) doneIds.add(lessonId);
  const all = course.lessons.length > 0 && course.lessons.every((l) => doneIds.has(l.id));
  if (all) {
    const inserted = await ctx.db.insert(educationCompletions).values({ userId, courseId: course.id }).onConflictDoNothing().returning();
    if (inserted.length) {
      recordActivity(ctx, userId, 'course.completed', course.id);
      await courseCompleted(ctx, { userId, courseId: course.id, courseTitle: course.title, completedAt: inserted[0]!.completedAt });
    }
  }
  return { lessonCompleted: done, courseCompleted: all };
}
