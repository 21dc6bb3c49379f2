import 'server-only';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessProcesses, fileObjects } from '../../db/schema';
import type { ObjectRow } from '../files/model';
import { specDocument } from '../specifications/mentioning';
import type { SpecNode } from '../specifications/staleness';
import { catalogIdsOf, fillCatalogChanges } from './staleness';

/**
 * Every specification of the owner (not in the trash) as nodes of one graph, read in three queries: their rows,
 * their process sets' change times, their catalogue references' change times. `reasonsOf` judges any of them.
 */
export async function loadOwnerGraph(db: Db, ownerId: string): Promise<Map<string, SpecNode>> {
  const { searchTsv: _skip, ...cols } = getTableColumns(fileObjects);
  void _skip;
  const rows: ObjectRow[] = await db
    .select(cols)
    .from(fileObjects)
    .where(and(eq(fileObjects.ownerId, ownerId), eq(fileObjects.type, 'specifications'), eq(fileObjects.kind, 'file'), isNull(fileObjects.trashId)));
  const sets = await db
    .select({ id: businessProcesses.id, name: businessProcesses.name, updatedAt: businessProcesses.updatedAt })
    .from(businessProcesses)
    .where(eq(businessProcesses.ownerId, ownerId));
  const setById = new Map(sets.map((s) => [s.id, s]));
  const nodes = new Map<string, SpecNode>();
  for (const row of rows) {
    const doc = specDocument(row.metadata) as { materials?: { specId?: unknown }[]; processSetId?: unknown; operations?: unknown };
    const materials = Array.isArray(doc.materials) ? doc.materials : [];
    const children = [...new Set(materials.map((m) => m?.specId).filter((x): x is string => typeof x === 'string' && !!x))];
    const processSetId = typeof doc.processSetId === 'string' && doc.processSetId ? doc.processSetId : undefined;
    const set = processSetId ? setById.get(processSetId) : undefined;
    nodes.set(row.id, {
      row,
      children,
      processSetId,
      setChangedAt: set?.updatedAt ?? null,
      setName: set?.name,
      access: 'owner',
      catalog: catalogIdsOf(doc),
    });
  }
  await fillCatalogChanges(db, ownerId, nodes.values());
  return nodes;
}

/** The ids in post-order (nested specifications before those taking them); cycles are cut. */
export function bottomUp(nodes: Map<string, SpecNode>, ids: Iterable<string>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !nodes.has(id)) return;
    seen.add(id);
    for (const c of nodes.get(id)!.children) visit(c);
    order.push(id);
  };
  for (const id of ids) visit(id);
  return order;
}
