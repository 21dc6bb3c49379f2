import 'server-only';
import { priceListInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findItem, itemNotFound } from './model';
import { priceRowsOf } from './prices';

/** `catalog/prices/list {itemId}` → `{prices}`: the item's price history, newest `validFrom` first (for the table and the chart). */
export const listPrices = defineCall({
  input: priceListInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    if (!(await findItem(ctx.db, user.id, input.itemId))) throw itemNotFound();
    return { prices: (await priceRowsOf(ctx.db, user.id, [input.itemId])).get(input.itemId) ?? [] };
  },
});
