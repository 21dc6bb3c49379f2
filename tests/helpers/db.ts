import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { borrowPglite } from './pglite-reuse';

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
  /** PostgreSQL: the database's URL (a second process's connection to it); PGlite: undefined. */
  url?: string;
}

/** Which driver this test run uses: the `integration` project is PGlite, `integration-pg` is PostgreSQL. */
export const testDriver = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database created on the server
 * of TEST_DATABASE_URL (dropped again by `destroy`).
 *
 * Each starts as a copy of one migrated database (made by `openDatabase` the first time, kept while the
 * migrations and the PGlite version stay the same): an empty PGlite spends most of its start on initdb, and a
 * copy skips that and the migrations. `openDatabase` still runs the migrations on the copy (a no-op check). A
 * PGlite copy is handed on to the process's next file once emptied (`pglite-reuse.ts`).
 * `{ migrate: true }` starts from an empty database and migrates it, as production does.
 */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (testDriver() === 'pglite') {
    if (opts.migrate) {
      const database = await openDatabase({ driver: 'pglite' });
      return { ...database, destroy: () => database.close() };
    }
    const database = await borrowPglite(openPgliteCopy);
    return { ...database, destroy: () => database.release() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kalkulus_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.migrate ? undefined : await postgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) => createDatabase(admin, name, template));
  const url = dbUrl(adminUrl, name);
  const database = await openDatabase({ driver: 'postgres', url, max: 5 });
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

const MIGRATIONS_DIR = path.join(process.cwd(), 'lib/server/db/migrations');

/** What the migrated copy depends on: every migration file and the PGlite version (its data folder format). */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else hash.update(`${path.relative(MIGRATIONS_DIR, abs)}\0`).update(fs.readFileSync(abs)).update('\0');
    }
  };
  walk(MIGRATIONS_DIR);
  const pglite = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated data folder dump in .tmp: a tar of the folder's files. */
const pgliteTemplateFile = () => path.join(process.cwd(), '.tmp', 'test-db', `pglite-${templateKey()}.tar`);

/** Writes the dump of a migrated database aside and renames it: another worker never reads half a file. */
async function saveTemplate(database: Database): Promise<void> {
  const file = pgliteTemplateFile();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(part, file);
}

/** An in-memory PGlite loaded from the migrated data folder dump (made by the first caller). */
async function openPgliteCopy(): Promise<Database> {
  const file = pgliteTemplateFile();
  if (fs.existsSync(file)) {
    try {
      return await openDatabase({ driver: 'pglite', loadDataDir: new Blob([fs.readFileSync(file)]) });
    } catch {
      fs.rmSync(file, { force: true }); // unreadable: made again below
    }
  }
  const database = await openDatabase({ driver: 'pglite' });
  await saveTemplate(database);
  return database;
}

/**
 * Fills `dir` — an embedded installation's database folder (`DATA_DIR/pg`), missing or empty — with a copy of the
 * migrated database, so that the server or script a test starts on it opens it as on a restart instead of running
 * initdb and every migration first (seconds of a child process each time). Tests whose subject is a new, empty
 * installation do not call it.
 */
export async function seedEmbeddedDatabase(dir: string): Promise<void> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  if (!fs.existsSync(pgliteTemplateFile())) await (await openPgliteCopy()).close();
  fs.mkdirSync(dir, { recursive: true });
  const untar = spawnSync('tar', ['-xf', pgliteTemplateFile(), '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
}

const dbUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withAdmin<T>(adminUrl: string, fn: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** `create database`, from `template` when given. */
const createDatabase = (admin: Client, name: string, template?: string) =>
  whileInUse(() => admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));

/** Retries a statement while a closing session still holds the database it needs alone (a copy's source, a rename). */
async function whileInUse<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      // 55006 object_in_use: "source database … is being accessed by other users".
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

/** Key of the advisory lock under which one process builds the migrated template on the server. */
const TEMPLATE_LOCK = 7_254_271_002;

/**
 * The name of a migrated database on the server that new test databases are copied from. Built once per set of
 * migrations under an advisory lock (several test runs may share the server), under a temporary name renamed when
 * complete, so a half-migrated template is never copied.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `kalkulus_tpl_${templateKey()}`;
  return withAdmin(adminUrl, async (admin) => {
    const exists = async () => ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists()) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database "${building}"`);
      try {
        const database = await openDatabase({ driver: 'postgres', url: dbUrl(adminUrl, building), max: 1 });
        await database.close();
        await whileInUse(() => admin.query(`alter database "${building}" rename to "${name}"`));
      } catch (err) {
        await admin.query(`drop database if exists "${building}" with (force)`).catch(() => undefined);
        throw err;
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
}
