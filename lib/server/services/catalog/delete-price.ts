import 'server-only';
import { and, eq } from 'drizzle-orm';
import { priceDeleteInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogPrices } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { touchPrices } from './add-price';
import { priceVisible } from './pending';

/** `catalog/prices/delete {id}` → `{deleted: 1}`. */
export const deletePrice = defineCall({
  input: priceDeleteInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const gone = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(catalogPrices)
        .where(and(eq(catalogPrices.id, input.id), eq(catalogPrices.ownerId, user.id), priceVisible()))
        .returning({ itemId: catalogPrices.itemId });
      await touchPrices(tx as unknown as Db, user.id, rows.map((r) => r.itemId));
      return rows;
    });
    if (!gone.length) throw new ServiceError('NOT_FOUND', 'Цена не найдена — возможно, её уже удалили.');
    return { msg: 'Цена удалена.', deleted: 1 };
  },
});
