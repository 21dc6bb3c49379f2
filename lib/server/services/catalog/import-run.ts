import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createMatcher, normalizeArticle, priceChange, readItemType, rubToKop, vatBasisOf, type BasedPrice } from '@/lib/domain/catalog';
import { parseDecimal } from '@/lib/domain/money';
import type { ImportMapping } from '@/lib/schemas/catalog';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { yieldToOthers } from '../../db/yield';
import { catalogImportRows, catalogImports, catalogItems, catalogSupplierMatches } from '../../db/schema';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { FIELD_TITLES, summaryOf } from './import-model';
import { columnLetter, fileRows, type ImportFormat } from './import-read';
import { itemVisible, notPending } from './pending';

export interface PreviewOptions {
  mapping: ImportMapping;
  headerRow: boolean;
  validFrom: string;
  vatIncluded: boolean;
  vatRate: string;
}

/** Rows matched between two yields and written by one statement (as one JSON parameter). */
const BATCH = 2000;
type RowInsert = typeof catalogImportRows.$inferInsert;

/** The price a cell holds: «1 234,56», «1234.56 ₽», «1 234,56 руб.»; null with a Russian reason otherwise. */
function readPrice(text: string): { kop: number } | { reason: string } {
  const t = text.replace(/\s*(₽|руб\.?|р\.)\s*$/i, '').trim();
  if (!t) return { reason: 'пусто, нужна цена' };
  const r = parseDecimal(t, 2);
  if (!r.ok) return { reason: r.reason === 'places' ? `«${text}» — больше двух знаков после запятой` : `«${text}» — не число` };
  if (r.value.isNegative()) return { reason: `«${text}» — цена не может быть отрицательной` };
  if (r.value.gt(1_000_000_000)) return { reason: `«${text}» — слишком большая цена` };
  return { kop: rubToKop(r.value.toFixed()) };
}

function readVat(text: string): string | null {
  const t = text.replace('%', '').trim().toLowerCase();
  if (!t) return null;
  if (/без/.test(t)) return 'none';
  const r = parseDecimal(t, 2);
  return r.ok && !r.value.isNegative() && r.value.lte(100) ? r.value.toFixed() : null;
}

/**
 * The supplier's current price (kopecks, with its VAT basis) of each of the items on the day: the «old» figure of the preview. One
 * supplier's row in force is its latest valid by then (the later written on the same day), as in the price-on-date
 * rule. Asked per batch of rows, for the items they matched (a short statement on the item index).
 */
async function supplierPrices(db: Db, ownerId: string, supplierId: string, date: string, itemIds: string[]): Promise<Map<string, BasedPrice>> {
  if (!itemIds.length) return new Map();
  const found = await rows<{ item_id: string; price_kop: string | number; vat_included: boolean; vat_rate: string }>(
    db,
    sql`select distinct on (item_id) item_id, price_kop, vat_included, vat_rate from catalog_prices
        where item_id = any(${`{${[...new Set(itemIds)].join(',')}}`}::uuid[]) and owner_id = ${ownerId}::text and supplier_id = ${supplierId}::uuid
          and valid_from <= ${date}::date and ${notPending(sql`import_id`)}
        order by item_id, valid_from desc, created_at desc`,
  );
  return new Map(found.map((r) => [r.item_id, { kop: Number(r.price_kop), vatIncluded: r.vat_included, vatRate: r.vat_rate }]));
}

/** The items the owner matched this supplier's articles to in earlier reviews (visible items only), by article. */
async function rememberedMatches(db: Db, ownerId: string, supplierId: string): Promise<Map<string, string>> {
  const found = await db
    .select({ article: catalogSupplierMatches.article, itemId: catalogSupplierMatches.itemId })
    .from(catalogSupplierMatches)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogSupplierMatches.itemId))
    .where(and(eq(catalogSupplierMatches.ownerId, ownerId), eq(catalogSupplierMatches.supplierId, supplierId), itemVisible()));
  return new Map(found.map((r) => [r.article, r.itemId]));
}

/** Items of the owner read per statement into the matcher. */
const ITEMS_PAGE = 5000;

/**
 * The matcher over the owner's items, read a page per statement (oldest first: of two items with the same article
 * or name the older one is matched), yielding to other requests between pages.
 */
async function ownerMatcher(db: Db, ownerId: string) {
  const matcher = createMatcher();
  for (let after: { at: string; id: string } | null = null; ; ) {
    const started = performance.now();
    const page: { id: string; name: string; article: string; at: string }[] = await rows<{ id: string; name: string; article: string; at: string }>(
      db,
      sql`select id, name, article, created_at::text as at from catalog_items
          where owner_id = ${ownerId}::text and ${notPending(sql`import_id`)}
            ${after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at, id limit ${ITEMS_PAGE}`,
    );
    matcher.add(page);
    if (page.length < ITEMS_PAGE) return matcher;
    after = page[page.length - 1]!;
    await yieldToOthers(db, performance.now() - started);
  }
}

/** Preview rows by one statement: the batch as one JSON parameter, read by `json_to_recordset`. */
async function writeRows(db: Db, batch: RowInsert[]) {
  await db.execute(sql`
    insert into catalog_import_rows (import_id, "row", article, name, unit, group_name, item_type, price_kop, vat_rate, status, item_id, score, old_price_kop, old_vat_included, old_vat_rate, error)
    select "importId", "row", article, name, unit, "groupName", "itemType", "priceKop", "vatRate", status, "itemId", score, "oldPriceKop", "oldVatIncluded", "oldVatRate", error
    from json_to_recordset(${JSON.stringify(batch)}::json) as x("importId" uuid, "row" int, article text, name text, unit text, "groupName" text, "itemType" text, "priceKop" bigint, "vatRate" text, status text, "itemId" uuid, score real, "oldPriceKop" bigint, "oldVatIncluded" boolean, "oldVatRate" text, error text)
    on conflict do nothing`);
}

/** Status of a matched row from its old and new price, each with its VAT basis. */
export const priceStatus = (old: BasedPrice | null, next: BasedPrice) => (priceChange(old, next).unchanged ? 'unchanged' : 'changed');

/** The supplier's old price of a preview row (null: none). */
export const oldPriceOf = (r: { oldPriceKop: number | null; oldVatIncluded: boolean | null; oldVatRate: string | null }): BasedPrice | null =>
  r.oldPriceKop === null ? null : { kop: r.oldPriceKop, vatIncluded: r.oldVatIncluded ?? false, vatRate: r.oldVatRate ?? 'none' };

/** The new price of a preview row: its figure with the row's own rate, else the file's choice. */
export const newPriceOf = (r: { priceKop: number; vatRate: string | null }, opts: Pick<PreviewOptions, 'vatIncluded' | 'vatRate'>): BasedPrice => ({
  kop: r.priceKop,
  ...vatBasisOf(opts.vatIncluded, r.vatRate, opts.vatRate),
});

/**
 * Reads the whole file with the mapping, matches each row to an item (article, then name, then fuzzily) and writes
 * the preview rows in batches, progress in the import's row; yields between batches so other requests go on.
 * Errors name the row and the column. Nothing in the catalogue changes.
 */
export async function runPreview(ctx: AppContext, ownerId: string, importId: string, opts: PreviewOptions): Promise<void> {
  const db = ctx.db;
  try {
    const [file] = await db.select({ data: catalogImports.data, format: catalogImports.format, supplierId: catalogImports.supplierId }).from(catalogImports).where(eq(catalogImports.id, importId));
    if (!file?.data) throw new ServiceError('IMPORT_STATE', 'Файл импорта уже не хранится: загрузите его снова.');
    await db.delete(catalogImportRows).where(eq(catalogImportRows.importId, importId));
    const { match } = await ownerMatcher(db, ownerId);
    const remembered = await rememberedMatches(db, ownerId, file.supplierId);
    const m = opts.mapping;
    const colName = (field: keyof ImportMapping) => {
      const idx = m[field]!;
      return `столбец ${file.format === 'xlsx' ? columnLetter(idx) : idx + 1} «${FIELD_TITLES[field]}»`;
    };
    let batch: RowInsert[] = [];
    // Rows of the batch matched to an item: their old price and status are filled in when it is written.
    let hits: { r: RowInsert; fuzzy: boolean }[] = [];
    let done = 0;
    const flush = async () => {
      const started = performance.now();
      const old = await supplierPrices(db, ownerId, file.supplierId, opts.validFrom, hits.map((h) => h.r.itemId!));
      for (const { r, fuzzy } of hits) {
        const was = old.get(r.itemId!) ?? null;
        r.oldPriceKop = was?.kop ?? null;
        r.oldVatIncluded = was?.vatIncluded ?? null;
        r.oldVatRate = was?.vatRate ?? null;
        r.status = fuzzy ? 'uncertain' : priceStatus(was, newPriceOf({ priceKop: r.priceKop!, vatRate: r.vatRate ?? null }, opts));
      }
      if (batch.length) await writeRows(db, batch);
      batch = [];
      hits = [];
      await db.update(catalogImports).set({ progressDone: done }).where(eq(catalogImports.id, importId));
      await yieldToOthers(db, performance.now() - started);
    };
    let first = true;
    for await (const { row, cells } of fileRows(file.data, file.format as ImportFormat)) {
      if (first && opts.headerRow) {
        first = false;
        continue;
      }
      first = false;
      done++;
      const get = (f: keyof ImportMapping) => (m[f] === undefined ? '' : (cells[m[f]!] ?? '').trim());
      const name = get('name');
      const price = readPrice(get('price'));
      // The type of the item a new row creates; a text that is none of the types is an error of a row that creates one.
      const typeText = get('type');
      const itemType = readItemType(typeText);
      const base: RowInsert = { importId, row, article: get('article').slice(0, 100), name: name.slice(0, 500), unit: get('unit').slice(0, 20), groupName: get('group').slice(0, 200), itemType: itemType ?? null, status: 'error' };
      if (!name) base.error = `Строка ${row}, ${colName('name')}: пусто, нужно наименование.`;
      else if ('reason' in price) base.error = `Строка ${row}, ${colName('price')}: ${price.reason}.`;
      else {
        base.priceKop = price.kop;
        base.vatRate = m.vatRate !== undefined ? readVat(get('vatRate')) : null;
        // An article the user matched for this supplier before goes to that item first.
        const known = base.article ? remembered.get(normalizeArticle(base.article)) : undefined;
        const hit = known ? { itemId: known, score: 1, by: 'article' as const } : match({ article: base.article, name });
        if (!hit && itemType === undefined) {
          base.priceKop = null;
          base.vatRate = null;
          base.error = `Строка ${row}, ${colName('type')}: «${typeText.slice(0, 100)}» — не тип позиции; нужен материал, покупное изделие, энергия или услуга.`;
        } else if (!hit) base.status = 'new';
        else {
          base.itemId = hit.itemId;
          base.score = hit.score;
          hits.push({ r: base, fuzzy: hit.by === 'fuzzy' });
        }
      }
      batch.push(base);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (done === 0) throw new ServiceError('IMPORT_FILE', 'В файле нет строк с ценами (кроме заголовка).');
    const summary = await summaryOf(db, importId);
    await db.update(catalogImports).set({ state: 'ready', progressDone: done, progressTotal: done, summary, error: null }).where(eq(catalogImports.id, importId));
  } catch (e) {
    if (!(e instanceof ServiceError)) log.error(`catalog import ${importId} preview failed`, e);
    const msg = e instanceof ServiceError ? e.message : 'Файл не удалось прочитать. Проверьте, что это CSV или XLSX.';
    await db.update(catalogImports).set({ state: 'failed', error: msg }).where(eq(catalogImports.id, importId)).catch(() => {});
  }
}

/** Items of the owner by id (for names in the review). */
export async function itemNames(db: Db, ownerId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: catalogItems.id, name: catalogItems.name }).from(catalogItems).where(and(eq(catalogItems.ownerId, ownerId), inArray(catalogItems.id, [...new Set(ids)]), itemVisible()));
  return new Map(rows.map((r) => [r.id, r.name]));
}

