import 'server-only';
import { eq } from 'drizzle-orm';
import { educationListInput } from '@/lib/schemas/education';
import { educationCompletions } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { listCatalog } from './catalog';
import { courseProgressOf } from './course-progress';
import { userProgress } from './progress-store';

/** `education/list {}` → `courses`: every course with the caller's progress and where «Продолжить» leads. */
export const listCoursesCall = defineCall({
  input: educationListInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const [catalog, { progress, attempts }, completions] = await Promise.all([
      listCatalog(ctx),
      userProgress(ctx.db, user.id),
      ctx.db.select().from(educationCompletions).where(eq(educationCompletions.userId, user.id)),
    ]);
    const courses = catalog.map((c) => {
      const { lessons: _, ...p } = courseProgressOf(c, progress, attempts);
      const done = completions.find((x) => x.courseId === c.id);
      return { id: c.id, title: c.title, summary: c.summary, adminEdited: c.adminEdited, ...p, completedAt: done ? done.completedAt.toISOString() : null };
    });
    return { msg: 'Курсы', courses };
  },
});
