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

/** The statements that run one statement prepared in a session, and what to do when they failed. */
export interface PreparedRun {
  /** DEALLOCATE of the least recently used beyond `PREPARED_MAX` and PREPARE when the text is new; EXECUTE last. */
  statements: SQL[];
  /** After `statements` failed (`db`: the session outside any transaction): learns whether the PREPARE took. */
  failed(db: Db): Promise<void>;
}

/**
 * Runs `statement` as a prepared statement of the session `session` (the embedded database's only one): the
 * first run of a given SQL text prepares it (`PREPARE`), every run executes it with its values as literals
 * (`EXECUTE`). The database then plans a large statement once instead of on every call — in the embedded
 * database, planning the search's statement costs more than running it. The statements are to be run at once
 * and in order (the session counts the statement as prepared from now on); settings of the transaction they
 * run in apply when a plan is made.
 *
 * For PGlite only: a PostgreSQL pool's connections are many and prepare their own statements.
 */
export function preparedRun(session: object, statement: SQL): PreparedRun {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  const names = preparedIn.get(session) ?? new Map<string, true>();
  preparedIn.set(session, names);
  const statements: SQL[] = [];
  const isNew = !names.has(name);
  if (isNew) {
    for (const old of names.keys()) {
      if (names.size < PREPARED_MAX) break;
      names.delete(old);
      statements.push(sql.raw(`deallocate ${old}`));
    }
    statements.push(sql.raw(`prepare ${name} as ${text}`));
  }
  names.delete(name);
  names.set(name, true);
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  statements.push(sql.raw(`execute ${name}${args}`));
  return {
    statements,
    async failed(db) {
      if (!isNew) return;
      // A PREPARE is not undone by a rollback: the statement may exist whichever statement failed.
      const kept = await rows<{ n: number }>(db, sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`).catch(() => []);
      if (kept[0]?.n !== 1) names.delete(name);
    },
  };
}

/** `preparedRun`'s statements one at a time on `run` (a connection or a transaction): the EXECUTE's rows. */
export async function preparedRows<T>(session: object, run: Db, statement: SQL): Promise<T[]> {
  const prepared = preparedRun(session, statement);
  let last: T[] = [];
  try {
    for (const s of prepared.statements) last = await rows<T>(run, s);
  } catch (err) {
    await prepared.failed(run);
    throw err;
  }
  return last;
}
