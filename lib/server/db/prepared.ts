import 'server-only';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rows } from './rows';

const dialect = new PgDialect();

/** Statements kept prepared per database session; the least recently used beyond this are deallocated. */
export const PREPARED_MAX = 32;

/** Names prepared in a session (the embedded database has one), in order of last use. */
const preparedIn = new WeakMap<object, Map<string, true>>();

/** The embedded database's session behind a drizzle database (the same behind any wrapper of it). */
export const sessionOf = (db: Db): object => (db as unknown as { $client?: object }).$client ?? db;

/** A bound value as an SQL literal of unknown type (the prepared parameter's type applies to it). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `'${String(value)}'`;
  }
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a text with a NUL character cannot be bound');
    // standard_conforming_strings is on (the default of both databases): a quote doubled is the only escape.
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`unsupported bound value of type ${typeof value}`);
}

/**
 * Runs `statement` as a prepared statement of the session `session` (the embedded database's only one): the
 * first call with a given SQL text prepares it (`PREPARE`), every call executes it with its values as
 * literals (`EXECUTE`). The database then plans a large statement once instead of on every call — in the
 * embedded database, planning the search's statement costs more than running it. `run` is the connection
 * or transaction to run on (a transaction's settings apply when a plan is made).
 *
 * For PGlite only: a PostgreSQL pool's connections are many and prepare their own statements.
 */
export async function preparedRows<T>(session: object, run: Db, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const names = preparedIn.get(session) ?? new Map<string, true>();
  preparedIn.set(session, names);
  if (names.has(name)) {
    names.delete(name);
  } else {
    await run.execute(sql.raw(`prepare ${name} as ${text}`));
    for (const old of names.keys()) {
      if (names.size < PREPARED_MAX) break;
      names.delete(old);
      await run.execute(sql.raw(`deallocate ${old}`));
    }
  }
  names.set(name, true);
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  return rows<T>(run, sql.raw(`execute ${name}${args}`));
}
