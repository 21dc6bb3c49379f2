import 'server-only';
import { nestedIdsOf } from '@/lib/domain/cost/nesting';
import type { Db } from '../../db/client';
import { ServiceError } from '../../errors';
import { resolveObject } from '../files/access';

/** What a cycle check needs of a document: its name and the specifications its lines take as semi-finished goods. */
export interface SpecRefs {
  name: string;
  materials: readonly { name?: string; specId?: string }[];
}

interface Node {
  name: string;
  children: string[];
}

/**
 * Refuses to write `doc` as specification `specId` when it would then contain itself: some line's
 * semi-finished specification (or one below it, at any depth) takes `specId` again. The stored documents
 * are walked with the caller's read access; a missing or inaccessible one is no cycle (the calculation
 * reports it). A loop among stored documents that does not pass through `specId` is left for the calculation.
 * 422 `SPEC_CYCLE` with the path of names («Стол» → «Подстолье» → «Стол»), `path` (ids) and the line's field.
 * `field` makes the field key of line `i` (`doc.materials.0.specId` for specs/save).
 */
export async function assertNoSpecCycle(db: Db, userId: string, specId: string, doc: SpecRefs, field = (i: number) => `doc.materials.${i}.specId`) {
  const nodes = new Map<string, Node | null>();
  const load = async (id: string): Promise<Node | null> => {
    if (nodes.has(id)) return nodes.get(id)!;
    let node: Node | null = null;
    try {
      const { row } = await resolveObject(db, userId, id, 'read');
      if (row.type === 'specifications' && row.kind === 'file') node = { name: row.name, children: nestedIdsOf(row.metadata) };
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
    }
    nodes.set(id, node);
    return node;
  };
  // Specifications fully walked without reaching `specId` (a diamond is walked once).
  const clear = new Set<string>();
  const walk = async (id: string, path: string[]): Promise<string[] | null> => {
    if (id === specId) return [...path, id];
    if (clear.has(id) || path.includes(id)) return null;
    const node = await load(id);
    if (node) {
      for (const child of node.children) {
        const found = await walk(child, [...path, id]);
        if (found) return found;
      }
    }
    clear.add(id);
    return null;
  };
  for (const [i, line] of doc.materials.entries()) {
    if (!line.specId) continue;
    const path = await walk(line.specId, [specId]);
    if (!path) continue;
    const names = path.map((id) => (id === specId ? doc.name : (nodes.get(id)?.name ?? id)));
    const chain = names.map((n) => `«${n}»`).join(' → ');
    const lineName = line.name?.trim() || names[1]!;
    throw new ServiceError(
      'SPEC_CYCLE',
      `Спецификация не может входить сама в себя: ${chain}. Уберите строку «${lineName}» или выберите другой полуфабрикат.`,
      { fields: { [field(i)]: `По кругу: ${chain}.` }, extra: { path, names } },
    );
  }
}
