import 'server-only';
import { moscowToday } from '@/lib/domain/format/date';
import { itemIdInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findItem, groupNames, itemNotFound, itemOnWire } from './model';
import { priceRowsOf, pricesOnDate } from './prices';

/** `catalog/items/get {id}` → `{item, prices}`: the item with today's price and its whole price history (newest first). */
export const getItem = defineCall({
  input: itemIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await findItem(ctx.db, user.id, input.id);
    if (!row) throw itemNotFound();
    const rows = await priceRowsOf(ctx.db, user.id, [row.id]);
    const price = (await pricesOnDate(ctx.db, user.id, [row], moscowToday(), rows)).get(row.id) ?? null;
    const names = await groupNames(ctx.db, user.id, [row.groupId]);
    return { item: itemOnWire(row, row.groupId ? (names.get(row.groupId) ?? null) : null, price), prices: rows.get(row.id) ?? [] };
  },
});
