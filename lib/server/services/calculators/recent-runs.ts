import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import { calculatorById } from '@/lib/domain/calculators';
import { RECENT_RUNS_KEEP as KEEP, recentRunsInput } from '@/lib/schemas/calculators';
import type { Db } from '../../db/client';
import { calculatorRuns } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';

/** Remembers a run (the raw input as sent, so the form can be filled again); keeps the latest KEEP. */
export async function saveRecentRun(db: Db, userId: string, calcId: string, input: unknown): Promise<void> {
  await db.insert(calculatorRuns).values({ userId, calcId, input });
  const [edge] = await db
    .select({ id: calculatorRuns.id })
    .from(calculatorRuns)
    .where(eq(calculatorRuns.userId, userId))
    .orderBy(desc(calculatorRuns.id))
    .offset(KEEP)
    .limit(1);
  if (edge) await db.delete(calculatorRuns).where(and(eq(calculatorRuns.userId, userId), lt(calculatorRuns.id, edge.id + 1)));
}

/** `calculators/recent` `{calcId?, limit?}` → `runs: [{id, calcId, title, input, createdAt}]`, newest first. */
export const listRecentRuns = defineCall({
  input: recentRunsInput,
  handle: async ({ input, req, ctx }) => {
    const user = await requireUser(ctx, req);
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
