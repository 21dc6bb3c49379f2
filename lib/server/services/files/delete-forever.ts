import 'server-only';
import { deleteForeverInput, emptyTrashInput } from '@/lib/schemas/files';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { trashEntries, trashEntry } from './list-trash';
import { purgeObjects } from './purge';

/**
 * `deleteForever {ids}` → `{deleted}`: objects of the caller's bin deleted for good with what they hide —
 * rows, versions, shares, links, and the bytes (through the pending-blobs journal). Every id is checked first.
 */
export const deleteForeverCall = defineCall({
  input: deleteForeverInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const ids = [...new Set(input.ids)];
    for (const id of ids) await trashEntry(ctx.db, user.id, id);
    const deleted = await purgeObjects(ctx, ids);
    return { msg: 'Удалено навсегда', deleted };
  },
});

/** `emptyTrash {type?}` → `{deleted}`: everything in the caller's bin (of `type`) deleted for good. */
export const emptyTrashCall = defineCall({
  input: emptyTrashInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const entries = await trashEntries(ctx.db, user.id, input.type);
    const deleted = await purgeObjects(
      ctx,
      entries.map((e) => e.row.id),
    );
    return { msg: entries.length ? 'Корзина очищена' : 'Корзина уже пуста', deleted };
  },
});
