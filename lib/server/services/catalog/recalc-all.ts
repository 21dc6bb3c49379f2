import 'server-only';
import { recalcAllInput } from '@/lib/schemas/catalog';
import { catalogRecalcRuns } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { runningRun, runRecalcAll } from './recalc-run';

/**
 * `catalog/recalc-all {}` → `{runId}`: «Пересчитать все» — starts recalculating every out-of-date specification
 * of the owner bottom-up in the background (progress and report by `catalog/recalc-status`); a run already in
 * progress is answered instead of a second one.
 */
export const recalcAll = defineCall({
  input: recalcAllInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const running = await runningRun(ctx, user.id);
    if (running) return { msg: 'Пересчёт уже идёт.', runId: running.id };
    const [run] = await ctx.db.insert(catalogRecalcRuns).values({ ownerId: user.id }).returning({ id: catalogRecalcRuns.id });
    void runRecalcAll(ctx, user.id, run!.id);
    return { msg: 'Пересчёт начат.', runId: run!.id };
  },
});
