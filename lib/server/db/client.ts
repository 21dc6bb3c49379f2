import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { openPgliteWorker, type PgliteLike } from './pglite-remote';
import * as schema from './schema';

/** One type for both drivers: query functions take `db: Db` first. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a plain SQL statement (health checks, test set-up). */
  exec(sql: string): Promise<void>;
  /**
   * Receives the payloads of `pg_notify(channel, …)` sent by any connection (PostgreSQL: on a dedicated
   * connection of its own, reconnected when lost — `onLost` tells it is gone, `onReconnect` that it is back and
   * what may have been missed; PGlite: in this process). Resolves once listening; the function it returns stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL): open, idle, queries waiting for one, the most allowed; PGlite has one. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite: its worker's V8 heap (committed, used) and WebAssembly memory, in bytes; PostgreSQL: none. */
  memory(): Promise<{ heap: number; heapUsed: number; wasm: number } | null>;
  /** PGlite: one full collection of its worker's heap (run when the server is idle); PostgreSQL: nothing. */
  collect(): Promise<void>;
}

export type DatabaseOptions =
  | {
      driver: 'pglite';
      /** Folder of the database; omitted = in memory. */
      dir?: string;
      /** A dump of a data folder (`dumpDataDir`) to start from instead of an empty database (tests: a migrated copy). */
      loadDataDir?: Blob;
    }
  | {
      driver: 'postgres';
      url: string;
      max?: number;
      /** `application_name` of the pool's connections (an instance shows itself in pg_stat_activity by it). */
      applicationName?: string;
    };

const MIGRATIONS_DIR = path.join(process.cwd(), 'lib/server/db/migrations');

/**
 * Memory settings of the embedded PostgreSQL. Its memory is the WebAssembly heap, which only grows: shared
 * buffers are cleared (so resident) at start, and whatever a sort or an index build once took stays. The
 * defaults (shared_buffers 128 MB, maintenance_work_mem 64 MB) made most of the server's resident memory at
 * idle; one process with one connection and a small database does not need them.
 */
const PGLITE_SETTINGS: [string, string][] = [
  ['shared_buffers', '16MB'],
  ['wal_buffers', '512kB'],
  ['maintenance_work_mem', '16MB'],
  ['temp_buffers', '1MB'],
];

/** Migrations in the committed journal. */
const migrationCount = (): number =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** Migrations a database has applied (drizzle's own table; none on a new database). */
async function appliedMigrations(client: PgliteLike): Promise<number> {
  const [r] = (await client.query<{ n: number }>(`select count(*)::int as n from drizzle.__drizzle_migrations`).catch(() => ({ rows: [] }))).rows;
  return r?.n ?? 0;
}

/**
 * Databases only this process writes: an embedded PGlite folder is opened by one process at a time, so what its
 * writers tell the process (a cache to forget) is all there is to know. A transaction's handle is not listed.
 */
const ownedByProcess = new WeakSet<object>();
export const isOwnedByProcess = (db: Db): boolean => ownedByProcess.has(db);

/**
 * The database behind an open PGlite worker (`openPgliteWorker`, migrated): a drizzle database of its own on it.
 * Each call gives a new `db`, so what the app keeps per database (caches by `db`) starts empty.
 */
export async function pgliteDatabase(client: PgliteLike): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client: client as unknown as PGlite, schema });
  ownedByProcess.add(db);
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    memory: () => client.memory(),
    collect: () => client.collect(),
  };
}

/** Key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_254_271_001;

/** Opens a database and applies the committed migrations under an advisory lock. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.driver === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // PGlite does not create parent folders.
    if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
    // On a worker thread of its own (with pg_trgm and btree_gin for the search: PostgreSQL loads them by CREATE
    // EXTENSION in a migration, PGlite needs the modules too).
    const open = async (childProcess = false) => {
      const client = await openPgliteWorker({ dir: opts.dir, loadDataDir: opts.loadDataDir, settings: PGLITE_SETTINGS, childProcess });
      const db = drizzle({ client: client as unknown as PGlite, schema });
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const pending = (await appliedMigrations(client)) < migrationCount();
        await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        return { client, pending };
      } catch (err) {
        await client.close().catch(() => undefined);
        throw err;
      }
    };
    // Creating a database and migrating it grow the memory for good: the WebAssembly heap (initdb, index builds)
    // and the allocator's arenas that its thread leaves behind (about 130 MiB more at idle than a restart). A new
    // data folder is therefore created and migrated by a worker in a process of its own, which gives all of it
    // back when it exits; the server's own worker then opens the folder as on a restart. Later migrations
    // (a folder that exists) run on the server's worker, which is opened again afresh after them.
    if (opts.dir && !fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) await (await open(true)).client.close();
    const first = await open();
    let { client } = first;
    if (first.pending && opts.dir) {
      await client.close();
      ({ client } = await open());
    }
    return pgliteDatabase(client);
  }

  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: opts.url,
    max: opts.max ?? 10,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client: conn, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      conn.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const listeners = new Set<() => Promise<void>>();
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    driver: 'postgres',
    exec: async (sql) => void (await pool.query(sql)),
    listen: async (channel, onPayload, onReconnect, onLost) => {
      const stop = await listenPostgres(opts.url, channel, onPayload, onReconnect, onLost);
      const stopOnce = async () => {
        listeners.delete(stopOnce);
        await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.max ?? 10 }),
    memory: async () => null,
    collect: async () => undefined,
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection is
 * opened again after 1 s, 2 s, 4 s … (at most 30 s): `onLost` runs when it is lost, `onReconnect` each time it is back.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
  onLost?: () => void,
): Promise<() => Promise<void>> {
  const { Client } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = undefined;
      onLost?.();
      c.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => undefined));
    client = c;
    delay = 1000;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onReconnect?.();
    } catch {
      retry = setTimeout(() => void reconnect(), delay);
      delay = Math.min(delay * 2, 30_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/** The database the configuration names: PostgreSQL by `DATABASE_URL`, else PGlite in `DATA_DIR/pg`. */
export function openConfiguredDatabase(
  env: { DATABASE_URL?: string; dataDir: string },
  applicationName?: string,
): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ driver: 'postgres', url: env.DATABASE_URL, applicationName })
    : openDatabase({ driver: 'pglite', dir: path.join(env.dataDir, 'pg') });
}
