import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from '@/lib/schemas/envelope';
import { costParamsSchema } from '@/lib/schemas/specification';
import type { Db } from '../../db/client';
import { fileObjects, businessProcesses } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from '../files/access';
import type { ObjectRow } from '../files/model';
import { runCalculation } from './calculate-cost';
import { specObject, writeVersion } from './spec-versions';

/** One specification of a BOM tree as stored: its object row and the ids it refers to. */
interface Node {
  row: ObjectRow;
  children: string[];
  processSetId?: string;
  /** When its process set was last changed (null: no set or the set is gone). */
  setChangedAt: Date | null;
  setName?: string;
  access: 'owner' | 'edit' | 'read';
}

const docOf = (row: ObjectRow): { materials?: { specId?: unknown }[]; processSetId?: unknown } => {
  try {
    return JSON.parse(row.metadata) ?? {};
  } catch {
    return {};
  }
};

/** The specification and everything nested in it that the caller may read (unreadable ones are left out). */
async function loadTree(db: Db, userId: string, root: ObjectRow): Promise<Map<string, Node>> {
  const nodes = new Map<string, Node>();
  const add = async (row: ObjectRow, access: Node['access']) => {
    const doc = docOf(row);
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
    nodes.set(row.id, { row, children, processSetId, setChangedAt, setName, access });
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
  return nodes;
}

/** Why a specification needs recalculation: nested ones changed after it, its process set changed after it. */
function reasonsOf(nodes: Map<string, Node>, id: string) {
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
    const changed = Math.max(n.row.updatedAt.getTime(), n.setChangedAt?.getTime() ?? 0);
    if (changed > since) nested.push({ id: c, name: n.row.name, updatedAt: new Date(changed).toISOString() });
    stack.push(...n.children);
  }
  const processSet =
    self.processSetId && self.setChangedAt && self.setChangedAt.getTime() > since
      ? { id: self.processSetId, name: self.setName ?? '', updatedAt: self.setChangedAt.toISOString() }
      : null;
  return { nested, processSet, stale: nested.length > 0 || processSet !== null };
}

/** {@link specStatusCall}'s answer for a specification row the caller may read. */
export async function specStaleness(db: Db, userId: string, row: ObjectRow) {
  return reasonsOf(await loadTree(db, userId, row), row.id);
}

const input = z.object({ id: z.string({ error: 'Укажите спецификацию.' }).trim().min(1, { error: 'Укажите спецификацию.' }).max(100) });

/**
 * `specs/status {id}` → `{stale, nested: [{id, name, updatedAt}], processSet: {id, name, updatedAt} | null}`:
 * «цены устарели» — a nested specification (at any depth) changed after this one was last calculated
 * (saved); «требует пересчёта» — its business-process set changed after that.
 */
export const specStatusCall = defineCall({
  input,
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, id, 'read');
    const nodes = await loadTree(ctx.db, user.id, row);
    return reasonsOf(nodes, row.id);
  },
});

/**
 * `specs/recalculate {id}` → `{recalculated: [{id, name, version}]}`: bottom-up, every specification of the
 * tree that is out of date (its nested ones or its set changed after it) is calculated again — an error
 * stops with the name of that specification — and saved as a new version; the top one last.
 */
export const recalculateSpecCall = defineCall({
  input,
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const root = await specObject(ctx.db, user.id, id, 'edit');
    const nodes = await loadTree(ctx.db, user.id, root);
    // Post-order: children before parents; a cycle is cut here (the calculation reports it).
    const order: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (n: string) => {
      if (state.has(n) || !nodes.has(n)) return;
      state.set(n, 'open');
      for (const c of nodes.get(n)!.children) visit(c);
      state.set(n, 'done');
      order.push(n);
    };
    visit(root.id);
    const recalculated: { id: string; name: string; version: number }[] = [];
    const params = costParamsSchema.parse({});
    for (const n of order) {
      const node = nodes.get(n)!;
      if (!reasonsOf(nodes, n).stale) continue;
      if (node.access === 'read') continue; // not ours to save; its parents are still recalculated
      await runCalculation(ctx, user.id, { spec: { specId: n }, params });
      const fresh = await specObject(ctx.db, user.id, n, 'edit');
      const saved = await writeVersion(ctx.db, fresh, user.id, { name: fresh.name, metadata: fresh.metadata });
      node.row = saved;
      recalculated.push({ id: n, name: saved.name, version: saved.version });
    }
    return { msg: recalculated.length ? 'Спецификации пересчитаны' : 'Пересчёт не нужен', recalculated };
  },
});

/**
 * `processes/linked {id}` → `{specs: [{id, name, stale}]}`: the caller's specifications that take their
 * operations from this set; `stale` — the set changed after the specification was last calculated (saved).
 */
export const linkedSpecsCall = defineCall({
  input: z.object({ id: z.uuid({ error: 'Неверный идентификатор набора процессов.' }) }),
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const [set] = await ctx.db
      .select({ updatedAt: businessProcesses.updatedAt })
      .from(businessProcesses)
      .where(and(eq(businessProcesses.id, id), eq(businessProcesses.ownerId, user.id)));
    if (!set) throw new ServiceError('NOT_FOUND', 'Набор процессов не найден.');
    const candidates = await ctx.db
      .select({ id: fileObjects.id, name: fileObjects.name, metadata: fileObjects.metadata, updatedAt: fileObjects.updatedAt })
      .from(fileObjects)
      .where(
        and(
          eq(fileObjects.ownerId, user.id),
          eq(fileObjects.type, 'specifications'),
          eq(fileObjects.kind, 'file'),
          isNull(fileObjects.trashId),
          sql`strpos(${fileObjects.metadata}, ${id}) > 0`,
        ),
      )
      .orderBy(asc(fileObjects.searchName));
    const specs = candidates
      .filter((c) => docOf(c as ObjectRow).processSetId === id)
      .map((c) => ({ id: c.id, name: c.name, stale: set.updatedAt.getTime() > c.updatedAt.getTime() }));
    return { specs };
  },
});
