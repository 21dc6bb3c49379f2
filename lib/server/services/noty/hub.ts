import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { log } from '../../log';
import { onShutdown } from '../../shutdown';
import type { NotificationItem } from '@/lib/schemas/noty';

/** The database channel every process listens on: new notifications, ended sessions, changed users. */
export const NOTY_CHANNEL = 'noty';

/** What travels on the channel. */
export type NotySignal =
  | { t: 'n'; userId: string; n: NotificationItem }
  /** Sessions ended: one (`sid`) or every session of a user (`userId`). */
  | { t: 'end'; sid?: string; userId?: string }
  /** A user's e-mail or roles changed (what a session check answers). */
  | { t: 'user'; userId: string };

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

/** A process-wide reader of every signal (the session cache), told when signals may have been missed. */
export interface SignalWatcher {
  onSignal(signal: NotySignal): void;
  /** The listening connection was lost: signals may be missed until `onGap` (back). */
  onLost(): void;
  onGap(): void;
}

interface Hub {
  subscribers: Set<NotySubscriber>;
  watchers: Set<SignalWatcher>;
  /** Resolves once this process listens; undefined until the first stream or watcher. */
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
    hub = { subscribers: new Set(), watchers: new Set() };
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
  for (const w of hub.watchers) {
    try {
      w.onSignal(signal);
    } catch (err) {
      log.error('noty signal watcher failed', err);
    }
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
  await listening(hub, ctx.database);
  hub.subscribers.add(subscriber);
  live.add(subscriber);
  return () => {
    hub.subscribers.delete(subscriber);
    live.delete(subscriber);
  };
}

/**
 * Adds a process-wide watcher of every signal on the channel (made to listen if it does not yet). Resolves
 * once listening (rejects when listening cannot start; the next call tries again).
 */
export async function watchSignals(database: Database, watcher: SignalWatcher): Promise<void> {
  const hub = hubOf(database);
  hub.watchers.add(watcher);
  try {
    await listening(hub, database);
  } catch (err) {
    hub.watchers.delete(watcher);
    throw err;
  }
}

function listening(hub: Hub, database: Database): Promise<unknown> {
  if (!hub.listening) {
    const started = database.listen(
      NOTY_CHANNEL,
      (payload) => deliver(hub, payload),
      () => {
        hub.watchers.forEach((w) => w.onGap());
        hub.subscribers.forEach((s) => s.onGap());
      },
      () => hub.watchers.forEach((w) => w.onLost()),
    );
    hub.listening = started;
    started.catch(() => {
      if (hub.listening === started) hub.listening = undefined;
    });
  }
  return hub.listening;
}

/** The statement fragment that signals every listening process (delivered when the transaction commits). */
export const signalSql = (signal: SQL): SQL => sql`pg_notify(${NOTY_CHANNEL}, ${signal})`;

/** Tells every process that sessions ended, so their streams close now (logout, password change). */
export async function signalSessionsEnded(ctx: Pick<AppContext, 'db'>, which: { sid?: string; userId?: string }): Promise<void> {
  const signal: NotySignal = { t: 'end', ...which };
  await ctx.db.execute(sql`select ${signalSql(sql`${JSON.stringify(signal)}`)}`);
}

/** Tells every process that a user's e-mail or roles changed, so no process answers a session check with the old ones. */
export async function signalUserChanged(ctx: Pick<AppContext, 'db'>, userId: string): Promise<void> {
  const signal: NotySignal = { t: 'user', userId };
  await ctx.db.execute(sql`select ${signalSql(sql`${JSON.stringify(signal)}`)}`);
}
