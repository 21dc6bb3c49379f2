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

/**
 * Journals `key` as written by the S3 multipart upload `multipartId` (an entry for `key` gets the id), so
 * that the sweeper aborts the multipart upload if nothing commits or aborts it first.
 */
export async function noteMultipart(db: Db, key: string, multipartId: string): Promise<void> {
  await db
    .insert(filePendingBlobs)
    .values({ key, multipartId })
    .onConflictDoUpdate({ target: filePendingBlobs.key, set: { multipartId } });
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
 * Ends what an S3 multipart upload left: aborts it (no error when it is gone already), deletes the object it
 * may have completed, then forgets the journal entry. A failure leaves the entry for the sweeper.
 */
export async function discardMultipart(ctx: AppContext, key: string, multipartId: string | null): Promise<boolean> {
  try {
    const parts = ctx.blobs.multipart;
    if (parts && multipartId) await parts.abort(key, multipartId);
    else if (parts) {
      // Best effort (listing may be refused by the bucket policy): the bucket's lifecycle rule is the backstop.
      await parts.abortAll(key).catch((e: unknown) => log.warn(`could not list the multipart uploads of ${key}`, e));
    }
    await ctx.blobs.delete(key);
  } catch (e) {
    log.warn(`could not abort the multipart upload of ${key}; the sweeper will retry`, e);
    return false;
  }
  await forgetPending(ctx.db, [key]);
  return true;
}

/**
 * Journal entries older than `before` whose key no row references: the blob is deleted (and, on S3, the
 * multipart upload that was writing it aborted: by its journalled id, or found by listing when a crash came
 * before the id was recorded). Entries still referenced (a commit that succeeded after all, an upload still
 * open) are just forgotten: dropping the upload journals its key again.
 */
export async function sweepPending(ctx: AppContext, before: Date): Promise<number> {
  const stale = await ctx.db
    .select({ key: filePendingBlobs.key, multipartId: filePendingBlobs.multipartId })
    .from(filePendingBlobs)
    .where(lt(filePendingBlobs.createdAt, before))
    .limit(1000);
  if (stale.length === 0) return 0;
  const keys = stale.map((s) => s.key);
  const usedRows = (await ctx.db.execute(
    sql`select blob_key as key from files_objects where blob_key in ${keys}
        union select blob_key as key from files_upload_chunks where blob_key in ${keys}
        union select blob_key as key from files_object_parts where blob_key in ${keys}
        union select multipart_key as key from files_uploads where multipart_key in ${keys}`,
  )) as unknown as { rows: { key: string }[] };
  const used = new Set(usedRows.rows.map((r) => r.key));
  await forgetPending(ctx.db, keys.filter((k) => used.has(k)));
  const orphans = stale.filter((s) => !used.has(s.key));
  // On S3 every orphan may be the target of an unfinished multipart upload (ours, or lib-storage's in put).
  if (!ctx.blobs.multipart) {
    await deleteBlobs(
      ctx,
      orphans.map((o) => o.key),
    );
    return orphans.length;
  }
  let done = 0;
  for (const o of orphans) if (await discardMultipart(ctx, o.key, o.multipartId)) done++;
  return done;
}
