import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeName } from '@/lib/domain/catalog';
import { okeiCodeOf } from '@/lib/domain/cost/okei';
import { importIdInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { catalogImportRows, catalogImports } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importState } from './import-model';
import type { PreviewOptions } from './import-run';
import { touchItemsInUse } from './usage';

/** Items written by one statement: a few thousand rows as one JSON parameter, read by `json_to_recordset`. */
const CHUNK = 5000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** New items for the rows marked to create, each with its price row, a few thousand per statement; returns their ids. */
async function createItems(tx: Db, ownerId: string, imp: { id: string; supplierId: string }, opts: PreviewOptions): Promise<string[]> {
  const wanted = await tx
    .select({ name: catalogImportRows.name, article: catalogImportRows.article, unit: catalogImportRows.unit, priceKop: catalogImportRows.priceKop, vatRate: catalogImportRows.vatRate })
    .from(catalogImportRows)
    .where(and(eq(catalogImportRows.importId, imp.id), eq(catalogImportRows.status, 'new'), eq(catalogImportRows.create, true)))
    .orderBy(asc(catalogImportRows.row));
  const ids: string[] = [];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const part = wanted.slice(i, i + CHUNK).map((r) => {
      const unit = r.unit || 'шт';
      const id = randomUUID();
      ids.push(id);
      return { id, name: r.name, norm: normalizeName(r.name), article: r.article, unit, okei: okeiCodeOf(unit) ?? '', price: r.priceKop, vat: r.vatRate };
    });
    await tx.execute(sql`
      with x as (select * from json_to_recordset(${JSON.stringify(part)}::json) as x(id uuid, name text, norm text, article text, unit text, okei text, price bigint, vat text)),
      made as (
        insert into catalog_items (id, owner_id, name, name_norm, article, unit, okei, prices_changed_at)
        select id, ${ownerId}::text, name, norm, article, unit, okei, now() from x
      )
      insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
      select ${ownerId}::text, x.id, ${imp.supplierId}::uuid, x.price, ${opts.vatIncluded}::boolean, coalesce(x.vat, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid from x`);
    await yieldToOthers();
  }
  return ids;
}

/**
 * `catalog/import/apply {importId}` → `{applied: {prices, created}}`: in one transaction, new items for the rows
 * marked to create and a price row (valid from the preview's date) for every changed, new-and-created and matched
 * row; uncertain rows not reviewed, skipped rows, unchanged prices and errors are left out. Set-based: the items in
 * chunks of a few thousand per statement, the prices and the «цены устарели» mark by one statement each. Only a
 * ready preview (409).
 */
export const importApply = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    const opts = imp.options as unknown as PreviewOptions;
    const result = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [claimed] = await tx
        .update(catalogImports)
        .set({ state: 'applied', appliedAt: sql`now()` as unknown as Date })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'ready')))
        .returning({ id: catalogImports.id });
      if (!claimed) throw importState(imp.state === 'applied' ? 'Этот импорт уже применён.' : 'Предпросмотр ещё не готов или импорт отменён.');
      const created = await createItems(tx, user.id, imp, opts);
      // Prices of the changed rows; an item deleted since the preview is left out.
      const [priced] = await rows<{ n: number }>(
        tx,
        sql`
        with p as (
          insert into catalog_prices (owner_id, item_id, supplier_id, price_kop, vat_included, vat_rate, valid_from, import_id)
          select ${user.id}::text, r.item_id, ${imp.supplierId}::uuid, r.price_kop, ${opts.vatIncluded}::boolean, coalesce(r.vat_rate, ${opts.vatRate}::text), ${opts.validFrom}::date, ${imp.id}::uuid
          from catalog_import_rows r join catalog_items i on i.id = r.item_id and i.owner_id = ${user.id}::text
          where r.import_id = ${imp.id}::uuid and r.status = 'changed'
          order by r."row"
          returning item_id
        )
        select count(*)::int as n from p`,
      );
      await touchItemsInUse(tx, user.id, sql`select item_id from catalog_import_rows where import_id = ${imp.id}::uuid and status = 'changed'`);
      await tx.update(catalogImports).set({ createdItems: created, data: null }).where(eq(catalogImports.id, imp.id));
      return { prices: Number(priced?.n ?? 0) + created.length, created: created.length };
    });
    return { msg: `Импорт применён: цен — ${result.prices}, новых позиций — ${result.created}.`, applied: result };
  },
});
