import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { log } from '../../log';
import { onShutdown } from '../../shutdown';
import type { NotificationItem } from '@/lib/schemas/noty';

/** The database channel every process listens on: new notifications and ended sessions. */
export const NOTY_CHANNEL = 'noty';

/** What travels on the channel. */
export type NotySignal =
  | { t: 'n'; userId: string; n: NotificationItem }
  /** Sessions ended: one (`sid`) or every session of a user (`userId`). */
  | { t: 'end'; sid?: string; userId?: string };

/** A stream held open in this process. */
export interface NotySubscriber {
  userId: string;
  sid: string;
  onNotification(n: NotificationItem): void;
  onSessionEnd(): void;
  /** The listening connection was lost and is back: fetch what may have been missed. */
  onGap(): void;
  /** The process stops: end the stream (the browser reconnects, to another instance behind the balancer). */
  onShutdown(): void;
}

interface Hub {
  subscribers: Set<NotySubscriber>;
  /** Resolves once this process listens; undefined until the first stream. */
  listening?: Promise<() => Promise<void>>;
}

const hubs = new WeakMap<Database, Hub>();
/** Every stream of the process, for the stop signal (on globalThis: every bundle of the app adds to one set). */
const LIVE = Symbol.for('kalkulus.notyStreams');
const live = ((globalThis as { [LIVE]?: Set<NotySubscriber> })[LIVE] ??= new Set<NotySubscriber>());

// At the stop signal every stream of the process ends, so the server's last connections can close.
onShutdown(
  'noty-streams',
  async () => {
    for (const s of [...live]) s.onShutdown();
  },
  'drain',
);

function hubOf(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = { subscribers: new Set() };
    hubs.set(database, hub);
  }
  return hub;
}

function deliver(hub: Hub, payload: string): void {
  let signal: NotySignal;
  try {
    signal = JSON.parse(payload) as NotySignal;
  } catch {
    return;
  }
  for (const s of hub.subscribers) {
    try {
      if (signal.t === 'n' && s.userId === signal.userId) s.onNotification(signal.n);
      else if (signal.t === 'end' && (signal.sid === s.sid || signal.userId === s.userId)) s.onSessionEnd();
    } catch (err) {
      log.error('noty subscriber failed', err);
    }
  }
}

/**
 * Adds a stream to this process's hub; the first one makes the process listen on the channel (PostgreSQL: a
 * dedicated connection, so a notification written through any process arrives; PGlite: in-process).
 * Resolves once listening, with the function that removes the stream.
 */
export async function subscribe(ctx: AppContext, subscriber: NotySubscriber): Promise<() => void> {
  const hub = hubOf(ctx.database);
  if (!hub.listening) {
    hub.listening = ctx.database.listen(
      NOTY_CHANNEL,
      (payload) => deliver(hub, payload),
      () => hub.subscribers.forEach((s) => s.onGap()),
    );
    hub.listening.catch(() => {
      hub.listening = undefined;
    });
  }
  await hub.listening;
  hub.subscribers.add(subscriber);
  live.add(subscriber);
  return () => {
    hub.subscribers.delete(subscriber);
    live.delete(subscriber);
  };
}

/** The statement fragment that signals every listening process (delivered when the transaction commits). */
export const signalSql = (signal: SQL): SQL => sql`pg_notify(${NOTY_CHANNEL}, ${signal})`;

/** Tells every process that sessions ended, so their streams close now (logout, password change). */
export async function signalSessionsEnded(ctx: Pick<AppContext, 'db'>, which: { sid?: string; userId?: string }): Promise<void> {
  const signal: NotySignal = { t: 'end', ...which };
  await ctx.db.execute(sql`select ${signalSql(sql`${JSON.stringify(signal)}`)}`);
}
