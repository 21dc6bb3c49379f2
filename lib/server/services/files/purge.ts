import 'server-only';
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileObjectParts, fileObjects } from '../../db/schema';
import { subtreeIds } from './access';
import { deleteBlobs, notePending } from './pending-blobs';

/**
 * Deletes objects for good (no access check: the callers check), each with what goes with it (see
 * `subtreeIds`): for an object in the bin, what it hides; for a visible one, what is visible below it.
 * What was put in the bin on its own from inside such a folder stays in the bin, moved to the top level (it
 * will be restored there). Rows go in one transaction, with their blobs journalled in it; the blobs after it.
 * Versions, shares and links go with their rows (cascade). Returns how many rows were deleted.
 */
export async function purgeObjects(ctx: AppContext, topIds: string[]): Promise<number> {
  const all = new Set<string>();
  for (const id of new Set(topIds)) for (const x of await subtreeIds(ctx.db, id)) all.add(x);
  const list = [...all];
  if (list.length === 0) return 0;
  const keys: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    for (let i = 0; i < list.length; i += 1000) {
      const slice = list.slice(i, i + 1000);
      const blobs = await db
        .select({ key: fileObjects.blobKey })
        .from(fileObjects)
        .where(and(inArray(fileObjects.id, slice), isNotNull(fileObjects.blobKey)));
      for (const b of blobs) if (b.key) keys.push(b.key);
      const parts = await db.select({ key: fileObjectParts.blobKey }).from(fileObjectParts).where(inArray(fileObjectParts.objectId, slice));
      for (const p of parts) keys.push(p.key);
      // Binned on their own from inside: detached, so the cascade below does not take them.
      await db
        .update(fileObjects)
        .set({ parentId: null })
        .where(and(inArray(fileObjects.parentId, slice), isNotNull(fileObjects.deletedAt)));
    }
    // Journal the blobs in the same transaction: once the rows are gone, nothing else refers to them.
    await notePending(db, keys);
    for (let i = 0; i < list.length; i += 1000) await db.delete(fileObjects).where(inArray(fileObjects.id, list.slice(i, i + 1000)));
  });
  await deleteBlobs(ctx, keys);
  return list.length;
}

/** What has been in the bin longer than TRASH_DAYS, deleted for good, 100 objects at a time. Returns the rows deleted. */
export async function purgeExpired(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.env.TRASH_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const old = await ctx.db
      .select({ id: fileObjects.id })
      .from(fileObjects)
      .where(and(isNotNull(fileObjects.deletedAt), lt(fileObjects.deletedAt, before)))
      .limit(100);
    if (old.length === 0) break;
    deleted += await purgeObjects(
      ctx,
      old.map((o) => o.id),
    );
    if (old.length < 100) break;
  }
  return deleted;
}
