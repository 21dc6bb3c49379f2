import 'server-only';
import { specIdInput } from '@/lib/schemas/specification-calls';
import { costParamsSchema } from '@/lib/schemas/specification';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { runCalculation } from '../cost/calculate-cost';
import { specObject } from './access';
import { loadTree, reasonsOf } from './staleness';
import { writeVersion } from './write-version';

/**
 * `specs/recalculate {id}` → `{recalculated: [{id, name, version}]}`: bottom-up, every specification of the
 * tree that is out of date (its nested ones or its business process changed after it) is calculated again —
 * an error stops with the name of that specification — and saved as a new version; the top one last.
 */
export const recalculateSpecification = defineCall({
  input: specIdInput,
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
