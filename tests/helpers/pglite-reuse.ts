import { pgliteDatabase, type Database } from '@/lib/server/db/client';
import type { PgliteLike } from '@/lib/server/db/pglite-remote';

/**
 * One embedded database per test process, handed from file to file. Opening a copy of the migrated database costs
 * about a second of processor time (40 MB unpacked into WebAssembly memory, PostgreSQL started, a thread and its
 * modules), more than most files' tests; emptying what a file wrote costs a tenth of that. A file gets a database
 * as a fresh copy would be — the migrated tables with the rows the migrations put there, sequences where they
 * stood, no session settings, locks, prepared statements or listeners left — and a `db` object of its own, so
 * what the app keeps per database starts empty. A database whose schema a file changed, that a file closed, or
 * that is still busy when the file ends is closed instead of handed on.
 */

/** What a fresh copy holds, read once from the first copy a process opens. */
interface Pristine {
  /** The schema's fingerprint: tables, columns, functions, triggers, constraints, roles. */
  schema: string | undefined;
  /** Every table of the app's schema. */
  tables: string[];
  /** The rows the migrations put in, by table (insertable columns, rows as JSON). */
  seeds: { table: string; columns: string[]; json: string }[];
  /** Every sequence where it stood. */
  sequences: { name: string; value: string; called: boolean }[];
}

interface Slot {
  client: PgliteLike;
  pristine: Pristine;
}

// On the process, not the module: files that run isolated get a new module graph in the same process.
const KEY = Symbol.for('kalkulus.test.pgliteIdle');
const holder = globalThis as { [KEY]?: Slot };

const SCHEMA_SQL = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as fp from (
    select 'c:' || relname || ':' || relkind::text as x from pg_class where relnamespace = 'public'::regnamespace
    union all select 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all select 'p:' || proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'o:' || conname from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'r:' || rolname from pg_roles
  ) s`;

const fingerprint = async (client: PgliteLike): Promise<string | undefined> => (await client.query<{ fp: string }>(SCHEMA_SQL)).rows[0]?.fp;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function readPristine(client: PgliteLike): Promise<Pristine> {
  const one = async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows;
  const fp = await fingerprint(client);
  const tables = (await one<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map((r) => `public.${q(r.name)}`);
  const seeds: Pristine['seeds'] = [];
  for (const table of tables) {
    const json = (await one<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`))[0]?.json;
    if (!json) continue;
    const columns = (
      await one<{ c: string }>(
        `select attname as c from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table],
      )
    ).map((r) => q(r.c));
    seeds.push({ table, columns, json });
  }
  const sequences: Pristine['sequences'] = [];
  for (const { name } of await one<{ name: string }>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences where schemaname = 'public'`)) {
    for (const s of await one<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`)) {
      sequences.push({ name, value: s.last_value, called: s.is_called });
    }
  }
  return { schema: fp, tables, seeds, sequences };
}

/** Empties what a file wrote and puts back what the migrations wrote; false if the database is not as it was. */
async function reset(client: PgliteLike, pristine: Pristine): Promise<boolean> {
  if ((client.activity?.().inFlight ?? 0) > 0) return false;
  // What a session may have left: settings, advisory locks, prepared statements, temporary tables.
  await client.exec('reset all; select pg_advisory_unlock_all(); deallocate all; discard temp;');
  if ((await fingerprint(client)) !== pristine.schema) return false;
  const tag = '$seed$';
  await client.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica; truncate table ${pristine.tables.join(', ')};`);
    for (const s of pristine.seeds) {
      if (s.json.includes(tag)) throw new Error(`seed rows of ${s.table} contain ${tag}`);
      const cols = s.columns.join(', ');
      await tx.exec(`insert into ${s.table} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${s.table}, ${tag}${s.json}${tag})`);
    }
    for (const s of pristine.sequences) await tx.query(`select setval($1, $2::bigint, $3)`, [s.name, s.value, s.called]);
  });
  return true;
}

/**
 * A database for one file on `client` (fresh, or handed on): the file's `close` really closes it; its `release`
 * resets it and keeps it for the next file of this process.
 */
async function lend(client: PgliteLike, pristine: Pristine): Promise<Database & { release(): Promise<void> }> {
  const unlisten = new Set<() => Promise<void>>();
  let closed = false;
  const own: PgliteLike = {
    ...client,
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      const once = async () => {
        if (unlisten.delete(once)) await stop();
      };
      unlisten.add(once);
      return once;
    },
    close: async () => {
      closed = true;
      await client.close();
    },
  };
  const database = await pgliteDatabase(own);
  return {
    ...database,
    async release() {
      if (closed) return;
      await Promise.all([...unlisten].map((stop) => stop()));
      const kept = await reset(client, pristine).catch(() => false);
      if (kept && !holder[KEY]) holder[KEY] = { client, pristine };
      else await client.close().catch(() => undefined);
    },
  };
}

/**
 * A migrated database for a test file: the process's idle one, reset, or a new one from `open` (a fresh copy).
 * `release` when the file is done.
 */
export async function borrowPglite(open: () => Promise<Database>): Promise<Database & { release(): Promise<void> }> {
  const idle = holder[KEY];
  holder[KEY] = undefined;
  if (idle) return lend(idle.client, idle.pristine);
  const fresh = await open();
  const client = (fresh.db as unknown as { $client: PgliteLike }).$client;
  return lend(client, await readPristine(client));
}
