import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** One type for both drivers: query functions take `db: Db` first. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a plain SQL statement (health checks, test set-up). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'pglite'; /** Folder of the database; omitted = in memory. */ dir?: string }
  | { driver: 'postgres'; url: string; max?: number };

const MIGRATIONS_DIR = path.join(process.cwd(), 'lib/server/db/migrations');

/** Key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_254_271_001;

/** Opens a database and applies the committed migrations under an advisory lock. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.driver === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // PGlite does not create parent folders.
    if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
    const client = opts.dir ? await PGlite.create(opts.dir) : await PGlite.create();
    const db = drizzle({ client, schema });
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      exec: async (sql) => void (await client.exec(sql)),
      close: () => client.close(),
    };
  }

  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: opts.url, max: opts.max ?? 10 });
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
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    driver: 'postgres',
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}

/** The database the configuration names: PostgreSQL by `DATABASE_URL`, else PGlite in `DATA_DIR/pg`. */
export function openConfiguredDatabase(env: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ driver: 'pglite', dir: path.join(env.dataDir, 'pg') });
}
