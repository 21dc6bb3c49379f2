import 'server-only';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { formatContentErrors, loadContentTree, type ContentTreeCourse, type CourseFile, type LessonFile } from '@/lib/education/content.mjs';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { educationCourses, educationLessons, educationRevisions } from '../../db/schema';
import { log } from '../../log';

/** Key of the advisory lock that serialises content loads across instances starting together. */
const CONTENT_LOCK = 7_254_271_019;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The next revision number of a course (`lessonId = ''`) or lesson. */
async function nextRevision(tx: Tx, courseId: string, lessonId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(max(${educationRevisions.revision}), 0)::int` })
    .from(educationRevisions)
    .where(and(eq(educationRevisions.courseId, courseId), eq(educationRevisions.lessonId, lessonId)));
  return (r?.n ?? 0) + 1;
}

const courseFields = (c: CourseFile) => ({ title: c.title, summary: c.summary, body: c.body, order: c.order, source: c.source });
const lessonFields = (l: LessonFile) => ({
  title: l.title,
  order: l.order,
  minutes: l.minutes,
  screens: l.screens,
  exercises: l.exercises as unknown as Record<string, unknown>[],
  body: l.body,
  source: l.source,
});

export interface SyncReport {
  added: number;
  updated: number;
  /** Shipped updates kept in history only, because an admin's edit is current. */
  keptAdmin: number;
}

/**
 * Loads the shipped courses into the database by version: a new course or lesson is added, one whose file has a
 * higher `version` than last loaded is updated (a new revision), others are left alone. Where an admin's edit is
 * current, the shipped update goes into the history only and the admin's version stays. Progress is keyed by ids
 * and never touched, so an update of the product keeps everyone's progress.
 */
export async function syncShippedContent(db: Db, courses: readonly ContentTreeCourse[]): Promise<SyncReport> {
  const report: SyncReport = { added: 0, updated: 0, keptAdmin: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK})`);
    const courseRows = new Map((await tx.select().from(educationCourses)).map((r) => [r.id, r]));
    const lessonRows = new Map(
      (
        await tx
          .select({ courseId: educationLessons.courseId, id: educationLessons.id, shippedVersion: educationLessons.shippedVersion, adminEdited: educationLessons.adminEdited })
          .from(educationLessons)
      ).map((r) => [`${r.courseId}/${r.id}`, r]),
    );
    const apply = async (
      courseId: string,
      lessonId: string,
      version: number,
      source: string,
      row: { shippedVersion: number; adminEdited: boolean } | undefined,
      write: (revision: number, isNew: boolean) => Promise<void>,
      keepAdmin: () => Promise<void>,
    ) => {
      if (row && row.shippedVersion >= version) return;
      const revision = await nextRevision(tx, courseId, lessonId);
      const applied = !row?.adminEdited;
      await tx.insert(educationRevisions).values({ courseId, lessonId, revision, origin: 'shipped', shippedVersion: version, source, applied });
      if (applied) {
        await write(revision, !row);
        if (row) report.updated++;
        else report.added++;
      } else {
        await keepAdmin();
        report.keptAdmin++;
      }
    };
    for (const c of courses) {
      await apply(
        c.id,
        '',
        c.version,
        c.source,
        courseRows.get(c.id),
        async (revision, isNew) => {
          const values = { ...courseFields(c), shippedVersion: c.version, revision, adminEdited: false, updatedAt: new Date() };
          if (isNew) await tx.insert(educationCourses).values({ id: c.id, ...values });
          else await tx.update(educationCourses).set(values).where(eq(educationCourses.id, c.id));
        },
        async () => void (await tx.update(educationCourses).set({ shippedVersion: c.version }).where(eq(educationCourses.id, c.id))),
      );
      for (const l of c.lessons) {
        const where = and(eq(educationLessons.courseId, c.id), eq(educationLessons.id, l.id));
        await apply(
          c.id,
          l.id,
          l.version,
          l.source,
          lessonRows.get(`${c.id}/${l.id}`),
          async (revision, isNew) => {
            const values = { ...lessonFields(l), shippedVersion: l.version, revision, adminEdited: false, updatedAt: new Date() };
            if (isNew) await tx.insert(educationLessons).values({ courseId: c.id, id: l.id, ...values });
            else await tx.update(educationLessons).set(values).where(where);
          },
          async () => void (await tx.update(educationLessons).set({ shippedVersion: l.version }).where(where)),
        );
      }
    }
  });
  return report;
}

/** The shipped content folder: content/education of the app's folder. */
export const CONTENT_DIR = path.join(process.cwd(), 'content', 'education');

/** Reads and loads the shipped content; a file in error is logged and skipped (the build's check refuses such files). */
export async function loadShippedContent(db: Db, dir = CONTENT_DIR): Promise<SyncReport> {
  const { courses, errors } = loadContentTree(dir);
  if (errors.length) log.error(`education content has errors; the files in error are skipped:\n${formatContentErrors(errors)}`);
  return syncShippedContent(db, courses);
}

const loaded = new WeakMap<Db, Promise<SyncReport>>();

/**
 * Loads the shipped content once per process and database: at start-up (startup.ts) and, should that have failed,
 * before the first education call. A failed load is retried by the next call.
 */
export function ensureEducationContent(ctx: Pick<AppContext, 'db'>): Promise<SyncReport> {
  let p = loaded.get(ctx.db);
  if (!p) {
    p = loadShippedContent(ctx.db);
    loaded.set(ctx.db, p);
    p.then(
      (r) => (r.added || r.updated || r.keptAdmin) && log.info(`education content loaded: ${r.added} added, ${r.updated} updated, ${r.keptAdmin} kept as edited by an admin`),
      () => loaded.delete(ctx.db),
    );
  }
  return p;
}
