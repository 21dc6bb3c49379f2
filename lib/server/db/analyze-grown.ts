import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rows } from './rows';

/** A table is analysed again once it is this much larger (and at least `GROWN_PAGES` pages more) than then. */
const GROWN_RATIO = 1.2;
const GROWN_PAGES = 4;
/** How often one process looks at a set of tables (a look is one small catalogue query). */
export const ANALYZE_CHECK_MS = 10_000;

const lastCheck = new WeakMap<Db, Map<string, number>>();

/**
 * Gives the planner statistics of `tables` when they have grown since the last ANALYZE (or never had any):
 * PostgreSQL's autovacuum does this within a minute or so; the embedded database (PGlite) never does, so its
 * planner judges every table by its size alone — a user's rows look few, and an index led by the owner is
 * preferred to a search index that finds a handful. A table grown by a fifth (and a few pages) since its last
 * statistics is analysed now, before the caller's query. Looked at once per `ANALYZE_CHECK_MS` per process.
 */
export async function analyzeGrown(db: Db, tables: readonly string[], now = Date.now()): Promise<void> {
  const key = tables.join(',');
  const checks = lastCheck.get(db) ?? new Map<string, number>();
  lastCheck.set(db, checks);
  if (now - (checks.get(key) ?? -Infinity) < ANALYZE_CHECK_MS) return;
  checks.set(key, now);
  const list = sql.join(tables.map((t) => sql`${t}`), sql`, `);
  const grown = await rows<{ relname: string }>(
    db,
    sql`select c.relname from pg_class c
         where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and c.relname in (${list})
           and pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * ${sql.raw(String(GROWN_RATIO))} + ${sql.raw(String(GROWN_PAGES))}`,
  );
  // Names from the catalogue of the tables asked for, never from input.
  for (const { relname } of grown) await db.execute(sql.raw(`analyze "${relname.replace(/"/g, '""')}"`));
}
