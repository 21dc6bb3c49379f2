import 'server-only';
import { inArray, isNotNull, and } from 'drizzle-orm';
import { z } from '@/lib/schemas/envelope';
import { idSchema } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjectParts, fileObjects } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject, subtreeIds } from './access';
import { deleteBlobs, notePending } from './pending-blobs';

/**
 * Deletes objects (folders with everything inside). Every id is checked first: nothing is deleted unless
 * the caller may delete all of them (owner or `edit`). Rows go in one transaction; the blobs after it.
 */
export async function deleteObjects(ctx: AppContext, userId: string, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await resolveObject(ctx.db, userId, id, 'edit');
  const all = new Set<string>();
  for (const id of unique) for (const x of await subtreeIds(ctx.db, id)) all.add(x);
  const list = [...all];
  const keys: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const blobs = await tx
      .select({ key: fileObjects.blobKey })
      .from(fileObjects)
      .where(and(inArray(fileObjects.id, list), isNotNull(fileObjects.blobKey)));
    for (const b of blobs) if (b.key) keys.push(b.key);
    for (let i = 0; i < list.length; i += 1000) {
      const parts = await tx
        .select({ key: fileObjectParts.blobKey })
        .from(fileObjectParts)
        .where(inArray(fileObjectParts.objectId, list.slice(i, i + 1000)));
      for (const p of parts) keys.push(p.key);
    }
    // Journal the blobs in the same transaction: once the rows are gone, nothing else refers to them.
    await notePending(tx as unknown as typeof ctx.db, keys);
    await tx.delete(fileObjects).where(inArray(fileObjects.id, list));
  });
  await deleteBlobs(ctx, keys);
  return list.length;
}

export const deleteFilesCall = defineCall({
  input: z.object({ ids: z.array(idSchema).min(1, { message: 'Не выбрано ни одного объекта.' }).max(1000) }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const deleted = await deleteObjects(ctx, user.id, input.ids);
    return { deleted };
  },
});
