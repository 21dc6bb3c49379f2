import 'server-only';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { SpecDocument } from '@/lib/domain/cost';
import { kopToRub, lineVatOf } from '@/lib/domain/catalog';
import type { PriceOnDate } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogItems, workCentres } from '../../db/schema';
import type { ItemRow } from './model';
import { itemVisible } from './pending';
import type { WorkCentreRow } from './work-centres';
import { itemsForPricing, pricesOnDate } from './prices';

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
  centres: Map<string, { hourlyRate: string; machineHourRate: string }>;
}

const idsOf = (docs: Iterable<SpecDocument>) => {
  const items = new Set<string>();
  const centres = new Set<string>();
  for (const d of docs) {
    for (const m of d.materials ?? []) if (m.itemId) items.add(m.itemId);
    for (const o of d.operations ?? []) if (o.workCentreId) centres.add(o.workCentreId);
  }
  return { items: [...items], centres: [...centres] };
};
const uuidLike = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * The caller's own rows for ids of another user's catalogue (a shared specification points at its owner's): the
 * caller's item with the same article (case aside), else with the same normalised name; the caller's work centre
 * of the same name. Archived rows are not taken. Nothing of the other catalogue but names and articles is read.
 */
async function callersOwn(db: Db, callerId: string, itemIds: string[], centreIds: string[]) {
  const items = new Map<string, ItemRow>();
  const centres = new Map<string, WorkCentreRow>();
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
  if (centreIds.length) {
    const foreign = await db.select({ id: workCentres.id, name: workCentres.name }).from(workCentres).where(and(ne(workCentres.ownerId, callerId), inArray(workCentres.id, centreIds)));
    const own = foreign.length
      ? await db.select().from(workCentres).where(and(eq(workCentres.ownerId, callerId), eq(workCentres.archived, false), inArray(workCentres.name, foreign.map((f) => f.name))))
      : [];
    for (const f of foreign) {
      const mine = own.find((c) => c.name === f.name);
      if (mine) centres.set(f.id, mine);
    }
  }
  return { items, centres };
}

/**
 * Reads the items (with their prices on `date`) and work centres the documents point at, from the caller's
 * catalogue: a line pointing at another user's row (a shared specification) takes the caller's matching row
 * (`callersOwn`), or keeps its saved price — the owner's prices are never used for someone else.
 */
export async function lookupCatalog(db: Db, ownerId: string, docs: Iterable<SpecDocument>, date: string): Promise<CatalogLookup> {
  const ids = idsOf(docs);
  const itemIds = ids.items.filter(uuidLike);
  const centreIds = ids.centres.filter(uuidLike);
  const rows = await itemsForPricing(db, ownerId, itemIds);
  const centres = centreIds.length ? await db.select().from(workCentres).where(and(eq(workCentres.ownerId, ownerId), inArray(workCentres.id, centreIds))) : [];
  const items = new Map(rows.map((r) => [r.id, r]));
  const byId = new Map(centres.map((c) => [c.id, c]));
  const other = await callersOwn(db, ownerId, itemIds.filter((id) => !items.has(id)), centreIds.filter((id) => !byId.has(id)));
  for (const [id, r] of other.items) items.set(id, r);
  for (const [id, c] of other.centres) byId.set(id, c);
  const prices = await pricesOnDate(db, ownerId, [...new Map([...items.values()].map((r) => [r.id, r])).values()], date);
  return {
    items,
    prices,
    centres: new Map([...byId].map(([id, c]) => [id, { hourlyRate: kopToRub(c.hourlyRateKop), machineHourRate: kopToRub(c.machineHourRateKop) }])),
  };
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
  const operations = (doc.operations ?? []).map((o) => {
    const c = o.workCentreId ? lookup.centres.get(o.workCentreId) : undefined;
    if (!c) return o;
    return { ...o, rate: c.hourlyRate, ...(c.machineHourRate !== '0.00' || o.machineRate !== undefined ? { machineRate: c.machineHourRate } : {}) };
  });
  return { doc: { ...doc, materials, operations }, lines };
}

/** Every document of a calculation priced on `date` (one read of the catalogue). */
export async function priceDocuments(db: Db, ownerId: string, root: SpecDocument, nested: Map<string, SpecDocument>, date: string) {
  const lookup = await lookupCatalog(db, ownerId, [root, ...nested.values()], date);
  const out = new Map<string, SpecDocument>();
  for (const [k, d] of nested) out.set(k, priceDocument(d, lookup).doc);
  const top = priceDocument(root, lookup);
  return { root: top.doc, lines: top.lines, nested: out };
}
