/**
 * The specifications that contain `specId` as a semi-finished good, at any depth, and `specId` itself:
 * taking any of them into `specId` would make it contain itself. `children` gives each specification's
 * semi-finished goods (the `specId` of its lines).
 */
export function containing(specId: string, children: ReadonlyMap<string, readonly string[]>): Set<string> {
  const parents = new Map<string, string[]>();
  for (const [parent, kids] of children) {
    for (const kid of kids) {
      const list = parents.get(kid);
      if (list) list.push(parent);
      else parents.set(kid, [parent]);
    }
  }
  const found = new Set<string>([specId]);
  const queue = [specId];
  while (queue.length) {
    for (const p of parents.get(queue.pop()!) ?? []) {
      if (found.has(p)) continue;
      found.add(p);
      queue.push(p);
    }
  }
  return found;
}

/** The semi-finished goods a stored document (JSON text) takes: the `specId` of its lines, without repeats. */
export function nestedIdsOf(metadata: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(metadata);
  } catch {
    return [];
  }
  const materials = (doc as { materials?: unknown } | null)?.materials;
  if (!Array.isArray(materials)) return [];
  const ids = materials.map((m) => (m && typeof m === 'object' ? (m as { specId?: unknown }).specId : undefined));
  return [...new Set(ids.filter((x): x is string => typeof x === 'string' && x.length > 0))];
}
