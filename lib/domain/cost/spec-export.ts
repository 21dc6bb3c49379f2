import { Dec, parseDecimal } from '@/lib/domain/money';
import type { XlsxCell } from '@/lib/domain/xlsx/write';
import { costSheetRows } from './export';
import type { CostLine, CostResult, MaterialLine, SpecDocument } from './types';

/** How the materials' prices are given: all without VAT, all with VAT, or some of each. */
export type PriceVatMode = 'without' | 'with' | 'mixed';

/** Lines with a semi-finished good (`specId`) take their price from that spec and do not count. */
export function priceVatMode(materials: readonly MaterialLine[]): PriceVatMode {
  let withVat = 0;
  let without = 0;
  for (const m of materials) {
    if (m.specId) continue;
    if (m.priceIncludesVat) withVat++;
    else without++;
  }
  if (withVat && without) return 'mixed';
  return withVat ? 'with' : 'without';
}

/** The price column's header: «Цена, ₽ без НДС» / «с НДС» / both by line. */
export function priceHeader(mode: PriceVatMode): string {
  if (mode === 'with') return 'Цена, ₽ с НДС';
  if (mode === 'without') return 'Цена, ₽ без НДС';
  return 'Цена, ₽ (с НДС или без — по строке)';
}

export const WASTE_MODE_TITLES = { uplift: 'сверх нормы', share: 'доля брутто' } as const;

/** An amount of the calculation (already a money string with two decimals). */
const amount = (v: string | undefined): XlsxCell => (v ? { n: v } : null);

const ARTICLE_LABELS: Record<string, string> = { '1': '1 Материалы', '3': '3 Покупные, п/ф', '4': '4 Энергия', flow: 'п/ф по статьям' };

/** One row for a semi-finished good whose статьи flowed into the product: their sum (статья 2 subtracted). */
function flowLine(lines: CostLine[]): CostLine {
  let total = new Dec(0);
  for (const l of lines) total = l.article === '2' ? total.minus(l.amount) : total.plus(l.amount);
  return { ...lines[0]!, id: lines[0]!.sourceId!, amount: total.toFixed(2), price: undefined };
}

/** A number cell from a decimal string as typed («1 234,5» too); text that is not a number stays text. */
const num = (v: string | undefined | null): XlsxCell => {
  if (v === undefined || v === null || v.trim() === '') return null;
  const r = parseDecimal(v);
  return r.ok ? { n: r.value.toFixed() } : v;
};

/**
 * The specification as spreadsheet rows: the header, the materials (нетто, отходы % and their mode, брутто,
 * цена, сумма as the калькуляция took them), the operations it used (its own and a linked process set's), then
 * the калькуляция itself (costSheetRows). `result` must be the calculation of this very document.
 */
export function specSheetRows(doc: SpecDocument, result: CostResult, opts: { processSetName?: string } = {}): XlsxCell[][] {
  const byId = new Map<string, CostLine>();
  /** Lines a nested specification passed by статьи (бесполуфабрикатный метод), by its material line. */
  const flowed = new Map<string, CostLine[]>();
  for (const l of result.lines) {
    byId.set(l.id, l);
    if (l.sourceId) flowed.set(l.sourceId, [...(flowed.get(l.sourceId) ?? []), l]);
  }
  const mode = priceVatMode(doc.materials);
  const rows: XlsxCell[][] = [
    ['Спецификация'],
    ['Название', doc.name],
    ['Код', doc.code ?? ''],
    ['Единица выпуска', doc.unit],
    ['Выпуск, ед.', num(doc.outputQty ?? '1')],
  ];
  if (doc.processSetId) rows.push(['Операции из набора процессов', opts.processSetName ?? doc.processSetId]);
  if (doc.notes) rows.push(['Примечание', doc.notes]);
  rows.push(
    [],
    ['Материалы'],
    ['№', 'Наименование', 'Ед.', 'Нетто', 'Отходы, %', 'Способ учёта отходов', 'Брутто', priceHeader(mode), 'Сумма, ₽', 'Статья', 'Возвр. отходы, кол-во', 'Возвр. отходы, ₽/ед.', 'Возвр. отходы, ₽'],
  );
  const own = new Set<string>();
  doc.materials.forEach((m, i) => {
    own.add(m.id);
    const flow = flowed.get(m.id);
    const line = byId.get(m.id) ?? (flow ? flowLine(flow) : undefined);
    const ret = byId.get(`${m.id}.returnable`);
    const price = line?.price ?? m.price;
    rows.push([
      String(i + 1),
      m.name,
      m.unit,
      num(m.qty),
      num(m.wastePct || '0'),
      WASTE_MODE_TITLES[m.wasteMode ?? 'uplift'],
      num(line?.gross),
      !m.specId && mode === 'mixed' && price ? `${price.replace('.', ',')} ${m.priceIncludesVat ? 'с НДС' : 'без НДС'}` : num(price),
      amount(line?.amount),
      flow && !byId.has(m.id) ? ARTICLE_LABELS.flow! : line ? (ARTICLE_LABELS[line.article] ?? line.article) : '',
      num(ret?.qty ?? m.returnable?.qty),
      num(ret?.price ?? m.returnable?.price),
      amount(ret?.amount),
    ]);
  });
  // Lines the calculation added (the power of a linked process set's equipment, статья 4).
  let n = doc.materials.length;
  for (const l of result.lines) {
    if (own.has(l.id) || l.sourceId || !['1', '3', '4'].includes(l.article) || l.id.endsWith('.returnable')) continue;
    rows.push([String(++n), l.name, l.unit ?? '', num(l.qty), num('0'), WASTE_MODE_TITLES.uplift, num(l.gross ?? l.qty), num(l.price), amount(l.amount), ARTICLE_LABELS[l.article] ?? l.article, null, null, null]);
  }

  rows.push([], ['Операции'], ['№', 'Операция', 'Часы', 'Ставка, ₽/ч', 'Основная ЗП, ₽', 'Машино-часы', 'Ставка маш.-ч, ₽', 'РСЭО, ₽']);
  let k = 0;
  for (const l of result.lines) {
    if (l.article !== '5' || l.sourceId) continue;
    const machine = byId.get(`${l.id}.machine`);
    rows.push([String(++k), l.name, num(l.qty), num(l.price), amount(l.amount), num(machine?.qty), num(machine?.price), amount(machine?.amount)]);
  }
  rows.push([], ...costSheetRows(result));
  return rows;
}
