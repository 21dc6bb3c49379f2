import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { brokenLinks, parseCourse, parseLesson, type ContentError } from '@/lib/education/content.mjs';
import { educationAdminGetInput, educationAdminSaveInput } from '@/lib/schemas/education';
import type { AppContext } from '../../context';
import { educationCourses, educationLessons, educationRevisions, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { courseNotFound, lessonNotFound, listCatalog } from './catalog';

async function requireAdmin(ctx: AppContext, req: Request) {
  const user = await requireUser(ctx, req);
  if (!user.roles.includes('admin')) throw new ServiceError('FORBIDDEN', 'Править курсы и уроки может только администратор.');
  return user;
}

/**
 * `education/admin/get {courseId, lessonId?}` (admin) → the file as it is now (`source`), whether it is the admin's
 * edit, the shipped version last loaded, and every revision (newest first) with its text, origin and author.
 */
export const adminGetCall = defineCall({
  input: educationAdminGetInput,
  async handle({ input, req, ctx }) {
    await requireAdmin(ctx, req);
    const lessonId = input.lessonId ?? '';
    const [row] = input.lessonId
      ? await ctx.db.select().from(educationLessons).where(and(eq(educationLessons.courseId, input.courseId), eq(educationLessons.id, input.lessonId)))
      : await ctx.db.select().from(educationCourses).where(eq(educationCourses.id, input.courseId));
    if (!row) throw input.lessonId ? lessonNotFound() : courseNotFound();
    const revs = await ctx.db
      .select({
        revision: educationRevisions.revision,
        origin: educationRevisions.origin,
        shippedVersion: educationRevisions.shippedVersion,
        applied: educationRevisions.applied,
        source: educationRevisions.source,
        createdAt: educationRevisions.createdAt,
        author: users.email,
      })
      .from(educationRevisions)
      .leftJoin(users, eq(users.id, educationRevisions.authorId))
      .where(and(eq(educationRevisions.courseId, input.courseId), eq(educationRevisions.lessonId, lessonId)))
      .orderBy(desc(educationRevisions.id))
      .limit(100);
    return {
      msg: 'Редактор',
      source: row.source,
      revision: row.revision,
      adminEdited: row.adminEdited,
      shippedVersion: row.shippedVersion,
      revisions: revs.map((r) => ({ ...r, origin: r.origin as 'shipped' | 'admin', author: r.author ?? null, createdAt: r.createdAt.toISOString() })),
    };
  },
});

/** A 422 listing the file's errors with their lines. */
function contentErrors(errors: ContentError[]): ServiceError {
  const text = errors.map((e) => `строка ${e.line}: ${e.message}`).join('\n');
  return new ServiceError('VALIDATION_ERROR', `В тексте есть ошибки:\n${text}`, { fields: { source: text }, extra: { errors: errors.map(({ line, message }) => ({ line, message })) } });
}

/**
 * `education/admin/save {kind, courseId?, lessonId?, source}` (admin) — the whole file (front matter and Markdown,
 * the format of content/education) of a course or lesson; without the id — a new one. Checked like the build checks
 * the shipped files (422 with lines). Saved as a new revision marked as the admin's: it stays current when an update
 * of the product ships a newer version of the same file (that one goes into the history).
 */
export const adminSaveCall = defineCall({
  input: educationAdminSaveInput,
  async handle({ input, req, ctx }) {
    const admin = await requireAdmin(ctx, req);
    const catalog = await listCatalog(ctx);
    const isLesson = input.kind === 'lesson';
    if (isLesson && !input.courseId) throw new ServiceError('VALIDATION_ERROR', 'Укажите курс урока.', { fields: { courseId: 'Укажите курс урока.' } });
    const course = input.courseId ? catalog.find((c) => c.id === input.courseId) : undefined;
    if (input.courseId && !course) throw courseNotFound();
    const editing = isLesson ? input.lessonId : input.courseId;
    if (isLesson && input.lessonId && !course!.lessons.some((l) => l.id === input.lessonId)) throw lessonNotFound();

    const parsed = isLesson ? parseLesson(input.source, 'урок', course!.id) : parseCourse(input.source, 'курс');
    if (!parsed.value) throw contentErrors(parsed.errors);
    const v = parsed.value;
    if (editing && v.id !== editing) throw contentErrors([{ file: '', line: 2, message: `id менять нельзя: здесь «${editing}».` }]);
    if (!editing && (isLesson ? course!.lessons.some((l) => l.id === v.id) : catalog.some((c) => c.id === v.id))) {
      throw new ServiceError('ALREADY_EXISTS', `${isLesson ? 'Урок' : 'Курс'} с id «${v.id}» уже есть.`);
    }
    const known = new Set(catalog.flatMap((c) => [c.id, ...c.lessons.map((l) => `${c.id}/${l.id}`)]));
    known.add(isLesson ? `${course!.id}/${v.id}` : v.id);
    const broken = brokenLinks(parsed.links ?? [], known);
    if (broken.length) throw contentErrors(broken);

    const courseId = isLesson ? course!.id : v.id;
    const lessonId = isLesson ? v.id : '';
    const revision = await ctx.db.transaction(async (tx) => {
      const prior = await tx
        .select({ revision: educationRevisions.revision })
        .from(educationRevisions)
        .where(and(eq(educationRevisions.courseId, courseId), eq(educationRevisions.lessonId, lessonId)))
        .orderBy(desc(educationRevisions.revision))
        .limit(1);
      const rev = (prior[0]?.revision ?? 0) + 1;
      await tx.insert(educationRevisions).values({ courseId, lessonId, revision: rev, origin: 'admin', authorId: admin.id, source: v.source });
      const common = { title: v.title, order: v.order, source: v.source, revision: rev, adminEdited: true, updatedAt: new Date() };
      if ('minutes' in v) {
        const values = { ...common, minutes: v.minutes, screens: v.screens, exercises: v.exercises as unknown as Record<string, unknown>[], body: v.body };
        if (editing) await tx.update(educationLessons).set(values).where(and(eq(educationLessons.courseId, courseId), eq(educationLessons.id, lessonId)));
        else await tx.insert(educationLessons).values({ courseId, id: lessonId, ...values });
      } else {
        const values = { ...common, summary: v.summary, body: v.body };
        if (editing) await tx.update(educationCourses).set(values).where(eq(educationCourses.id, courseId));
        else await tx.insert(educationCourses).values({ id: courseId, ...values });
      }
      return rev;
    });
    return { msg: 'Сохранено', courseId, lessonId: isLesson ? lessonId : null, revision };
  },
});
