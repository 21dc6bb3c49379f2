import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { buildMatcher, priceOnDate, rubToKop } from '@/lib/domain/catalog';
import { parseDecimal } from '@/lib/domain/money';
import type { ImportMapping } from '@/lib/schemas/catalog';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { catalogImportRows, catalogImports, catalogItems, catalogPrices } from '../../db/schema';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { FIELD_TITLES, summaryOf } from './import-model';
import { columnLetter, fileRows, type ImportFormat } from './import-read';

export interface PreviewOptions {
  mapping: ImportMapping;
  headerRow: boolean;
  validFrom: string;
  vatIncluded: boolean;
  vatRate: string;
}

const BATCH = 1000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
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

/** The supplier's current price (kopecks) of each item on the day: the «old» figure of the preview. */
async function supplierPrices(db: Db, ownerId: string, supplierId: string, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select()
    .from(catalogPrices)
    .where(and(eq(catalogPrices.ownerId, ownerId), eq(catalogPrices.supplierId, supplierId)));
  const byItem = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
  const out = new Map<string, number>();
  for (const [itemId, list] of byItem) {
    const p = priceOnDate(list, date, { choice: 'lowest' });
    if (p) out.set(itemId, p.priceKop);
  }
  return out;
}

/** Status of a matched row from its old and new price. */
export const priceStatus = (oldKop: number | null | undefined, newKop: number) => (oldKop === newKop ? 'unchanged' : 'changed');

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
    const items = await db.select({ id: catalogItems.id, name: catalogItems.name, article: catalogItems.article }).from(catalogItems).where(eq(catalogItems.ownerId, ownerId));
    const match = buildMatcher(items);
    const old = await supplierPrices(db, ownerId, file.supplierId, opts.validFrom);
    const m = opts.mapping;
    const colName = (field: keyof ImportMapping) => {
      const idx = m[field]!;
      return `столбец ${file.format === 'xlsx' ? columnLetter(idx) : idx + 1} «${FIELD_TITLES[field]}»`;
    };
    let batch: RowInsert[] = [];
    let done = 0;
    const flush = async () => {
      if (batch.length) await db.insert(catalogImportRows).values(batch).onConflictDoNothing();
      batch = [];
      await db.update(catalogImports).set({ progressDone: done }).where(eq(catalogImports.id, importId));
      await yieldToOthers();
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
      const base: RowInsert = { importId, row, article: get('article').slice(0, 100), name: name.slice(0, 500), unit: get('unit').slice(0, 20), groupName: get('group').slice(0, 200), status: 'error' };
      if (!name) base.error = `Строка ${row}, ${colName('name')}: пусто, нужно наименование.`;
      else if ('reason' in price) base.error = `Строка ${row}, ${colName('price')}: ${price.reason}.`;
      else {
        base.priceKop = price.kop;
        base.vatRate = m.vatRate !== undefined ? readVat(get('vatRate')) : null;
        const hit = match({ article: base.article, name });
        if (!hit) base.status = 'new';
        else {
          base.itemId = hit.itemId;
          base.score = hit.score;
          base.oldPriceKop = old.get(hit.itemId) ?? null;
          base.status = hit.by === 'fuzzy' ? 'uncertain' : priceStatus(base.oldPriceKop, price.kop);
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
  const rows = await db.select({ id: catalogItems.id, name: catalogItems.name }).from(catalogItems).where(and(eq(catalogItems.ownerId, ownerId), inArray(catalogItems.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

