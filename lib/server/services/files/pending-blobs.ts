import 'server-only';
import { inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { filePendingBlobs } from '../../db/schema';
import { log } from '../../log';

/**
 * The journal that keeps blobs from being orphaned: a key is noted before its bytes are written (or before
 * the row that referenced it goes) and forgotten once its row is committed (or the blob is deleted).
 */
export async function notePending(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(filePendingBlobs)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

export async function forgetPending(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(filePendingBlobs).where(inArray(filePendingBlobs.key, keys));
}

/** Deletes blobs and then their journal entries; a failure leaves the entry for the sweeper. */
export async function deleteBlobs(ctx: AppContext, keys: string[]): Promise<void> {
  const done: string[] = [];
  for (const key of keys) {
    try {
      await ctx.blobs.delete(key);
      done.push(key);
    } catch (e) {
      log.warn(`could not delete blob ${key}; the sweeper will retry`, e);
    }
  }
  await forgetPending(ctx.db, done);
}

/**
 * Journal entries older than `before` whose key no row references: the blob is deleted. Entries still
 * referenced (a commit that succeeded after all) are just forgotten.
 */
export async function sweepPending(ctx: AppContext, before: Date): Promise<number> {
  const stale = await ctx.db
    .select({ key: filePendingBlobs.key })
    .from(filePendingBlobs)
    .where(lt(filePendingBlobs.createdAt, before))
    .limit(1000);
  if (stale.length === 0) return 0;
  const keys = stale.map((s) => s.key);
  const usedRows = (await ctx.db.execute(
    sql`select blob_key as key from files_objects where blob_key in ${keys}
        union select blob_key as key from files_upload_chunks where blob_key in ${keys}
        union select blob_key as key from files_object_parts where blob_key in ${keys}`,
  )) as unknown as { rows: { key: string }[] };
  const used = new Set(usedRows.rows.map((r) => r.key));
  await forgetPending(ctx.db, keys.filter((k) => used.has(k)));
  const orphans = keys.filter((k) => !used.has(k));
  await deleteBlobs(ctx, orphans);
  return orphans.length;
}
