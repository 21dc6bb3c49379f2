import 'server-only';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { SpecDocument } from '@/lib/domain/cost';
import { lineVatOf } from '@/lib/domain/catalog';
import type { CentreRates } from '@/lib/domain/catalog/work-centre-rate';
import type { PriceOnDate } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogItems } from '../../db/schema';
import type { ItemRow } from './model';
import { itemVisible } from './pending';
import { itemsForPricing, pricesOnDate } from './prices';
import { centreIdsOf, centreRatesFor, rateDocument } from './work-centre-rates';

/** What the catalogue says about one material line on the date. */
export interface LinePricing {
  lineId: string;
  itemId: string;
  name: string;
  unit: string;
  qty: string;
  /** The line's own price as saved (roubles), if any. */
  savedPrice: string | null;
  price: PriceOnDate | null;
  /** The item is gone or has no price valid on the date: the saved price stays. */
  missing: boolean;
}

/** Catalogue rows the documents point at, read once for many documents. */
export interface CatalogLookup {
  items: Map<string, ItemRow>;
  prices: Map<string, PriceOnDate | null>;
  centres: Map<string, CentreRates>;
}

const itemIdsOf = (docs: Iterable<SpecDocument>) => {
  const items = new Set<string>();
  for (const d of docs) for (const m of d.materials ?? []) if (m.itemId) items.add(m.itemId);
  return [...items];
};
const uuidLike = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * The caller's own items for ids of another user's catalogue (a shared specification points at its owner's): the
 * caller's item with the same article (case aside), else with the same normalised name (work centres: the caller's
 * of the same name, `centreRatesFor`). Archived rows are not taken. Nothing of the other catalogue but names and
 * articles is read.
 */
async function callersOwn(db: Db, callerId: string, itemIds: string[]) {
  const items = new Map<string, ItemRow>();
  if (itemIds.length) {
    const foreign = await db
      .select({ id: catalogItems.id, article: catalogItems.article, nameNorm: catalogItems.nameNorm })
      .from(catalogItems)
      .where(and(ne(catalogItems.ownerId, callerId), inArray(catalogItems.id, itemIds), itemVisible()));
    const articles = [...new Set(foreign.map((f) => f.article.trim().toLowerCase()).filter(Boolean))];
    const names = [...new Set(foreign.map((f) => f.nameNorm))];
    const own = foreign.length
      ? await db
          .select()
          .from(catalogItems)
          .where(
            and(
              eq(catalogItems.ownerId, callerId),
              eq(catalogItems.archived, false),
              itemVisible(),
              or(inArray(catalogItems.nameNorm, names), articles.length ? inArray(sql`lower(${catalogItems.article})`, articles) : undefined),
            ),
          )
          .orderBy(asc(catalogItems.createdAt))
      : [];
    const byArticle = new Map<string, ItemRow>();
    const byName = new Map<string, ItemRow>();
    for (const r of own) {
      const a = r.article.trim().toLowerCase();
      if (a && !byArticle.has(a)) byArticle.set(a, r);
      if (!byName.has(r.nameNorm)) byName.set(r.nameNorm, r);
    }
    for (const f of foreign) {
      const mine = (f.article.trim() && byArticle.get(f.article.trim().toLowerCase())) || byName.get(f.nameNorm);
      if (mine) items.set(f.id, mine);
    }
  }
  return items;
}

/**
 * Reads the items (with their prices on `date`) and work centres the documents point at, from the caller's
 * catalogue: a line pointing at another user's row (a shared specification) takes the caller's matching row
 * (`callersOwn`), or keeps its saved price — the owner's prices are never used for someone else.
 */
export async function lookupCatalog(db: Db, ownerId: string, docs: Iterable<SpecDocument>, date: string): Promise<CatalogLookup> {
  const list = [...docs];
  const itemIds = itemIdsOf(list).filter(uuidLike);
  const rows = await itemsForPricing(db, ownerId, itemIds);
  const items = new Map(rows.map((r) => [r.id, r]));
  for (const [id, r] of await callersOwn(db, ownerId, itemIds.filter((id) => !items.has(id)))) items.set(id, r);
  const prices = await pricesOnDate(db, ownerId, [...new Map([...items.values()].map((r) => [r.id, r])).values()], date);
  return { items, prices, centres: await centreRatesFor(db, ownerId, centreIdsOf(list)) };
}

/**
 * The document with its catalogue lines brought up to date: a material line with `itemId` takes the item's name
 * and unit and its price on the date (as entered, with its VAT basis and rate); an operation with `workCentreId` takes the
 * centre's rates. A line whose item is gone or has no price then keeps its saved price.
 */
export function priceDocument(doc: SpecDocument, lookup: CatalogLookup): { doc: SpecDocument; lines: LinePricing[] } {
  const lines: LinePricing[] = [];
  const materials = doc.materials.map((m) => {
    if (!m.itemId) return m;
    const item = lookup.items.get(m.itemId);
    const price = item ? (lookup.prices.get(item.id) ?? null) : null;
    lines.push({ lineId: m.id, itemId: m.itemId, name: item?.name ?? m.name, unit: item?.unit ?? m.unit, qty: m.qty, savedPrice: m.price ?? null, price, missing: !price });
    if (!item) return m;
    const next = { ...m, name: item.name, unit: item.unit };
    if (price) Object.assign(next, { price: price.price, ...lineVatOf(price) });
    return next;
  });
  return { doc: rateDocument({ ...doc, materials }, lookup.centres), lines };
}

/** Every document of a calculation priced on `date` (one read of the catalogue). */
export async function priceDocuments(db: Db, ownerId: string, root: SpecDocument, nested: Map<string, SpecDocument>, date: string) {
  const lookup = await lookupCatalog(db, ownerId, [root, ...nested.values()], date);
  const out = new Map<string, SpecDocument>();
  for (const [k, d] of nested) out.set(k, priceDocument(d, lookup).doc);
  const top = priceDocument(root, lookup);
  return { root: top.doc, lines: top.lines, nested: out };
}
