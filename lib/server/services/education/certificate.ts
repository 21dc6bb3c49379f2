import 'server-only';
import { eq } from 'drizzle-orm';
import { educationCertificateInput } from '@/lib/schemas/education';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { courseHead } from './catalog';
import { completionOf } from './progress-store';

/**
 * `education/certificate {courseId}` → `{courseTitle, name, completedAt}` for the printable «Курс пройден»;
 * 404 for no such course, 409 while a lesson is not done.
 */
export const certificateCall = defineCall({
  input: educationCertificateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const course = await courseHead(ctx, input.courseId);
    const completedAt = await completionOf(ctx.db, user.id, course.id);
    if (!completedAt) throw new ServiceError('CONFLICT', 'Курс ещё не пройден: сертификат появится, когда будут пройдены все уроки.');
    const [u] = await ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName, patronymic: users.patronymic, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    const name = [u?.lastName, u?.firstName, u?.patronymic].map((s) => (s ?? '').trim()).filter(Boolean).join(' ') || (u?.email ?? user.email);
    return { msg: 'Курс пройден', courseTitle: course.title, lessons: course.lessons.length, name, completedAt: completedAt.toISOString() };
  },
});
