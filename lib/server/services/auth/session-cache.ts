import 'server-only';
import type { Database, Db } from '../../db/client';
import { log } from '../../log';
import type { AppContext } from '../../context';
import { signalUserChanged, watchSignals, type NotySignal } from '../noty/hub';

/** A session row as the session check reads it (`auth_session_user`). */
export interface SessionRow {
  id: string;
  email: string;
  roles: string[];
  userId: string;
  revokedAt: unknown;
}

/**
 * Session rows remembered in this process, so a signed-in call does not read its session on every click.
 *
 * Revocation stays immediate: every change of what the check answers — a session ended (logout, password
 * reset, a refresh token reused), a user's e-mail or roles changed — sends a signal on the database channel
 * the notifications already use (`noty/hub.ts`: LISTEN/NOTIFY on PostgreSQL, so it reaches every process
 * on the same database; in-process on PGlite), and each process drops what the signal names; the process that
 * makes the change also drops it at once, before it answers. Rows are kept only while this process listens:
 * until the listening connection is up, and from the moment it is lost until it is back (then everything is
 * dropped, as signals may have been missed), every check reads the database. A row is kept at most
 * `MAX_AGE_MS` even so — the bound for a change made behind the application's back (SQL by hand).
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Cache {
  rows: Map<string, { row: SessionRow; at: number }>;
  /** Bumped by every drop: a read that started before it must not store its (possibly stale) row. */
  generation: number;
  state: 'idle' | 'starting' | 'listening' | 'lost';
  /** Resolves once the first attempt to listen settles: true when listening. */
  started?: Promise<boolean>;
}

const KEY = Symbol.for('kalkulus.sessionCache');
const holder = globalThis as { [KEY]?: WeakMap<Db, Cache> };
const caches: WeakMap<Db, Cache> = (holder[KEY] ??= new WeakMap());

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { rows: new Map(), generation: 0, state: 'idle' };
    caches.set(db, cache);
  }
  return cache;
}

function dropAll(cache: Cache): void {
  cache.rows.clear();
  cache.generation++;
}

/** Drops the rows a change names: one session (`sid`), or every session of a user. */
function drop(cache: Cache, which: { sid?: string; userId?: string }): void {
  cache.generation++;
  if (which.sid) cache.rows.delete(which.sid);
  if (which.userId) for (const [sid, e] of cache.rows) if (e.row.userId === which.userId) cache.rows.delete(sid);
}

function startListening(database: Database, cache: Cache): void {
  cache.state = 'starting';
  cache.started = watchSignals(database, {
    onSignal: (signal: NotySignal) => {
      if (signal.t === 'end') drop(cache, signal);
      else if (signal.t === 'user') drop(cache, { userId: signal.userId });
    },
    onLost: () => {
      cache.state = 'lost';
      dropAll(cache);
    },
    onGap: () => {
      dropAll(cache);
      cache.state = 'listening';
    },
  }).then(
    () => {
      if (cache.state === 'starting') cache.state = 'listening';
      return true;
    },
    (err: unknown) => {
      cache.state = 'idle';
      log.warn('session cache: not listening for session changes, sessions are read every time', err);
      return false;
    },
  );
}

/** Resolves once this process keeps session rows of `database` (true) or cannot, as it does not listen (false). */
export function sessionCacheReady(database: Database): Promise<boolean> {
  const cache = cacheOf(database.db);
  if (cache.state === 'idle') startListening(database, cache);
  return cache.started ?? Promise.resolve(false);
}

/**
 * The session row `sid` through this process's cache: `load` reads it from the database on a miss. Rows of
 * ended sessions are not kept (the refusal is cheap to read again and must stay the answer).
 */
export async function cachedSession(database: Database, sid: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
  const cache = cacheOf(database.db);
  if (cache.state === 'idle') startListening(database, cache);
  const now = Date.now();
  if (cache.state === 'listening') {
    const hit = cache.rows.get(sid);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.row;
  }
  const generation = cache.generation;
  const row = await load();
  if (row && !row.revokedAt && cache.state === 'listening' && cache.generation === generation) {
    if (cache.rows.size >= MAX_ENTRIES) {
      const oldest = cache.rows.keys().next().value;
      if (oldest !== undefined) cache.rows.delete(oldest);
    }
    cache.rows.delete(sid);
    cache.rows.set(sid, { row, at: now });
  }
  return row;
}

/** This process's part of a change to sessions or users: drop the rows it names now (the signal tells the others). */
export function forgetSessions(db: Db, which: { sid?: string; userId?: string }): void {
  const cache = caches.get(db);
  if (cache) drop(cache, which);
}

/** After a user's e-mail or roles changed: this process drops their sessions' rows now, the others on the signal. */
export async function userChanged(ctx: Pick<AppContext, 'db'>, userId: string): Promise<void> {
  forgetSessions(ctx.db, { userId });
  await signalUserChanged(ctx, userId);
}
