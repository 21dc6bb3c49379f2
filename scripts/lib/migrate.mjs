// Moves an embedded installation (PGlite in DATA_DIR/pg, files in DATA_DIR/blobs) into PostgreSQL (DATABASE_URL)
// and S3 (S3_*), for `npm run migrate-to-postgres`. Safe to run again: the rows of all tables go in one
// transaction (a database already moved is left alone, one in use is refused), files already in the bucket with
// the same size are skipped — an interrupted run is resumed by running it again.
import fs from 'node:fs';
import path from 'node:path';
import { diskKeys, installation, progress, s3Client } from './backup.mjs';
import { root } from './build.mjs';
import { loadAdmin } from './server-modules.mjs';

const BATCH = 1000;
const q = (name) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the app's schema and their columns a row is written with (generated columns are computed). */
async function tablesOf(pglite) {
  const { rows } = await pglite.query(`select c.table_name as t, c.column_name as c
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`);
  const tables = new Map();
  for (const { t, c } of rows) tables.set(t, [...(tables.get(t) ?? []), c]);
  return tables;
}

/**
 * Where the target stands: `moved` (every table has the source's row count — a finished earlier run), `empty`
 * (no user: only what the migrations seeded, or a run that never committed), else refused — it is in use.
 */
async function targetState(pglite, target, tables) {
  if ((await compareCounts(pglite, target, tables)).length === 0) return 'moved';
  const { n } = (await target.query('select count(*)::int as n from auth_users')).rows[0];
  if (n === 0) return 'empty';
  throw new Error(
    `Перенос отменён: в базе DATABASE_URL уже есть пользователи (${n}), а её строки не совпадают со встроенной базой — ` +
      'она уже используется. Переносите в новую пустую базу PostgreSQL (схему создаст сам перенос).',
  );
}

/** Copies every table's rows in one transaction; answers the number of rows written. */
async function copyRows(pglite, target, tables) {
  let written = 0;
  const bar = progress('Таблицы', tables.size, { lines: true });
  await target.query('begin');
  try {
    // Rows arrive table by table, in no order of their references: the checks run once, at the end.
    const fks = (
      await target.query(`select conrelid::regclass::text as t, conname as c from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and not condeferrable`)
    ).rows;
    for (const { t, c } of fks) await target.query(`alter table ${t} alter constraint ${q(c)} deferrable initially deferred`);
    // What the migrations seeded (dated rates and the like) comes from the source as well, with its ids.
    await target.query(`truncate ${[...tables.keys()].map(q).join(', ')}`);
    for (const [table, cols] of tables) {
      const list = cols.map(q).join(', ');
      let after = '(0,0)';
      for (;;) {
        const { rows } = await pglite.query(
          `select ctid::text as k, row_to_json(x)::text as j from ${q(table)} x where ctid > '${after}'::tid order by ctid limit ${BATCH}`,
        );
        if (rows.length === 0) break;
        after = rows.at(-1).k;
        if (!/^\(\d+,\d+\)$/.test(after)) throw new Error(`unexpected ctid ${after}`);
        const res = await target.query(
          `insert into ${q(table)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${q(table)}, $1::json)`,
          [`[${rows.map((r) => r.j).join(',')}]`],
        );
        written += res.rowCount ?? 0;
      }
      // Sequences continue after the copied ids.
      const serial = await target.query(
        `select column_name as c, pg_get_serial_sequence($1, column_name) as s from information_schema.columns
         where table_schema = 'public' and table_name = $2 and (column_default like 'nextval(%' or is_identity = 'YES')`,
        [q(table), table],
      );
      for (const { c, s } of serial.rows) {
        if (s) await target.query(`select setval($1::regclass, coalesce(max(${q(c)}), 1), max(${q(c)}) is not null) from ${q(table)}`, [s]);
      }
      bar.tick();
    }
    await target.query('set constraints all immediate');
    for (const { t, c } of fks) await target.query(`alter table ${t} alter constraint ${q(c)} not deferrable`);
    await target.query('commit');
  } catch (err) {
    await target.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    bar.end();
  }
  return written;
}

/** Rows per table on either side; answers the tables whose counts differ. */
async function compareCounts(pglite, target, tables) {
  const differ = [];
  for (const table of tables.keys()) {
    const a = (await pglite.query(`select count(*)::int as n from ${q(table)}`)).rows[0].n;
    const b = (await target.query(`select count(*)::int as n from ${q(table)}`)).rows[0].n;
    if (a !== b) differ.push(`${table}: ${a} во встроенной, ${b} в PostgreSQL`);
  }
  return differ;
}

/** Uploads the files the bucket does not have yet (same key and size = there); answers [copied, skipped]. */
async function copyBlobs(dir, s3) {
  const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = await s3Client(s3);
  const keys = diskKeys(dir);
  const bar = progress('Файлы', keys.length, { lines: true });
  let copied = 0;
  try {
    for (const key of keys) {
      const file = path.join(dir, ...key.split('/'));
      const size = fs.statSync(file).size;
      const there = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
        (h) => h.ContentLength === size,
        (err) => {
          if (err?.$metadata?.httpStatusCode === 404) return false;
          throw err;
        },
      );
      if (!there) {
        await new Upload({ client, params: { Bucket: s3.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size } }).done();
        copied++;
      }
      bar.tick();
    }
  } finally {
    bar.end();
    client.destroy();
  }
  return { copied, skipped: keys.length - copied, total: keys.length };
}

/** The whole move; answers what was done. */
export async function migrateToPostgres(env = process.env) {
  const inst = installation(env);
  if (!inst.databaseUrl || !inst.s3) {
    throw new Error('Задайте, куда переносить: DATABASE_URL (пустая база PostgreSQL) и S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.');
  }
  const pgDir = path.join(inst.dataDir, 'pg');
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`Встроенная база не найдена в ${pgDir}: нечего переносить (DATA_DIR).`);
  // The server's own migrations bring both databases to this release's schema (the migrations folder is the project's).
  process.chdir(root);
  const admin = await loadAdmin();
  await (await admin.openDatabase({ driver: 'postgres', url: inst.databaseUrl, max: 1 })).close();
  const source = await admin.openDatabase({ driver: 'pglite', dir: pgDir });
  const pglite = { query: async (text) => ({ rows: (await source.db.execute(text)).rows }), close: () => source.close() };
  const { default: pg } = await import('pg');
  const target = new pg.Client({ connectionString: inst.databaseUrl });
  await target.connect();
  try {
    const tables = await tablesOf(pglite);
    const rows = (await targetState(pglite, target, tables)) === 'moved' ? 0 : await copyRows(pglite, target, tables);
    const differ = await compareCounts(pglite, target, tables);
    if (differ.length) throw new Error(`После переноса число строк не совпало:\n  ${differ.join('\n  ')}`);
    const blobs = await copyBlobs(path.join(inst.dataDir, 'blobs'), inst.s3);
    return { rows, tables: tables.size, blobs };
  } finally {
    await target.end().catch(() => undefined);
    await pglite.close().catch(() => undefined);
  }
}
