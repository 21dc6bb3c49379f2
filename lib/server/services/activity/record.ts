import 'server-only';
import { sql } from 'drizzle-orm';
import type { ActivityKind } from '@/lib/domain/activity/kinds';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { log } from '../../log';
import { onShutdown } from '../../shutdown';

/**
 * The activity log's writer. `recordActivity` only puts the event in an in-process queue and returns: it
 * never throws and never waits for the database, so the call that triggers it is neither slowed nor failed
 * by it. The queue is written in batches shortly after (one insert per database), before `activity/summary`
 * reads the log, and at shutdown. A failed write is logged and dropped.
 *
 * A calculation is recorded at most once per user and specification in ten minutes: the specification
 * editor recalculates after every edit, and a pause in typing is not a new калькуляция.
 */

type Row = typeof activityEvents.$inferInsert;
interface Queue {
  pending: { db: Db; row: Row }[];
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
  /** `userId subjectId` → when its calculation was last recorded (ms). */
  lastCalculation: Map<string, number>;
}

const KEY = Symbol.for('kalkulus.activityQueue');
const holder = globalThis as { [KEY]?: Queue };
const queue: Queue = (holder[KEY] ??= { pending: [], timer: null, flushing: null, lastCalculation: new Map() });

const FLUSH_AFTER_MS = 200;
const MAX_PENDING = 10_000;
const CALCULATION_EVERY_MS = 10 * 60_000;

/** Kinds recorded at most once per user and subject in `CALCULATION_EVERY_MS`. */
const THROTTLED: ReadonlySet<ActivityKind> = new Set(['cost.calculated']);

function throttled(kind: ActivityKind, userId: string, subjectId: string | null, now: number): boolean {
  if (!THROTTLED.has(kind)) return false;
  const key = `${kind} ${userId} ${subjectId ?? ''}`;
  const last = queue.lastCalculation.get(key);
  if (last !== undefined && now - last < CALCULATION_EVERY_MS) return true;
  if (queue.lastCalculation.size > 5_000) {
    for (const [k, t] of queue.lastCalculation) if (now - t >= CALCULATION_EVERY_MS) queue.lastCalculation.delete(k);
  }
  queue.lastCalculation.set(key, now);
  return false;
}

/** Notes that `userId` did `kind` (to `subjectId`) now. Returns at once; never throws. */
export function recordActivity(ctx: Pick<AppContext, 'db'>, userId: string, kind: ActivityKind, subjectId?: string | null): void {
  try {
    const at = new Date();
    if (throttled(kind, userId, subjectId ?? null, at.getTime())) return;
    if (queue.pending.length >= MAX_PENDING) {
      log.warn(`activity queue full (${MAX_PENDING}): event ${kind} of user ${userId} dropped`);
      return;
    }
    queue.pending.push({ db: ctx.db, row: { userId, kind, subjectId: subjectId ?? null, at } });
    if (!queue.timer) {
      queue.timer = setTimeout(() => void flushActivity(), FLUSH_AFTER_MS);
      queue.timer.unref?.();
    }
  } catch (err) {
    log.warn(`activity event ${kind} not queued`, err);
  }
}

/** Writes every queued event (resolves when they are written or their failure is logged; never rejects). */
export async function flushActivity(): Promise<void> {
  if (queue.timer) {
    clearTimeout(queue.timer);
    queue.timer = null;
  }
  // One writer at a time: a flush that finds another running waits for it, then writes what came meanwhile.
  while (queue.flushing) await queue.flushing;
  if (queue.pending.length === 0) return;
  const batch = queue.pending.splice(0);
  queue.flushing = writeBatch(batch).finally(() => {
    queue.flushing = null;
  });
  await queue.flushing;
}

async function writeBatch(batch: { db: Db; row: Row }[]): Promise<void> {
  const byDb = new Map<Db, Row[]>();
  for (const { db, row } of batch) {
    const rows = byDb.get(db);
    if (rows) rows.push(row);
    else byDb.set(db, [row]);
  }
  for (const [db, rows] of byDb) {
    try {
      // One parameter per thousand events (binding each value costs more than the insert itself).
      for (let i = 0; i < rows.length; i += 1000) {
        const part = rows.slice(i, i + 1000).map((r) => ({ user_id: r.userId, kind: r.kind, subject_id: r.subjectId ?? null, at: (r.at ?? new Date()).toISOString() }));
        await db.execute(sql`
          insert into activity_events (user_id, kind, subject_id, at)
          select user_id, kind, subject_id, at from json_to_recordset(${JSON.stringify(part)}::json)
            as x(user_id text, kind text, subject_id text, at timestamptz)`);
      }
    } catch (err) {
      log.warn(`activity log: ${rows.length} events not written`, err);
    }
  }
}

onShutdown('activity', flushActivity);
