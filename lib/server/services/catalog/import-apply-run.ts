import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { normalizeName } from '@/lib/domain/catalog';
import { okeiCodeOf } from '@/lib/domain/cost/okei';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { yieldToOthers } from '../../db/yield';
import { catalogImportRows, catalogImports } from '../../db/schema';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { importOnWire, type ImportDbRow } from './import-model';
import type { PreviewOptions } from './import-run';
import { dropPending } from './pending';
import { touchItemsInUse } from './usage';

/** Rows applied by one statement (its own transaction), between two yields to other requests and progress reports. */
const BATCH = 1000;

export type ImportWire = ReturnType<typeof importOnWire>;

/**
 * Applies in progress in this process: the import as `catalog/import/status` answers it, with its progress (no
 * write per batch on PGlite); on PostgreSQL the progress is also written into the import's row (other instances
 * read it).
 */
const KEY = Symbol.for('kalkulus.catalogApplyJobs');
const holder = globalThis as { [KEY]?: Map<string, { ownerId: string; wire: ImportWire }> };
const jobs = (holder[KEY] ??= new Map());

export function liveApply(ownerId: string, importId: string): ImportWire | undefined {
  const job = jobs.get(importId);
  return job && job.ownerId === ownerId ? { ...job.wire } : undefined;
}

/** How many rows applying changes: the new rows marked to create and the changed prices of items still there. */
export async function rowsToApply(db: Db, ownerId: string, importId: string): Promise<number> {
  const [n] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from catalog_import_rows r left join catalog_items i on i.id = r.item_id and i.owner_id = ${ownerId}::text
        where r.import_id = ${importId}::uuid and ((r.status = 'new' and r."create") or (r.status = 'changed' and i.id is not null))`,
  );
  return Number(n?.n ?? 0);
}

/** New items for the rows marked to create, each with its price row, a batch of rows per statement; returns how many. */
async function createItems(db: Db, ownerId: string, imp: { id: string; supplierId: string }, opts: PreviewOptions, progress: (n: number) => Promise<void>): Promise<number> {
  let made = 0;
  for (let last = 0; ; ) {
    const wanted = await db
      .select({ row: catalogImportRows.row, name: catalogImportRows.name, article: catalogImportRows.article, unit: catalogImportRows.unit, priceKop: catalogImportRows.priceKop, vatRate: catalogImportRows.vatRate })
      .from(catalogImportRows)
      .where(and(eq(catalogImportRows.importId, imp.id), gt(catalogImportRows.row, last), eq(catalogImportRows.status, 'new'), eq(catalogImportRows.create, true)))
      .orderBy(asc(catalogImportRows.row))
      .limit(BATCH);
    if (!wanted.length) return made;
    last = wanted[wanted.length - 1]!.row;
    const part = wanted.map((r) => {
      const unit = r.unit || 'шт';
      return { id: randomUUID(), name: r.name, norm: normalizeName(r.name), article: r.article, unit, okei: okeiCodeOf(unit) ?? '', price: r.priceKop, vat: r.vatRate };
    });
    await db.execute(sql`
      with x as (select * from json_to_recordset(${JSON.stringify(part)}::json) as x(id uuid, name text, norm text, article text, unit text, okei text, price bigint, vat text)),
      made as (
        insert into catalog_items (id, owner_id, name, name_norm, article, unit, okei, prices_changed_at, import_id)
        select id, ${ownerId}::text, name, norm, article, unit, okei, now(), ${imp.id}::uuid from x
      )
      insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
      select ${ownerId}::text, x.id, ${imp.supplierId}::uuid, x.price, ${opts.vatIncluded}::boolean, coalesce(x.vat, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid from x`);
    made += part.length;
    await progress(part.length);
  }
}

/** Price rows of the changed rows (an item deleted since the preview is left out), a batch of rows per statement. */
async function writePrices(db: Db, ownerId: string, imp: { id: string; supplierId: string }, opts: PreviewOptions, progress: (n: number) => Promise<void>): Promise<number> {
  let written = 0;
  for (let last = 0; ; ) {
    const [b] = await rows<{ last: number | null; seen: number; n: number }>(
      db,
      sql`
      with r as (
        select r."row", r.item_id, r.price_kop, r.vat_rate from catalog_import_rows r
        where r.import_id = ${imp.id}::uuid and r.status = 'changed' and r."row" > ${last}
        order by r."row" limit ${BATCH}
      ),
      p as (
        insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
        select ${ownerId}::text, r.item_id, ${imp.supplierId}::uuid, r.price_kop, ${opts.vatIncluded}::boolean, coalesce(r.vat_rate, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid
        from r join catalog_items i on i.id = r.item_id and i.owner_id = ${ownerId}::text
        order by r."row"
        returning 1
      )
      select (select max("row") from r) as last, (select count(*) from r)::int as seen, (select count(*) from p)::int as n`,
    );
    const n = Number(b?.n ?? 0);
    written += n;
    if (n) await progress(n);
    if (!b || b.last === null || Number(b.seen) < BATCH) return written;
    last = Number(b.last);
  }
}

/**
 * Applies a claimed import (state `applying`) in the background. The new items with their prices, then the changed
 * prices, are written a batch per statement, each its own short transaction marked with the import's id (unseen by
 * every reader while the import is `applying`, see `pending.ts`), with a progress report and a yield to other
 * requests between batches. One short last transaction does the «цены устарели» mark and makes the import `applied`
 * with its result — and so all its rows visible at once. Any failure removes what was written and returns the
 * import to `ready` with a Russian message in `error`: all or nothing.
 */
export async function runApply(ctx: AppContext, ownerId: string, imp: Omit<ImportDbRow, 'data'>, total: number): Promise<void> {
  const opts = imp.options as unknown as PreviewOptions;
  const wire: ImportWire = { ...importOnWire(imp), state: 'applying', done: 0, total, error: null };
  jobs.set(imp.id, { ownerId, wire });
  const shared = ctx.database.driver === 'postgres';
  const db = ctx.db;
  let since = performance.now();
  const progress = async (n: number) => {
    wire.done += n;
    if (shared) await db.update(catalogImports).set({ progressDone: wire.done }).where(eq(catalogImports.id, imp.id));
    await yieldToOthers(db, performance.now() - since);
    since = performance.now();
  };
  try {
    // Rows of an earlier apply of this import lost with its process.
    await dropPending(db, imp.id);
    const created = await createItems(db, ownerId, imp, opts, progress);
    const priced = await writePrices(db, ownerId, imp, opts, progress);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await touchItemsInUse(tx, ownerId, sql`select item_id from catalog_import_rows where import_id = ${imp.id}::uuid and status = 'changed'`);
      const applied = { prices: priced + created, created };
      const [done] = await tx
        .update(catalogImports)
        .set({ state: 'applied', appliedAt: sql`now()` as unknown as Date, data: null, progressDone: total, progressTotal: total, options: { ...opts, applied } })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'applying')))
        .returning({ id: catalogImports.id });
      if (!done) throw new ServiceError('IMPORT_STATE', 'Импорт изменился во время применения.');
    });
  } catch (e) {
    if (!(e instanceof ServiceError)) log.error(`catalog import ${imp.id} apply failed`, e);
    const msg = e instanceof ServiceError ? e.message : 'Применить не удалось из-за ошибки на сервере; каталог не изменился. Попробуйте ещё раз.';
    try {
      await dropPending(db, imp.id);
      await db
        .update(catalogImports)
        .set({ state: 'ready', error: msg, progressDone: imp.progressDone, progressTotal: imp.progressTotal })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'applying')));
    } catch (err) {
      // Still `applying`: its rows stay unseen; the start-up clean-up (PGlite) or the next apply removes them.
      log.error(`catalog import ${imp.id}: rows of a failed apply not removed`, err);
    }
  } finally {
    jobs.delete(imp.id);
  }
}
