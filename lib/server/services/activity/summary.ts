import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { activitySummary, type ActivityEvent, isActivityKind } from '@/lib/domain/activity';
import { activitySummaryInput } from '@/lib/schemas/activity';
import type { Db } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { flushRecentRuns } from '../calculators/remember-run';
import { flushActivity } from './record';

/**
 * A user's events, grouped by kind, subject and UTC hour (a Moscow day is made of whole UTC hours, so days
 * counted from the groups are exact), with the group's first moment and size.
 */
async function readEvents(db: Db, userId: string): Promise<ActivityEvent[]> {
  const hour = sql`date_trunc('hour', ${activityEvents.at} at time zone 'UTC')`;
  const rows = await db
    .select({ kind: activityEvents.kind, subjectId: activityEvents.subjectId, at: sql<Date | string>`min(${activityEvents.at})`, count: sql<number>`count(*)::int` })
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .groupBy(activityEvents.kind, activityEvents.subjectId, hour);
  return rows.flatMap((r) => (isActivityKind(r.kind) ? [{ kind: r.kind, subjectId: r.subjectId, at: new Date(r.at), count: Number(r.count) }] : []));
}

/**
 * `activity/summary {}` → `{today, weeks, streak, achievements, totals}`: the caller's work by week (the last
 * 12, Monday-first, Moscow days), the streak of active days and the achievements (docs/api.md).
 */
export const activitySummaryCall = defineCall({
  input: activitySummaryInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    // The caller's own events of a moment ago are in this process's queues: write them first (a calculator
    // run's event is made when the run itself is written).
    await flushRecentRuns();
    await flushActivity();
    return { msg: 'Готово', ...activitySummary(await readEvents(ctx.db, user.id), new Date()) };
  },
});
