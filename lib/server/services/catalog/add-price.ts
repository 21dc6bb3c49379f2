import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { rubToKop, vatBasisOf } from '@/lib/domain/catalog';
import { priceAddInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogItems, catalogPrices } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkSupplier, findItem, itemNotFound, priceOnWire } from './model';

/** Marks the items' prices changed now: specifications using them and saved before are «цены устарели». */
export async function touchPrices(db: Db, ownerId: string, itemIds: string[]) {
  if (!itemIds.length) return;
  const ids = [...new Set(itemIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    await db
      .update(catalogItems)
      .set({ pricesChangedAt: sql`now()` })
      .where(and(eq(catalogItems.ownerId, ownerId), sql`${catalogItems.id} in (${sql.join(part.map((x) => sql`${x}::uuid`), sql`, `)})`));
  }
}

/** `catalog/prices/add {itemId, supplierId, price, vatIncluded?, vatRate?, currency?, validFrom}` → `{price}`. */
export const addPrice = defineCall({
  input: priceAddInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const item = await findItem(ctx.db, user.id, input.itemId);
    if (!item) throw itemNotFound();
    const supplierName = await checkSupplier(ctx.db, user.id, input.supplierId);
    const row = await ctx.db.transaction(async (tx) => {
      const [p] = await tx
        .insert(catalogPrices)
        .values({
          ownerId: user.id,
          itemId: item.id,
          supplierId: input.supplierId,
          priceKop: rubToKop(input.price),
          ...vatBasisOf(input.vatIncluded, null, input.vatRate),
          currency: input.currency,
          validFrom: input.validFrom,
        })
        .returning();
      await touchPrices(tx as unknown as Db, user.id, [item.id]);
      return p!;
    });
    return { msg: 'Цена добавлена.', price: priceOnWire(row, supplierName) };
  },
});
