import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { priceOnDate, type PriceChoice } from '@/lib/domain/catalog';
import type { PriceOnDate, PriceRow } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogItems, catalogPrices, catalogSettings, companies } from '../../db/schema';
import { moscowToday } from '@/lib/domain/format/date';
import { groupNames, itemOnWire, priceOnDateWire, priceOnWire } from './model';
import { itemVisible, priceVisible } from './pending';

/** The owner's price setting (defaults when never saved: the preferred supplier, version 0). */
export async function loadSettings(db: Db, ownerId: string): Promise<{ priceChoice: PriceChoice; version: number }> {
  const [s] = await db.select().from(catalogSettings).where(eq(catalogSettings.ownerId, ownerId));
  return s ? { priceChoice: s.priceChoice as PriceChoice, version: s.version } : { priceChoice: 'preferred', version: 0 };
}

/** Every price row of the items (newest `validFrom` first), with the supplier's name. */
export async function priceRowsOf(db: Db, ownerId: string, itemIds: string[]): Promise<Map<string, PriceRow[]>> {
  const out = new Map<string, PriceRow[]>();
  const ids = [...new Set(itemIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    const rows = await db
      .select({ p: catalogPrices, shortName: companies.shortName, fullName: companies.fullName })
      .from(catalogPrices)
      .innerJoin(companies, eq(companies.id, catalogPrices.supplierId))
      .where(and(eq(catalogPrices.ownerId, ownerId), inArray(catalogPrices.itemId, part), priceVisible()))
      .orderBy(desc(catalogPrices.validFrom), desc(catalogPrices.createdAt));
    for (const r of rows) {
      let list = out.get(r.p.itemId);
      if (!list) out.set(r.p.itemId, (list = []));
      list.push(priceOnWire(r.p, r.shortName || r.fullName));
    }
  }
  return out;
}

/** Rows on the wire back to what the rule takes (kopecks). */
const candidate = (p: PriceRow) => ({
  ...p,
  priceKop: Math.round(Number(p.price) * 100),
});

/** The price of each item on `date` by the owner's setting (null: no price valid by then). */
export async function pricesOnDate(
  db: Db,
  ownerId: string,
  items: { id: string; preferredSupplierId: string | null }[],
  date: string,
  rowsByItem?: Map<string, PriceRow[]>,
): Promise<Map<string, PriceOnDate | null>> {
  const { priceChoice } = await loadSettings(db, ownerId);
  const rows = rowsByItem ?? (await priceRowsOf(db, ownerId, items.map((i) => i.id)));
  const out = new Map<string, PriceOnDate | null>();
  for (const it of items) {
    const chosen = priceOnDate((rows.get(it.id) ?? []).map(candidate), date, { choice: priceChoice, preferredSupplierId: it.preferredSupplierId });
    out.set(it.id, chosen ? priceOnDateWire(chosen) : null);
  }
  return out;
}

/** Items (id → its row's preferred supplier) for pricing, of the owner. */
export async function itemsForPricing(db: Db, ownerId: string, ids: string[]) {
  const want = [...new Set(ids)];
  const out: (typeof catalogItems.$inferSelect)[] = [];
  for (let i = 0; i < want.length; i += 1000) {
    out.push(...(await db.select().from(catalogItems).where(and(eq(catalogItems.ownerId, ownerId), inArray(catalogItems.id, want.slice(i, i + 1000)), itemVisible()))));
  }
  return out;
}

/** An item as the wire gives it, with its group's name and today's price. */
export async function itemAnswer(db: Db, ownerId: string, row: typeof catalogItems.$inferSelect, date = moscowToday()) {
  const names = await groupNames(db, ownerId, [row.groupId]);
  const price = (await pricesOnDate(db, ownerId, [row], date)).get(row.id) ?? null;
  return itemOnWire(row, row.groupId ? (names.get(row.groupId) ?? null) : null, price);
}
