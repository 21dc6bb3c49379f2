import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { calculatorById } from '@/lib/domain/calculators';
import { recentRunsInput } from '@/lib/schemas/calculators';
import { calculatorRuns } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { flushRecentRuns } from './remember-run';

/** `calculators/recent` `{calcId?, limit?}` → `runs: [{id, calcId, title, input, createdAt}]`, newest first. */
export const listRecentRuns = defineCall({
  input: recentRunsInput,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
    await flushRecentRuns();
    const rows = await ctx.db
      .select()
      .from(calculatorRuns)
      .where(input.calcId ? and(eq(calculatorRuns.userId, user.id), eq(calculatorRuns.calcId, input.calcId)) : eq(calculatorRuns.userId, user.id))
      .orderBy(desc(calculatorRuns.id))
      .limit(input.limit);
    return {
      runs: rows.map((r) => ({
        id: r.id,
        calcId: r.calcId,
        title: calculatorById(r.calcId)?.title ?? r.calcId,
        input: r.input,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  },
});
