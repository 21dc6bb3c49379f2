// A plain SQL connection for maintenance scripts: PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR/pg.
// The embedded database is one process's file: stop the server before running a script on it.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './build.mjs';

export async function openScriptDb() {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: (text, params) => client.query(text, params).then((r) => r.rows), close: () => client.end() };
  }
  const dir = path.join(path.resolve(root, process.env.DATA_DIR || './data'), 'pg');
  if (!fs.existsSync(dir)) {
    throw new Error(`Встроенная база не найдена в ${dir}. Запустите сервер хотя бы один раз (npm start) или задайте DATABASE_URL.`);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dir);
  return { query: (text, params) => db.query(text, params).then((r) => r.rows), close: () => db.close() };
}

/** Runs `fn(db)` and turns a missing table into a Russian hint. */
export async function withScriptDb(fn) {
  let db;
  try {
    db = await openScriptDb();
    await fn(db);
  } catch (err) {
    const msg = /relation "auth_\w+" does not exist/.test(String(err?.message))
      ? 'В базе ещё нет таблиц входа: запустите сервер один раз, чтобы применились миграции.'
      : err?.message ?? String(err);
    console.error(msg);
    process.exitCode = 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}
