import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { yieldToOthers } from '../../db/yield';
import { catalogImports, catalogItems, catalogPrices } from '../../db/schema';
import { log } from '../../log';

/**
 * Rows of a price list being applied. The apply writes its items and prices in short transactions, each marked
 * with the import's id, so that other requests are served between them (PGlite has one connection); while the
 * import is `applying` those rows are there for no reader. One short last transaction makes the import `applied`
 * and so all its rows visible at once; a failed apply removes them before the import leaves `applying`.
 */
export const notPending = (importId: AnyPgColumn | SQL) =>
  sql`(${importId} is null or ${importId} not in (select m.id from catalog_imports m where m.state = 'applying'))`;

/** Conditions for the two tables as drizzle names them (not for a query that aliases them). */
export const itemVisible = () => notPending(catalogItems.importId);
export const priceVisible = () => notPending(catalogPrices.importId);

/** Rows removed per statement (PGlite serves other requests between two). */
const DROP_BATCH = 2000;

/**
 * Removes what an apply of the import wrote, a batch per statement — only while the import is `applying` (each
 * statement checks): the price rows of an applied import carry the same id and are what its undo removes.
 */
export async function dropPending(db: Db, importId: string): Promise<void> {
  for (const table of ['catalog_prices', 'catalog_items'] as const) {
    for (;;) {
      const started = performance.now();
      const [n] = await rows<{ n: number }>(
        db,
        sql`with d as (delete from ${sql.identifier(table)} where id in (select id from ${sql.identifier(table)} where import_id = ${importId}::uuid limit ${DROP_BATCH})
              and exists (select 1 from catalog_imports m where m.id = ${importId}::uuid and m.state = 'applying') returning 1)
            select count(*)::int as n from d`,
      );
      if (Number(n?.n ?? 0) < DROP_BATCH) break;
      await yieldToOthers(db, performance.now() - started);
    }
  }
}

export const APPLY_INTERRUPTED = 'Применение прервалось (сервер перезапускался); каталог не изменился. Примените снова.';

/**
 * At start-up on PGlite (one process owns the database, so an import still `applying` lost its apply with the last
 * process): its rows are removed and the import is `ready` again with a Russian message. On PostgreSQL another
 * instance may be applying, so nothing is touched: the rows of a lost apply stay unseen until it is applied again
 * (which removes them first).
 */
export async function cleanLostApplies(ctx: AppContext): Promise<void> {
  if (ctx.database.driver === 'postgres') return;
  const lost = await ctx.db.select({ id: catalogImports.id }).from(catalogImports).where(eq(catalogImports.state, 'applying'));
  for (const { id } of lost) {
    await dropPending(ctx.db, id);
    await ctx.db
      .update(catalogImports)
      .set({ state: 'ready', error: APPLY_INTERRUPTED })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.state, 'applying')));
    log.info(`catalog import ${id}: an apply lost with the last process was rolled back`);
  }
}
