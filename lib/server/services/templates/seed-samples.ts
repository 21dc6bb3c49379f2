import 'server-only';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { TEMPLATE_SAMPLE_IDS, TEMPLATE_SAMPLES, type TemplateSampleId } from '@/lib/domain/docx/samples';
import type { FileObject } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjects, templateSampleSeeds } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { log } from '../../log';
import { requireUser } from '../auth/require-user';
import { toWire, type ObjectRow } from '../files/model';
import { storeBytes } from '../files/store-bytes';

/** A claim without a stored file older than this is taken as lost (a crash) and claimed again. */
const STALE_CLAIM_MS = 2 * 60_000;
/** How long a listing waits for another call that is storing the same sample. */
const WAIT_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Claims one sample for the user; true = this call stores it. A stale claim is taken over. */
async function claim(ctx: AppContext, userId: string, sample: TemplateSampleId): Promise<boolean> {
  const inserted = await ctx.db.insert(templateSampleSeeds).values({ userId, sample }).onConflictDoNothing().returning({ sample: templateSampleSeeds.sample });
  if (inserted.length > 0) return true;
  const taken = await ctx.db
    .update(templateSampleSeeds)
    .set({ claimedAt: new Date() })
    .where(
      and(
        eq(templateSampleSeeds.userId, userId),
        eq(templateSampleSeeds.sample, sample),
        isNull(templateSampleSeeds.fileId),
        lt(templateSampleSeeds.claimedAt, new Date(Date.now() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ sample: templateSampleSeeds.sample });
  return taken.length > 0;
}

/**
 * Puts the bundled templates («Счёт на оплату», «Договор поставки», «Коммерческое предложение», «Акт
 * выполненных работ») into the user's «Шаблоны документов» once. Each sample is claimed by a
 * row of `templates_sample_seeds` before its file is stored, so concurrent calls store it once; the row
 * stays after the user deletes the file, so a deleted sample does not come back («Добавить образец»
 * adds it again). Calls that lost the claim wait a little for the file. Returns the files stored now.
 */
async function seedSampleTemplates(ctx: AppContext, userId: string): Promise<FileObject[]> {
  const seen = await ctx.db.select().from(templateSampleSeeds).where(eq(templateSampleSeeds.userId, userId));
  const done = new Set(seen.filter((r) => r.fileId !== null).map((r) => r.sample));
  const todo = TEMPLATE_SAMPLE_IDS.filter((id) => !done.has(id));
  if (todo.length === 0) return [];
  const added: FileObject[] = [];
  const waiting: TemplateSampleId[] = [];
  for (const id of todo) {
    if (!(await claim(ctx, userId, id))) {
      waiting.push(id);
      continue;
    }
    const sample = TEMPLATE_SAMPLES[id];
    try {
      const object = await storeBytes(ctx, userId, { name: sample.name, type: 'templates', bytes: sample.docx() });
      await ctx.db
        .update(templateSampleSeeds)
        .set({ fileId: object.id })
        .where(and(eq(templateSampleSeeds.userId, userId), eq(templateSampleSeeds.sample, id)));
      added.push(object);
    } catch (e) {
      // Not stored (the quota, the blob store): release the claim so a later listing tries again.
      await ctx.db.delete(templateSampleSeeds).where(and(eq(templateSampleSeeds.userId, userId), eq(templateSampleSeeds.sample, id), isNull(templateSampleSeeds.fileId)));
      log.warn(`templates: sample ${id} not stored for user ${userId}`, e);
    }
  }
  // Another call is storing these: wait for it, so this listing shows them too.
  for (const until = Date.now() + WAIT_MS; waiting.length > 0 && Date.now() < until; ) {
    const rows = await ctx.db.select().from(templateSampleSeeds).where(eq(templateSampleSeeds.userId, userId));
    const pending = new Set(rows.filter((r) => r.fileId === null).map((r) => r.sample));
    if (!waiting.some((id) => pending.has(id))) break;
    await sleep(50);
  }
  return added;
}

/**
 * `templates/list {}` → `{objects, added}`: the caller's own DOCX templates (type `templates`, every
 * folder, by name), the bundled ones seeded first on the first call; `added` — the samples stored by it.
 */
export const listTemplatesCall = defineCall({
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const added = await seedSampleTemplates(ctx, user.id);
    const rows = (await ctx.db
      .select()
      .from(fileObjects)
      .where(and(eq(fileObjects.ownerId, user.id), eq(fileObjects.type, 'templates'), eq(fileObjects.kind, 'file'), isNull(fileObjects.trashId)))
      .orderBy(asc(fileObjects.searchName), asc(fileObjects.id))) as ObjectRow[];
    return { objects: rows.filter((r) => /\.docx$/i.test(r.name)).map((r) => toWire(r, 'owner')), added };
  },
});
