import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { normalizeName } from '@/lib/domain/catalog';
import { normalizeUnit } from '@/lib/domain/cost/okei';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { yieldToOthers } from '../../db/yield';
import { catalogImportRows, catalogImports } from '../../db/schema';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { jobs, type ImportWire } from './apply-jobs';
import { importOnWire, type ImportDbRow } from './import-model';
import type { PreviewOptions } from './import-run';
import { dropPending } from './pending';
import { touchItemsInUse } from './usage';

/** Rows applied by one statement (its own transaction), between two yields to other requests and progress reports. */
const BATCH = 1000;

/** Writes one batch (on the database it is given) and says how many rows it applied. */
type Step = (write: (db: Db) => Promise<number>) => Promise<void>;

/** Thrown in a run whose import another run has claimed since: it stops and leaves the import to that run. */
class ClaimLost extends Error {}

export { liveApply, type ImportWire } from './apply-jobs';

/** How many rows applying changes: the new rows marked to create and the changed prices of items still there. */
export async function rowsToApply(db: Db, ownerId: string, importId: string): Promise<number> {
  const [n] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from catalog_import_rows r left join catalog_items i on i.id = r.item_id and i.owner_id = ${ownerId}::text
        where r.import_id = ${importId}::uuid and ((r.status = 'new' and r."create") or (r.status = 'changed' and i.id is not null))`,
  );
  return Number(n?.n ?? 0);
}

/**
 * The top-level groups of the owner named as in the file (case aside), made where there is none yet: a price list's
 * «Группа» column files its new items as the supplier grouped them. A group made here carries the import's id: its
 * undo (or a failed apply) removes it while it is empty.
 */
async function groupsByName(db: Db, ownerId: string, importId: string, names: string[]): Promise<Map<string, string>> {
  const wanted = [...new Map(names.filter(Boolean).map((n) => [n.toLowerCase(), n.slice(0, 200)])).values()];
  const byName = new Map<string, string>();
  if (!wanted.length) return byName;
  const found = await rows<{ id: string; name: string }>(
    db,
    sql`select distinct on (lower(name)) id, name from catalog_groups
        where owner_id = ${ownerId}::text and parent_id is null and lower(name) in (select lower(n) from json_array_elements_text(${JSON.stringify(wanted)}::json) as n)
        order by lower(name), created_at`,
  );
  for (const g of found) byName.set(g.name.toLowerCase(), g.id);
  const missing = wanted.filter((n) => !byName.has(n.toLowerCase()));
  if (missing.length) {
    const made = await rows<{ id: string; name: string }>(
      db,
      sql`insert into catalog_groups (owner_id, name, import_id) select ${ownerId}::text, n, ${importId}::uuid from json_array_elements_text(${JSON.stringify(missing)}::json) as n returning id, name`,
    );
    for (const g of made) byName.set(g.name.toLowerCase(), g.id);
  }
  return byName;
}

/** New items for the rows marked to create, each with its price row, a batch of rows per statement; returns how many. */
async function createItems(db: Db, ownerId: string, imp: { id: string; supplierId: string }, opts: PreviewOptions, step: Step): Promise<number> {
  let made = 0;
  for (let last = 0; ; ) {
    const wanted = await db
      .select({
        row: catalogImportRows.row,
        name: catalogImportRows.name,
        article: catalogImportRows.article,
        unit: catalogImportRows.unit,
        groupName: catalogImportRows.groupName,
        itemType: catalogImportRows.itemType,
        priceKop: catalogImportRows.priceKop,
        vatRate: catalogImportRows.vatRate,
      })
      .from(catalogImportRows)
      .where(and(eq(catalogImportRows.importId, imp.id), gt(catalogImportRows.row, last), eq(catalogImportRows.status, 'new'), eq(catalogImportRows.create, true)))
      .orderBy(asc(catalogImportRows.row))
      .limit(BATCH);
    if (!wanted.length) return made;
    last = wanted[wanted.length - 1]!.row;
    const part = wanted.map((r) => {
      // «м2», «м.п.», «пара» as the ОКЕИ units the catalogue already has («м²» 055, «пог. м» 018, «пар» 715).
      const { unit, okei } = normalizeUnit(r.unit || 'шт');
      const group = r.groupName.trim();
      const type = r.itemType ?? 'material';
      return { id: randomUUID(), name: r.name, norm: normalizeName(r.name), article: r.article, unit: unit || 'шт', okei, type, group, groupId: null as string | null, price: r.priceKop, vat: r.vatRate };
    });
    await step(async (tx) => {
      const groups = await groupsByName(tx, ownerId, imp.id, part.map((p) => p.group));
      for (const p of part) p.groupId = groups.get(p.group.toLowerCase()) ?? null;
      await tx.execute(sql`
      with x as (select * from json_to_recordset(${JSON.stringify(part)}::json) as x(id uuid, name text, norm text, article text, unit text, okei text, type text, "groupId" uuid, price bigint, vat text)),
      made as (
        insert into catalog_items (id, owner_id, name, name_norm, article, unit, okei, type, group_id, prices_changed_at, import_id)
        select id, ${ownerId}::text, name, norm, article, unit, okei, type, "groupId", now(), ${imp.id}::uuid from x
      )
      insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
      select ${ownerId}::text, x.id, ${imp.supplierId}::uuid, x.price, ${opts.vatIncluded}::boolean and coalesce(x.vat, ${opts.vatRate}::text) <> 'none', coalesce(x.vat, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid from x`);
      return part.length;
    });
    made += part.length;
  }
}

/** Price rows of the changed rows (an item deleted since the preview is left out), a batch of rows per statement. */
async function writePrices(db: Db, ownerId: string, imp: { id: string; supplierId: string }, opts: PreviewOptions, step: Step): Promise<number> {
  let written = 0;
  for (let last = 0; ; ) {
    let b: { last: number | null; seen: number; n: number } | undefined;
    await step(async (tx) => {
      [b] = await rows<{ last: number | null; seen: number; n: number }>(
      tx,
      sql`
      with r as (
        select r."row", r.item_id, r.price_kop, r.vat_rate from catalog_import_rows r
        where r.import_id = ${imp.id}::uuid and r.status = 'changed' and r."row" > ${last}
        order by r."row" limit ${BATCH}
      ),
      p as (
        insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
        select ${ownerId}::text, r.item_id, ${imp.supplierId}::uuid, r.price_kop, ${opts.vatIncluded}::boolean and coalesce(r.vat_rate, ${opts.vatRate}::text) <> 'none', coalesce(r.vat_rate, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid
        from r join catalog_items i on i.id = r.item_id and i.owner_id = ${ownerId}::text
        order by r."row"
        returning 1
      )
      select (select max("row") from r) as last, (select count(*) from r)::int as seen, (select count(*) from p)::int as n`,
      );
      return Number(b?.n ?? 0);
    });
    written += Number(b?.n ?? 0);
    if (!b || b.last === null || Number(b.seen) < BATCH) return written;
    last = Number(b.last);
  }
}

/**
 * Applies a claimed import (state `applying`, `options.applyRun` the token of this run) in the background. The new
 * items with their prices, then the changed prices, are written a batch per statement, each its own short
 * transaction marked with the import's id (unseen by every reader, see `pending.ts`), with a progress report and a
 * yield to other requests between batches. One short last transaction does the «цены устарели» mark and makes the
 * import `applied` with its result — and so all its rows visible at once. Any failure removes what was written and
 * returns the import to `ready` with a Russian message in `error`: all or nothing. The run owns the import only
 * while its token is the one stored: the batches (on PostgreSQL, where another instance may take over an apply it
 * takes as lost), the last transaction and the clean-up after a failure each require it, and a run that has lost
 * it stops and touches nothing more.
 */
export async function runApply(ctx: AppContext, ownerId: string, imp: Omit<ImportDbRow, 'data'>, total: number): Promise<void> {
  const opts = imp.options as unknown as PreviewOptions;
  const run = String(imp.options.applyRun);
  const owned = and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'applying'), sql`${catalogImports.options}->>'applyRun' = ${run}`);
  const wire: ImportWire = { ...importOnWire(imp), state: 'applying', done: 0, total, error: null };
  jobs.set(imp.id, { ownerId, wire });
  const shared = ctx.database.driver === 'postgres';
  const db = ctx.db;
  let since = performance.now();
  const step: Step = async (write) => {
    // PostgreSQL: the batch and the progress in one transaction, the progress written only while the run owns the
    // import — so a batch either commits before another run's claim (whose clean-up then removes it) or not at all.
    // PGlite: one process owns the database and never takes over an apply it runs (`liveApply`): no write.
    const n = shared
      ? await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const k = await write(tx);
          const [mine] = await tx.update(catalogImports).set({ progressDone: wire.done + k }).where(owned).returning({ id: catalogImports.id });
          if (!mine) throw new ClaimLost();
          return k;
        })
      : await write(db);
    wire.done += n;
    await yieldToOthers(db, performance.now() - since);
    since = performance.now();
  };
  try {
    // Rows of an earlier apply of this import (lost with its process, or not removed after a failure).
    await dropPending(db, imp.id, run);
    const created = await createItems(db, ownerId, imp, opts, step);
    const priced = await writePrices(db, ownerId, imp, opts, step);
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await touchItemsInUse(tx, ownerId, sql`select item_id from catalog_import_rows where import_id = ${imp.id}::uuid and status = 'changed'`);
      const [g] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from catalog_groups where import_id = ${imp.id}::uuid`);
      const applied = { prices: priced + created, created, groups: Number(g?.n ?? 0) };
      const [done] = await tx
        .update(catalogImports)
        .set({ state: 'applied', appliedAt: sql`now()` as unknown as Date, data: null, progressDone: total, progressTotal: total, options: { ...opts, applied, applyRun: null } })
        .where(owned)
        .returning({ id: catalogImports.id });
      if (!done) throw new ClaimLost();
    });
  } catch (e) {
    if (e instanceof ClaimLost) {
      log.warn(`catalog import ${imp.id}: another run took the apply over; this one stops`);
      return;
    }
    if (!(e instanceof ServiceError)) log.error(`catalog import ${imp.id} apply failed`, e);
    const msg = e instanceof ServiceError ? e.message : 'Применить не удалось из-за ошибки на сервере; каталог не изменился. Попробуйте ещё раз.';
    let dropped = false;
    try {
      await dropPending(db, imp.id, run);
      dropped = true;
    } catch (err) {
      log.error(`catalog import ${imp.id}: rows of a failed apply not removed`, err);
    }
    // `ready` even when its rows could not be removed: `applyRun` left set keeps them unseen (`pending.ts`), and the
    // next apply or the start-up clean-up (PGlite) removes them.
    await db
      .update(catalogImports)
      .set({ state: 'ready', error: msg, progressDone: imp.progressDone, progressTotal: imp.progressTotal, options: { ...imp.options, applyRun: dropped ? null : run } })
      .where(owned)
      .catch((err) => log.error(`catalog import ${imp.id}: a failed apply left applying`, err));
  } finally {
    jobs.delete(imp.id);
  }
}
