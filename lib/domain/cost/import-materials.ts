import { parseDecimal } from '@/lib/domain/money/parse';
import { OKEI_UNITS } from './okei';
import type { MaterialArticle, MaterialLine } from './types';

/** The material fields a column of an imported table can fill. */
export type ImportField = 'name' | 'unit' | 'qty' | 'wastePct' | 'price' | 'article';

export const IMPORT_FIELDS: readonly { field: ImportField; label: string; required: boolean }[] = [
  { field: 'name', label: 'Наименование', required: true },
  { field: 'unit', label: 'Единица', required: false },
  { field: 'qty', label: 'Количество (нетто)', required: true },
  { field: 'wastePct', label: 'Отходы, %', required: false },
  { field: 'price', label: 'Цена, ₽', required: false },
  { field: 'article', label: 'Статья', required: false },
];

/** Column index per field (absent = not imported). */
export type ColumnMapping = Partial<Record<ImportField, number>>;

const HEADER_WORDS: [ImportField, RegExp][] = [
  ['name', /наимен|материал|номенклат|назван|name/i],
  ['unit', /^ед|единиц|изм|unit/i],
  ['qty', /кол|нетто|норм|расход|qty|quantity/i],
  ['wastePct', /отход|потер|waste/i],
  ['price', /цен|стоим|price/i],
  ['article', /стать/i],
];

/** A mapping guessed from the header row (first matching column wins; each column used once). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const out: ColumnMapping = {};
  const used = new Set<number>();
  for (const [field, re] of HEADER_WORDS) {
    const i = header.findIndex((h, j) => !used.has(j) && re.test(h.trim()));
    if (i >= 0) {
      out[field] = i;
      used.add(i);
    }
  }
  return out;
}

const UNIT_ALIASES: Record<string, string> = { штук: 'шт', штука: 'шт', 'м2': 'м²', 'кв.м': 'м²', 'кв. м': 'м²', 'м3': 'м³', 'куб.м': 'м³', 'куб. м': 'м³', 'квт*ч': 'кВт·ч', 'квт.ч': 'кВт·ч', 'квтч': 'кВт·ч', 'п.м': 'пог. м', 'пм': 'пог. м', 'час': 'ч' };

/** A unit as written in a spreadsheet → the ОКЕИ short name when it is one («шт.» → «шт», «м2» → «м²»). */
export function normaliseUnit(raw: string): string {
  const t = raw.trim();
  if (!t) return 'шт';
  const low = t.toLowerCase().replace(/\.$/, '');
  const known = OKEI_UNITS.find((u) => u.short.toLowerCase() === low || u.name.toLowerCase() === low);
  if (known) return known.short;
  return UNIT_ALIASES[low] ?? t;
}

const ARTICLE_OF: [RegExp, MaterialArticle][] = [
  [/^3\b|покуп|полуфаб/i, 'purchased'],
  [/^4\b|энерг|топлив/i, 'energy'],
  [/^1\b|матер|сырь/i, 'materials'],
];

/** A number cell → a decimal string with a dot, or an error text. Empty → ''. */
function num(raw: string | undefined): { value: string } | { error: string } {
  const t = (raw ?? '').trim().replace(/\s*(₽|руб\.?|р\.|%)$/i, '');
  if (!t) return { value: '' };
  const r = parseDecimal(t);
  if (!r.ok) return { error: r.message };
  if (r.value.isNegative()) return { error: 'Число не может быть отрицательным.' };
  return { value: r.value.toFixed() };
}

export interface ImportResult {
  materials: MaterialLine[];
  /** Problems by line of the file (1-based, as the spreadsheet numbers them). */
  errors: { line: number; message: string }[];
  /** Rows without a name and a quantity (left out). */
  skipped: number;
}

/**
 * Rows of a sheet → material lines by a column mapping. `firstLine` is the spreadsheet line number of
 * `rows[0]` (for messages). Rows with neither name nor quantity are skipped; a row with a bad number is
 * reported and left out. `newId` gives each line its id.
 */
export function rowsToMaterials(rows: readonly (readonly string[])[], mapping: ColumnMapping, newId: () => string, firstLine = 1): ImportResult {
  const materials: MaterialLine[] = [];
  const errors: ImportResult['errors'] = [];
  let skipped = 0;
  const cell = (row: readonly string[], f: ImportField) => (mapping[f] === undefined ? '' : (row[mapping[f]!] ?? '').trim());
  rows.forEach((row, k) => {
    const line = firstLine + k;
    const name = cell(row, 'name');
    const qtyRaw = cell(row, 'qty');
    if (!name && !qtyRaw) {
      skipped++;
      return;
    }
    const problems: string[] = [];
    if (!name) problems.push('нет наименования');
    const qty = num(qtyRaw);
    const waste = num(cell(row, 'wastePct'));
    const price = num(cell(row, 'price'));
    if ('error' in qty) problems.push(`количество: ${qty.error}`);
    else if (!qty.value) problems.push('нет количества');
    if ('error' in waste) problems.push(`отходы: ${waste.error}`);
    else if (waste.value && Number(waste.value) >= 100) problems.push('отходы: меньше 100 %');
    if ('error' in price) problems.push(`цена: ${price.error}`);
    if (problems.length || 'error' in qty || 'error' in waste || 'error' in price) {
      errors.push({ line, message: `Строка ${line}: ${problems.join('; ')}.` });
      return;
    }
    const articleText = cell(row, 'article');
    const article = ARTICLE_OF.find(([re]) => re.test(articleText))?.[1];
    materials.push({
      id: newId(),
      name,
      unit: normaliseUnit(cell(row, 'unit')),
      qty: qty.value,
      wastePct: waste.value,
      wasteMode: 'uplift',
      price: price.value,
      ...(article && article !== 'materials' ? { article } : {}),
    });
  });
  return { materials, errors, skipped };
}
