import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { SpecDocument } from '@/lib/domain/cost';
import { kopToRub } from '@/lib/domain/catalog';
import type { PriceOnDate } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { workCentres } from '../../db/schema';
import type { ItemRow } from './model';
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

/** Reads the items (with their prices on `date`) and work centres the documents point at. */
export async function lookupCatalog(db: Db, ownerId: string, docs: Iterable<SpecDocument>, date: string): Promise<CatalogLookup> {
  const ids = idsOf(docs);
  const rows = await itemsForPricing(db, ownerId, ids.items.filter(uuidLike));
  const prices = await pricesOnDate(db, ownerId, rows, date);
  const centreIds = ids.centres.filter(uuidLike);
  const centres = centreIds.length
    ? await db.select().from(workCentres).where(and(eq(workCentres.ownerId, ownerId), inArray(workCentres.id, centreIds)))
    : [];
  return {
    items: new Map(rows.map((r) => [r.id, r])),
    prices,
    centres: new Map(centres.map((c) => [c.id, { hourlyRate: kopToRub(c.hourlyRateKop), machineHourRate: kopToRub(c.machineHourRateKop) }])),
  };
}

/**
 * The document with its catalogue lines brought up to date: a material line with `itemId` takes the item's name
 * and unit and its price on the date (as entered, with the VAT flag); an operation with `workCentreId` takes the
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
    if (price) Object.assign(next, { price: price.price, priceIncludesVat: price.vatIncluded });
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
