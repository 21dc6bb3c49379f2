import 'server-only';
import { eq } from 'drizzle-orm';
import { educationSummaryInput } from '@/lib/schemas/education';
import { educationCompletions } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { listCatalog } from './catalog';
import { courseProgressOf, lessonHref } from './course-progress';
import { userProgress } from './progress-store';

export interface EducationSummary {
  courses: Array<{
    id: string;
    title: string;
    lessonsTotal: number;
    lessonsDone: number;
    exercisesTotal: number;
    exercisesDone: number;
    completedAt: string | null;
    next: { lessonId: string; title: string; href: string } | null;
  }>;
  /** Exercises the user attempted and has not solved yet. */
  retry: Array<{ courseId: string; lessonId: string; lessonTitle: string; exerciseId: string; question: string; href: string }>;
}

/** The learning side of «Мой прогресс» for a user. */
export async function educationSummary(ctx: Parameters<typeof listCatalog>[0], userId: string): Promise<EducationSummary> {
  const [catalog, { progress, attempts }, completions] = await Promise.all([
    listCatalog(ctx),
    userProgress(ctx.db, userId),
    ctx.db.select().from(educationCompletions).where(eq(educationCompletions.userId, userId)),
  ]);
  const courses = catalog.map((c) => {
    const p = courseProgressOf(c, progress, attempts);
    const done = completions.find((x) => x.courseId === c.id);
    return {
      id: c.id,
      title: c.title,
      lessonsTotal: p.lessonsTotal,
      lessonsDone: p.lessonsDone,
      exercisesTotal: p.exercisesTotal,
      exercisesDone: p.exercisesDone,
      completedAt: done ? done.completedAt.toISOString() : null,
      next: p.next,
    };
  });
  const retry: EducationSummary['retry'] = [];
  for (const c of catalog) {
    for (const l of c.lessons) {
      for (const ex of l.exercises) {
        const a = attempts.find((x) => x.courseId === c.id && x.lessonId === l.id && x.exerciseId === ex.id);
        if (a && !a.solved) retry.push({ courseId: c.id, lessonId: l.id, lessonTitle: l.title, exerciseId: ex.id, question: ex.question, href: lessonHref(c.id, l.id) });
      }
    }
  }
  return { courses, retry };
}

/** `education/summary {}` → `{courses, retry}` (the shape «Мой прогресс» reads). */
export const educationSummaryCall = defineCall({
  input: educationSummaryInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    return { msg: 'Прогресс обучения', ...(await educationSummary(ctx, user.id)) };
  },
});
