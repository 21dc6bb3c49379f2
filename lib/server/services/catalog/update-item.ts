import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { itemUpdateInput } from '@/lib/schemas/catalog';
import { catalogItems } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkRefs, findItem, itemColumns, itemConflict, itemNotFound } from './model';
import { itemAnswer } from './prices';

/**
 * `catalog/items/update {id, version, …item}` → `{item}`; written only when `version` is current (409 CONFLICT
 * with the current `version` otherwise). Specifications pointing at it take the new name and unit when recalculated.
 */
export const updateItem = defineCall({
  input: itemUpdateInput,
  async handle({ input: { id, version, data }, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkRefs(ctx.db, user.id, data);
    const [row] = await ctx.db
      .update(catalogItems)
      .set({ ...itemColumns(data), version: sql`${catalogItems.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(catalogItems.id, id), eq(catalogItems.ownerId, user.id), eq(catalogItems.version, version)))
      .returning();
    if (!row) {
      const current = await findItem(ctx.db, user.id, id);
      if (!current) throw itemNotFound();
      throw itemConflict(current.version);
    }
    return { msg: 'Изменения сохранены.', item: await itemAnswer(ctx.db, user.id, row) };
  },
});
