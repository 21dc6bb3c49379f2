import 'server-only';
import { and, eq } from 'drizzle-orm';
import { recalcStatusInput } from '@/lib/schemas/catalog';
import { catalogRecalcRuns } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { runOnWire } from './recalc-run';

/** `catalog/recalc-status {runId}` → `{runId, state, done, total, report, error, startedAt, finishedAt}`. */
export const recalcStatus = defineCall({
  input: recalcStatusInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const [run] = await ctx.db.select().from(catalogRecalcRuns).where(and(eq(catalogRecalcRuns.id, input.runId), eq(catalogRecalcRuns.ownerId, user.id)));
    if (!run) throw new ServiceError('NOT_FOUND', 'Пересчёт не найден.');
    return runOnWire(run);
  },
});
