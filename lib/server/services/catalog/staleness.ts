import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogItems, workCentres } from '../../db/schema';
import { itemVisible } from './pending';

/** A catalogue row a specification points at: an item (its prices) or a work centre (its rates). */
export interface CatalogRef {
  id: string;
  kind: 'item' | 'workCentre';
  name: string;
  /** When its prices (rates) last changed; null: never, or the row is gone. */
  changedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The catalogue ids a stored document points at (not yet resolved). */
export function catalogIdsOf(doc: { materials?: unknown; operations?: unknown }): CatalogRef[] {
  const out = new Map<string, CatalogRef>();
  for (const m of Array.isArray(doc.materials) ? (doc.materials as { itemId?: unknown }[]) : []) {
    if (typeof m?.itemId === 'string' && UUID.test(m.itemId)) out.set(m.itemId, { id: m.itemId, kind: 'item', name: '', changedAt: null });
  }
  for (const o of Array.isArray(doc.operations) ? (doc.operations as { workCentreId?: unknown }[]) : []) {
    if (typeof o?.workCentreId === 'string' && UUID.test(o.workCentreId)) out.set(o.workCentreId, { id: o.workCentreId, kind: 'workCentre', name: '', changedAt: null });
  }
  return [...out.values()];
}

/** Fills names and change times of the nodes' catalogue references in two queries. */
export async function fillCatalogChanges(db: Db, ownerId: string, nodes: Iterable<{ catalog: CatalogRef[] }>) {
  const list = [...nodes];
  const items = [...new Set(list.flatMap((n) => n.catalog.filter((c) => c.kind === 'item').map((c) => c.id)))];
  const centres = [...new Set(list.flatMap((n) => n.catalog.filter((c) => c.kind === 'workCentre').map((c) => c.id)))];
  const known = new Map<string, { name: string; changedAt: Date | null }>();
  for (let i = 0; i < items.length; i += 1000) {
    const rows = await db
      .select({ id: catalogItems.id, name: catalogItems.name, changedAt: catalogItems.pricesChangedAt })
      .from(catalogItems)
      .where(and(eq(catalogItems.ownerId, ownerId), inArray(catalogItems.id, items.slice(i, i + 1000)), itemVisible()));
    for (const r of rows) known.set(r.id, r);
  }
  if (centres.length) {
    const rows = await db
      .select({ id: workCentres.id, name: workCentres.name, changedAt: workCentres.ratesChangedAt })
      .from(workCentres)
      .where(and(eq(workCentres.ownerId, ownerId), inArray(workCentres.id, centres)));
    for (const r of rows) known.set(r.id, r);
  }
  for (const n of list) {
    n.catalog = n.catalog.filter((c) => known.has(c.id)).map((c) => ({ ...c, ...known.get(c.id)! }));
  }
}
