import 'server-only';
import { moscowToday } from '@/lib/domain/format/date';
import { priceOnDateInput, type PriceOnDate } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { itemsForPricing, pricesOnDate } from './prices';

/** `catalog/prices/on-date {itemIds, date?}` → `{date, prices: {itemId: price | null}}` (unknown ids: null). */
export const pricesOnDateCall = defineCall({
  input: priceOnDateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const date = input.date ?? moscowToday();
    const items = await itemsForPricing(ctx.db, user.id, input.itemIds);
    const found = await pricesOnDate(ctx.db, user.id, items, date);
    const prices: Record<string, PriceOnDate | null> = {};
    for (const id of input.itemIds) prices[id] = found.get(id) ?? null;
    return { date, prices };
  },
});
