import 'server-only';
import { and, eq } from 'drizzle-orm';
import * as z from '@/lib/schemas/zod';
import type { Db } from '../../db/client';
import { businessProcesses } from '../../db/schema';
import { ServiceError } from '../../errors';
import { resolveObject } from '../files/access';
import type { ObjectRow } from '../files/model';
import { specDocument } from './mentioning';
import { catalogIdsOf, fillCatalogChanges, type CatalogRef } from '../catalog/staleness';

/** One specification of a BOM tree as stored: its object row and the ids it refers to. */
export interface SpecNode {
  row: ObjectRow;
  children: string[];
  processSetId?: string;
  /** When its process set was last changed (null: no set or the set is gone). */
  setChangedAt: Date | null;
  setName?: string;
  access: 'owner' | 'edit' | 'read';
  /** Catalogue items and work centres its lines point at, with when their prices or rates last changed. */
  catalog: CatalogRef[];
}

/** The specification and everything nested in it that the caller may read (unreadable ones are left out). */
export async function loadTree(db: Db, userId: string, root: ObjectRow): Promise<Map<string, SpecNode>> {
  const nodes = new Map<string, SpecNode>();
  const add = async (row: ObjectRow, access: SpecNode['access']) => {
    const doc = specDocument(row.metadata);
    const children = [...new Set((Array.isArray(doc.materials) ? doc.materials : []).map((m) => m?.specId).filter((x): x is string => typeof x === 'string' && !!x))];
    const processSetId = typeof doc.processSetId === 'string' && doc.processSetId ? doc.processSetId : undefined;
    let setChangedAt: Date | null = null;
    let setName: string | undefined;
    if (processSetId && z.uuid().safeParse(processSetId).success) {
      const [set] = await db
        .select({ updatedAt: businessProcesses.updatedAt, name: businessProcesses.name })
        .from(businessProcesses)
        .where(and(eq(businessProcesses.id, processSetId), eq(businessProcesses.ownerId, userId)));
      setChangedAt = set?.updatedAt ?? null;
      setName = set?.name;
    }
    nodes.set(row.id, { row, children, processSetId, setChangedAt, setName, access, catalog: catalogIdsOf(doc) });
    return children;
  };
  let queue = await add(root, 'owner');
  while (queue.length) {
    const next: string[] = [];
    for (const id of queue) {
      if (nodes.has(id)) continue;
      try {
        const r = await resolveObject(db, userId, id, 'read');
        if (r.row.type !== 'specifications' || r.row.kind !== 'file') continue;
        next.push(...(await add(r.row, r.access)));
      } catch (e) {
        if (e instanceof ServiceError) continue;
        throw e;
      }
    }
    queue = next;
  }
  await fillCatalogChanges(db, userId, nodes.values());
  return nodes;
}

/** When a node's catalogue references last changed (0: none or never). */
const catalogChangedAt = (n: SpecNode) => Math.max(0, ...n.catalog.map((c) => c.changedAt?.getTime() ?? 0));

/**
 * Why a specification needs recalculation: nested ones changed after it (their own save, their process set or
 * the prices of the catalogue items they use), its process set changed after it, or the prices of catalogue
 * items (rates of work centres) it uses changed after it («цены устарели»).
 */
export function reasonsOf(nodes: Map<string, SpecNode>, id: string) {
  const self = nodes.get(id)!;
  const since = self.row.updatedAt.getTime();
  const nested: { id: string; name: string; updatedAt: string }[] = [];
  const seen = new Set<string>([id]);
  const stack = [...self.children];
  while (stack.length) {
    const c = stack.pop()!;
    if (seen.has(c)) continue;
    seen.add(c);
    const n = nodes.get(c);
    if (!n) continue;
    const changed = Math.max(n.row.updatedAt.getTime(), n.setChangedAt?.getTime() ?? 0, catalogChangedAt(n));
    if (changed > since) nested.push({ id: c, name: n.row.name, updatedAt: new Date(changed).toISOString() });
    stack.push(...n.children);
  }
  const processSet =
    self.processSetId && self.setChangedAt && self.setChangedAt.getTime() > since
      ? { id: self.processSetId, name: self.setName ?? '', updatedAt: self.setChangedAt.toISOString() }
      : null;
  const items = self.catalog
    .filter((c) => c.changedAt && c.changedAt.getTime() > since)
    .map((c) => ({ id: c.id, name: c.name, changedAt: c.changedAt!.toISOString() }));
  return { nested, processSet, items, stale: nested.length > 0 || processSet !== null || items.length > 0 };
}

/** `specs/status`'s answer for a specification row the caller may read. */
export async function specStaleness(db: Db, userId: string, row: ObjectRow) {
  return reasonsOf(await loadTree(db, userId, row), row.id);
}
