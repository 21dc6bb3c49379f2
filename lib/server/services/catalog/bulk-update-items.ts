import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { itemBulkUpdateInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogItems } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkRefs, itemColumns, type ItemRow } from './model';
import { itemAnswer } from './prices';

/**
 * `catalog/items/bulk-update {items: [{id, version}], patch}` → `{items}`: the same fields set on every item in
 * one transaction. One missing or stale item → 409 CONFLICT naming it (`stale: [id…]`) and nothing changes.
 */
export const bulkUpdateItems = defineCall({
  input: itemBulkUpdateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const patch = Object.fromEntries(Object.entries(input.patch).filter(([, v]) => v !== undefined));
    await checkRefs(ctx.db, user.id, patch);
    const updated: ItemRow[] = await ctx.db.transaction(async (tx) => {
      const out: ItemRow[] = [];
      const stale: string[] = [];
      for (const { id, version } of input.items) {
        const [row] = await (tx as unknown as Db)
          .update(catalogItems)
          .set({ ...itemColumns(patch), version: sql`${catalogItems.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(catalogItems.id, id), eq(catalogItems.ownerId, user.id), eq(catalogItems.version, version)))
          .returning();
        if (row) out.push(row);
        else stale.push(id);
      }
      if (stale.length) {
        throw new ServiceError('CONFLICT', 'Часть позиций уже изменили или удалили. Обновите список и повторите.', { extra: { stale } });
      }
      return out;
    });
    const items = [];
    for (const r of updated) items.push(await itemAnswer(ctx.db, user.id, r));
    return { msg: `Изменено позиций: ${items.length}.`, items };
  },
});
