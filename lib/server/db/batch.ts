import 'server-only';
import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { PgliteLike } from './pglite-remote';
import { sessionOf } from './prepared';
import { rows } from './rows';

const dialect = new PgDialect();

/**
 * Runs a short fixed list of statements in turn as one transaction and answers each one's rows. The first to
 * fail rolls the transaction back and is thrown as drizzle throws a failed query (the database's error is its
 * `cause`). The embedded database (PGlite, on a worker thread) gets them in one message: each message waits
 * for that thread to be scheduled, and a transaction of single calls costs one per statement plus its begin
 * and end. PostgreSQL: one connection of the pool, BEGIN … COMMIT, a statement at a time.
 */
export async function transactionRows(db: Db, statements: readonly SQL[]): Promise<unknown[][]> {
  const client = sessionOf(db) as Partial<PgliteLike>;
  if (typeof client.batch === 'function') {
    const queries = statements.map((s) => dialect.sqlToQuery(s));
    try {
      const results = await client.batch(
        queries.map(({ sql, params }) => ({ sql, params })),
        { tx: true },
      );
      return results.map((r) => r.rows);
    } catch (err) {
      // As drizzle throws a failed query on either driver: the database's error is the cause.
      const cause = err as Error & { statementIndex?: number };
      const failed = cause.statementIndex === undefined ? undefined : queries[cause.statementIndex];
      delete cause.statementIndex;
      if (!failed) throw err;
      throw new DrizzleQueryError(failed.sql, failed.params, cause);
    }
  }
  return db.transaction(async (tx) => {
    const out: unknown[][] = [];
    for (const s of statements) out.push(await rows(tx as unknown as Db, s));
    return out;
  });
}
