import 'server-only';
import { sql } from 'drizzle-orm';
import { deleteFilesInput } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { purgeObjects } from './purge';

/**
 * Moves objects to the recycle bin (folders with everything inside). Every id is checked first: nothing
 * moves unless the caller may delete all of them (owner or `edit`). In one transaction each object gets
 * `deleted_at`/`deleted_by` and it and everything visible below it `trash_id` = its id: all of it becomes
 * invisible, the bytes, versions, shares and links stay. An object already hidden by another one chosen
 * with it (a file inside a chosen folder) goes with that folder. Avatars have no bin: they are deleted for
 * good at once. Returns how many objects were hidden or deleted.
 */
async function trashObjects(ctx: AppContext, userId: string, ids: string[]): Promise<number> {
  const unique: string[] = [];
  const avatars: string[] = [];
  for (const id of new Set(ids)) {
    const { row } = await resolveObject(ctx.db, userId, id, 'edit');
    (row.type === 'avatars' ? avatars : unique).push(id);
  }
  let hidden = avatars.length ? await purgeObjects(ctx, avatars) : 0;
  await ctx.db.transaction(async (tx) => {
    for (const id of unique) {
      const marked = await rows<{ id: string }>(
        tx as unknown as typeof ctx.db,
        sql`with recursive tree as (
              select id, 0 as depth from files_objects where id = ${id} and trash_id is null
              union all
              select o.id, t.depth + 1 from files_objects o join tree t on o.parent_id = t.id
               where o.trash_id is null and t.depth < 256
            )
            update files_objects f
               set trash_id = ${id},
                   deleted_at = case when f.id = ${id} then now() else f.deleted_at end,
                   deleted_by = case when f.id = ${id} then ${userId} else f.deleted_by end
              from tree where f.id = tree.id
            returning f.id`,
      );
      hidden += marked.length;
    }
  });
  return hidden;
}

export const deleteFilesCall = defineCall({
  input: deleteFilesInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const deleted = await trashObjects(ctx, user.id, input.ids);
    return { msg: 'Перемещено в корзину', deleted };
  },
});
