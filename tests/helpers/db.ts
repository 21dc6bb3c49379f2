import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Database } from '@/lib/server/db/client';

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
  /** PostgreSQL: the database's URL (a second process's connection to it); PGlite: undefined. */
  url?: string;
}

/** Which driver this test run uses: the `integration` project is PGlite, `integration-pg` is PostgreSQL. */
export const testDriver = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database
 * created on the server of TEST_DATABASE_URL (dropped again by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver() === 'pglite') {
    const database = await openDatabase({ driver: 'pglite' });
    return { ...database, destroy: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kalkulus_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), max: 5 });
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
