import 'server-only';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { yieldToOthers } from '../../db/yield';
import { catalogImports, catalogItems, catalogPrices } from '../../db/schema';
import { log } from '../../log';
import { applyingHere } from './apply-jobs';

/**
 * Rows of a price list being applied. The apply writes its items and prices in short transactions, each marked
 * with the import's id, so that other requests are served between them (PGlite has one connection); while the
 * import is `applying`, or keeps the token of a run whose rows are not removed yet (`options.applyRun`, cleared
 * when it is applied or its rows are gone), those rows are there for no reader. One short last transaction makes
 * the import `applied` and so all its rows visible at once; a failed apply removes them.
 */
const PENDING = sql.raw(`select m.id from catalog_imports m where m.state = 'applying' or m.options->>'applyRun' is not null`);
export const notPending = (importId: AnyPgColumn | SQL) => sql`(${importId} is null or ${importId} not in (${PENDING}))`;

/** Conditions for the two tables as drizzle names them (not for a query that aliases them). */
export const itemVisible = () => notPending(catalogItems.importId);
export const priceVisible = () => notPending(catalogPrices.importId);

/** Rows removed per statement (PGlite serves other requests between two). */
const DROP_BATCH = 2000;

/**
 * Groups made by the import that hold nothing now — no item (archived ones too) and no group: a failed apply or an
 * undo removes them; a group another import or the owner has filed something in since stays.
 */
export const emptyGroupsOf = (importId: string) =>
  sql`select g.id from catalog_groups g where g.import_id = ${importId}::uuid
        and not exists (select 1 from catalog_items i where i.group_id = g.id)
        and not exists (select 1 from catalog_groups c where c.parent_id = g.id)`;

/**
 * Removes what an apply of the import wrote, a batch per statement — only while the import is not `applied` and its
 * run token is still `run` (each statement checks): the price rows of an applied import carry the same id and are
 * what its undo removes, and a run that lost the import to another leaves it to that one. The groups it made go
 * last, those still empty once its items are gone.
 */
export async function dropPending(db: Db, importId: string, run: string | null): Promise<void> {
  const mine = sql`exists (select 1 from catalog_imports m where m.id = ${importId}::uuid and m.state <> 'applied' and (m.options->>'applyRun') is not distinct from ${run}::text)`;
  for (const table of ['catalog_prices', 'catalog_items'] as const) {
    for (;;) {
      const started = performance.now();
      const [n] = await rows<{ n: number }>(
        db,
        sql`with d as (delete from ${sql.identifier(table)} where id in (select id from ${sql.identifier(table)} where import_id = ${importId}::uuid limit ${DROP_BATCH})
              and ${mine} returning 1)
            select count(*)::int as n from d`,
      );
      if (Number(n?.n ?? 0) < DROP_BATCH) break;
      await yieldToOthers(db, performance.now() - started);
    }
  }
  await db.execute(sql`delete from catalog_groups where id in (${emptyGroupsOf(importId)}) and ${mine}`);
}

export const APPLY_INTERRUPTED = 'Применение прервалось (сервер перезапускался); каталог не изменился. Примените снова.';

/**
 * At start-up on PGlite (one process owns the database, so an import still `applying` and not applied by this
 * process lost its apply with the last one): the rows of a lost apply, or of a failed one that could not remove them
 * (`applyRun` still set), are removed and the import is `ready` again (with a Russian message for a lost one). On
 * PostgreSQL another instance may be applying, so nothing is touched: the rows stay unseen until the import is
 * applied again (which removes them first).
 */
export async function cleanLostApplies(ctx: AppContext): Promise<void> {
  if (ctx.database.driver === 'postgres') return;
  const token = sql<string | null>`${catalogImports.options}->>'applyRun'`;
  const lost = await ctx.db
    .select({ id: catalogImports.id, state: catalogImports.state, run: token })
    .from(catalogImports)
    .where(or(eq(catalogImports.state, 'applying'), sql`${token} is not null`));
  for (const { id, state, run } of lost) {
    if (applyingHere(id)) continue;
    await dropPending(ctx.db, id, run);
    await ctx.db
      .update(catalogImports)
      .set({ state: 'ready', ...(state === 'applying' && { error: APPLY_INTERRUPTED }), options: sql`${catalogImports.options} || '{"applyRun": null}'::jsonb` })
      .where(and(eq(catalogImports.id, id), eq(catalogImports.state, state), sql`${token} is not distinct from ${run}::text`));
    log.info(`catalog import ${id}: rows of an apply lost with the last process or left by a failed one were removed`);
  }
}
