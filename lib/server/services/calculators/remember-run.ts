import 'server-only';
import { sql } from 'drizzle-orm';
import { RECENT_RUNS_KEEP as KEEP } from '@/lib/schemas/calculators';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { onShutdown } from '../../shutdown';
import { flushActivity, recordActivity } from '../activity/record';
import { userOfToken } from '../auth/require-user';

/**
 * A signed-in user's calculator runs go to their recent runs (and the activity log) after the answer, not on
 * its path: `rememberRun` only queues the run with the caller's token and returns. Shortly after, the queue is
 * written in batches — each token's user checked once (a stale or revoked token's run is skipped, as it would
 * have been before the answer), one insert per database of each user's latest KEEP runs of the batch (older ones
 * would be trimmed at once), then each user's list trimmed to the latest KEEP.
 * `calculators/recent` writes the queue before it reads, and so does the shutdown; a failed write is logged.
 */

interface Pending {
  ctx: AppContext;
  token: string;
  calcId: string;
  input: unknown;
}

interface Queue {
  pending: Pending[];
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
}

const KEY = Symbol.for('kalkulus.recentRunsQueue');
const holder = globalThis as { [KEY]?: Queue };
const queue: Queue = (holder[KEY] ??= { pending: [], timer: null, flushing: null });

const FLUSH_AFTER_MS = 100;
const MAX_PENDING = 10_000;

/** Queues a run of `calcId` by the holder of `token`. Returns at once; never throws. */
export function rememberRun(ctx: AppContext, token: string, calcId: string, input: unknown): void {
  if (queue.pending.length >= MAX_PENDING) {
    log.warn(`recent runs queue full (${MAX_PENDING}): a run of ${calcId} not remembered`);
    return;
  }
  queue.pending.push({ ctx, token, calcId, input });
  if (!queue.timer) {
    queue.timer = setTimeout(() => void flushRecentRuns(), FLUSH_AFTER_MS);
    queue.timer.unref?.();
  }
}

/** Writes every queued run (resolves when written or their failure is logged; never rejects). */
export async function flushRecentRuns(): Promise<void> {
  if (queue.timer) {
    clearTimeout(queue.timer);
    queue.timer = null;
  }
  while (queue.flushing) await queue.flushing;
  if (queue.pending.length === 0) return;
  const batch = queue.pending.splice(0);
  queue.flushing = writeBatch(batch).finally(() => {
    queue.flushing = null;
  });
  await queue.flushing;
}

/** The user of each distinct token of the batch (null: stale or revoked — that run is skipped). */
async function usersOf(batch: Pending[]): Promise<(string | null)[]> {
  const byToken = new Map<string, Promise<string | null>>();
  const userOf = (p: Pending) =>
    userOfToken(p.ctx, p.token).then(
      (u) => u.id,
      (err: unknown) => {
        // A stale token must not spoil a calculation; the page refreshes tokens on its own calls.
        if (!(err instanceof ServiceError)) log.warn('recent run not saved', err);
        return null;
      },
    );
  return Promise.all(
    batch.map((p) => {
      let user = byToken.get(p.token);
      if (!user) byToken.set(p.token, (user = userOf(p)));
      return user;
    }),
  );
}

async function writeBatch(batch: Pending[]): Promise<void> {
  const users = await usersOf(batch);
  const byDb = new Map<Db, { user_id: string; calc_id: string; input: unknown }[]>();
  batch.forEach((p, i) => {
    const userId = users[i];
    if (userId) recordActivity(p.ctx, userId, 'calculator.used', p.calcId);
  });
  const kept = new Map<string, number>();
  // Newest first: a user's runs beyond the latest KEEP of the batch would be trimmed at once, so they are not written.
  for (let i = batch.length - 1; i >= 0; i--) {
    const p = batch[i]!;
    const userId = users[i];
    if (!userId) continue;
    const n = kept.get(userId) ?? 0;
    if (n >= KEEP) continue;
    kept.set(userId, n + 1);
    const rows = byDb.get(p.ctx.db) ?? [];
    rows.push({ user_id: userId, calc_id: p.calcId, input: p.input });
    byDb.set(p.ctx.db, rows);
  }
  for (const [db, rows] of byDb) {
    try {
      // One parameter for the whole batch, oldest first (ids keep the order of the runs).
      await db.execute(sql`
        insert into calculator_runs (user_id, calc_id, input)
        select user_id, calc_id, input from json_to_recordset(${JSON.stringify(rows.reverse())}::json)
          as x(user_id text, calc_id text, input jsonb)`);
      const ids = [...new Set(rows.map((r) => r.user_id))];
      await db.execute(sql`
        delete from calculator_runs where id in (
          select id from (
            select id, row_number() over (partition by user_id order by id desc) as n
              from calculator_runs where user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
          ) ranked where n > ${KEEP})`);
    } catch (err) {
      log.warn(`recent runs: ${rows.length} runs not written`, err);
    }
  }
}

onShutdown('recent-runs', async () => {
  await flushRecentRuns();
  // The runs' activity events were queued just now, maybe after the activity log's own shutdown flush.
  await flushActivity();
});
