import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecalcReportLine } from '@/lib/schemas/catalog';
import type { AppContext } from '../../context';
import { catalogRecalcRuns } from '../../db/schema';
import { log } from '../../log';
import { loadOwnerGraph } from './graph';
import { recalcStale } from './recalc';

export type RecalcRunRow = typeof catalogRecalcRuns.$inferSelect;

/** A run still «running» after this long is taken as lost (its process stopped). */
const LOST_AFTER_MS = 30 * 60_000;

export const runOnWire = (r: RecalcRunRow) => ({
  runId: r.id,
  state: r.state as 'running' | 'done' | 'failed',
  done: r.done,
  total: r.total,
  report: r.report,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The owner's run in progress, if any (one at a time). */
export async function runningRun(ctx: AppContext, ownerId: string): Promise<RecalcRunRow | undefined> {
  const [r] = await ctx.db
    .select()
    .from(catalogRecalcRuns)
    .where(and(eq(catalogRecalcRuns.ownerId, ownerId), eq(catalogRecalcRuns.state, 'running')))
    .orderBy(desc(catalogRecalcRuns.startedAt))
    .limit(1);
  return r && Date.now() - r.startedAt.getTime() < LOST_AFTER_MS ? r : undefined;
}

/** Runs «Пересчитать все» for the owner in the background of the request, writing progress into the run's row. */
export async function runRecalcAll(ctx: AppContext, ownerId: string, runId: string): Promise<void> {
  const save = (set: Partial<typeof catalogRecalcRuns.$inferInsert>) => ctx.db.update(catalogRecalcRuns).set(set).where(eq(catalogRecalcRuns.id, runId));
  const report: RecalcReportLine[] = [];
  try {
    const nodes = await loadOwnerGraph(ctx.db, ownerId);
    let last = 0;
    await recalcStale(ctx, ownerId, nodes, nodes.keys(), {
      onProgress: async (done, total, line) => {
        report.push(line);
        if (done === total || Date.now() - last > 300) {
          last = Date.now();
          await save({ done, total, report });
        }
      },
    });
    await save({ state: 'done', done: report.length, total: report.length, report, finishedAt: sql`now()` as unknown as Date });
  } catch (e) {
    log.error(`catalog recalc-all ${runId} failed`, e);
    await save({ state: 'failed', report, error: 'Пересчёт прерван из-за ошибки на сервере. Запустите его снова.', finishedAt: sql`now()` as unknown as Date }).catch(() => {});
  }
}
