import 'server-only';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { moscowToday } from '@/lib/domain/format/date';
import { itemListInput } from '@/lib/schemas/catalog';
import { catalogGroups, catalogItems, catalogPrices } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { groupNames, itemOnWire } from './model';
import { itemVisible, priceVisible } from './pending';
import { pricesOnDate } from './prices';

const ORDER = {
  name: [asc(catalogItems.nameNorm)],
  '-name': [desc(catalogItems.nameNorm)],
  article: [asc(catalogItems.article), asc(catalogItems.nameNorm)],
  '-article': [desc(catalogItems.article), asc(catalogItems.nameNorm)],
  updated: [asc(catalogItems.updatedAt)],
  '-updated': [desc(catalogItems.updatedAt)],
} as const;

/** A group and every group under it. */
export function descendantsOf(groups: { id: string; parentId: string | null }[], root: string): string[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const g of groups) if (g.parentId === out[i] && !out.includes(g.id)) out.push(g.id);
  return out;
}

/**
 * `catalog/items/list {q?, groupId?, subgroups?, type?, archived?, supplierId?, date?, sort?, offset?, limit?}` →
 * `{items, total, date}`: the owner's items matching the search (words of the name or the article, as typed; «ё» = «е»)
 * and filters, one page, each with its price on `date` (today by default) by the owner's setting.
 */
export const listItems = defineCall({
  input: itemListInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const date = input.date ?? moscowToday();
    const where: SQL[] = [eq(catalogItems.ownerId, user.id), itemVisible()];
    if (input.archived !== 'all') where.push(eq(catalogItems.archived, input.archived === 'yes'));
    if (input.type) where.push(eq(catalogItems.type, input.type));
    if (input.groupId) {
      const ids = input.subgroups
        ? descendantsOf(await ctx.db.select({ id: catalogGroups.id, parentId: catalogGroups.parentId }).from(catalogGroups).where(eq(catalogGroups.ownerId, user.id)), input.groupId)
        : [input.groupId];
      where.push(inArray(catalogItems.groupId, ids));
    }
    if (input.supplierId) {
      where.push(sql`exists (select 1 from ${catalogPrices} where ${catalogPrices.itemId} = ${catalogItems.id} and ${catalogPrices.supplierId} = ${input.supplierId} and ${priceVisible()})`);
    }
    for (const word of input.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`search_norm(${catalogItems.name} || ' ' || ${catalogItems.article}) like search_norm(${like})`);
    }
    const cond = and(...where);
    const [{ total }] = (await ctx.db.select({ total: count() }).from(catalogItems).where(cond)) as [{ total: number }];
    const rows = await ctx.db
      .select()
      .from(catalogItems)
      .where(cond)
      .orderBy(...ORDER[input.sort], asc(catalogItems.id))
      .offset(input.offset)
      .limit(input.limit);
    const names = await groupNames(ctx.db, user.id, rows.map((r) => r.groupId));
    const prices = await pricesOnDate(ctx.db, user.id, rows, date);
    return { items: rows.map((r) => itemOnWire(r, r.groupId ? (names.get(r.groupId) ?? null) : null, prices.get(r.id) ?? null)), total: Number(total), date };
  },
});
