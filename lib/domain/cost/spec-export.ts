import { Dec, parseDecimal } from '@/lib/domain/money';
import { money, pct, price, qty, ref, type XCell, type XRow, type XSheet } from '@/lib/domain/xlsx/model';
import { costSheets } from './export';
import type { CostBookHeader } from './export-header';
import { okeiCodeOf } from './okei';
import { priceHeader, priceVatMode, WASTE_MODE_TITLES } from './spec-columns';
import type { CostLine, CostResult, SpecDocument } from './types';

export { priceHeader, priceVatMode, WASTE_MODE_TITLES, type PriceVatMode } from './spec-columns';

/** An amount of the calculation (already a money string with two decimals). */
const amount = (v: string | undefined): XCell => (v ? money(v) : null);

const ARTICLE_LABELS: Record<string, string> = { '1': '1 Материалы', '3': '3 Покупные, п/ф', '4': '4 Энергия', flow: 'п/ф по статьям' };

/** One row for a semi-finished good whose статьи flowed into the product: their sum (статья 2 subtracted). */
function flowLine(lines: CostLine[]): CostLine {
  let total = new Dec(0);
  for (const l of lines) total = l.article === '2' ? total.minus(l.amount) : total.plus(l.amount);
  return { ...lines[0]!, id: lines[0]!.sourceId!, amount: total.toFixed(2), price: undefined };
}

/** A number cell from a decimal string as typed («1 234,5» too); text that is not a number stays text. */
const numOf = (v: string | undefined | null, fmt: 'qty' | 'price'): XCell => {
  if (v === undefined || v === null || v.trim() === '') return null;
  const r = parseDecimal(v);
  return r.ok ? (fmt === 'qty' ? qty(r.value.toFixed()) : price(r.value.toFixed())) : v;
};
const num = (v: string | undefined | null) => numOf(v, 'qty');
const priceOf = (v: string | undefined | null) => numOf(v, 'price');
/** «30» per cent → 0,3 shown «30,00 %». */
const pctOf = (v: string): XCell => {
  const r = parseDecimal(v);
  return r.ok ? pct(r.value.toFixed()) : v;
};
const okei = (unit: string | undefined) => (unit ? (okeiCodeOf(unit) ?? '') : '');

/** A bold «Итого» row: SUM over rows `first`…`last` in each of `cols`, cached as the exact sum of `values`. */
function totalRow(width: number, first: number, last: number, cols: number[], values: (XCell | undefined)[][]): XRow {
  const cells: XCell[] = Array.from({ length: width }, () => null);
  cells[1] = 'Итого';
  for (const col of cols) {
    let sum = new Dec(0);
    for (const row of values) {
      const c = row[col];
      if (c && typeof c === 'object' && 'n' in c) sum = sum.plus(c.n);
    }
    cells[col] = last >= first ? { f: `SUM(${ref(col, first)}:${ref(col, last)})`, v: sum.toFixed(2), fmt: 'money' } : money('0.00');
  }
  return { cells, kind: 'subtotal' };
}

/**
 * The specification as a workbook: the sheet «Спецификация» — the header, the materials (ед. with its ОКЕИ code,
 * нетто, отходы % and their mode, брутто, цена, сумма as the калькуляция took them, возвратные отходы — shown
 * positive, they are subtracted), the operations it used (its own and a linked process set's), each table
 * closed by SUM rows; then the калькуляция's sheets (costSheets). `result` must be the calculation of this very
 * document; `opts.header` heads its «Калькуляция» sheet.
 */
export function specSheets(doc: SpecDocument, result: CostResult, opts: { processSetName?: string; header: CostBookHeader }): XSheet[] {
  const byId = new Map<string, CostLine>();
  /** Lines a nested specification passed by статьи (бесполуфабрикатный метод), by its material line. */
  const flowed = new Map<string, CostLine[]>();
  for (const l of result.lines) {
    byId.set(l.id, l);
    if (l.sourceId) flowed.set(l.sourceId, [...(flowed.get(l.sourceId) ?? []), l]);
  }
  const mode = priceVatMode(doc.materials);
  const code = okei(doc.unit);
  const rows: XRow[] = [
    { cells: ['Спецификация'], kind: 'title' },
    { cells: ['Название', doc.name] },
    { cells: ['Код', doc.code ?? ''] },
    { cells: ['Единица выпуска', code ? `${doc.unit} (код ОКЕИ ${code})` : doc.unit] },
    { cells: ['Выпуск, ед.', num(doc.outputQty ?? '1')] },
  ];
  if (doc.processSetId) rows.push({ cells: ['Операции из набора процессов', opts.processSetName ?? doc.processSetId] });
  if (doc.notes) rows.push({ cells: ['Примечание', doc.notes] });
  const header = [
    '№', 'Наименование', 'Ед. изм.', 'Код ОКЕИ', 'Нетто', 'Отходы', 'Способ учёта отходов', 'Брутто', priceHeader(mode), 'Сумма, ₽', 'Статья',
    'Возвр. отходы (вычитаются), кол-во', 'Возвр. отходы, ₽/ед.', 'Возвр. отходы (вычитаются), ₽',
  ];
  rows.push({ cells: [] }, { cells: ['Материалы'], kind: 'section' }, { cells: header, kind: 'header' });
  const freezeBelow = rows.length + 1;
  const first = rows.length + 1;
  const materialCells: XCell[][] = [];
  const own = new Set<string>();
  doc.materials.forEach((m, i) => {
    own.add(m.id);
    const flow = flowed.get(m.id);
    const line = byId.get(m.id) ?? (flow ? flowLine(flow) : undefined);
    const ret = byId.get(`${m.id}.returnable`);
    const p = line?.price ?? m.price;
    materialCells.push([
      { n: String(i + 1), fmt: 'int' },
      m.name,
      m.unit,
      okei(m.unit),
      num(m.qty),
      pctOf(m.wastePct || '0'),
      WASTE_MODE_TITLES[m.wasteMode ?? 'uplift'],
      num(line?.gross),
      !m.specId && mode === 'mixed' && p ? `${p.replace('.', ',')} ${m.priceIncludesVat ? 'с НДС' : 'без НДС'}` : priceOf(p),
      amount(line?.amount),
      flow && !byId.has(m.id) ? ARTICLE_LABELS.flow! : line ? (ARTICLE_LABELS[line.article] ?? line.article) : '',
      num(ret?.qty ?? m.returnable?.qty),
      priceOf(ret?.price ?? m.returnable?.price),
      amount(ret?.amount),
    ]);
  });
  // Lines the calculation added (the power of a linked process set's equipment, статья 4).
  let n = doc.materials.length;
  for (const l of result.lines) {
    if (own.has(l.id) || l.sourceId || !['1', '3', '4'].includes(l.article) || l.id.endsWith('.returnable')) continue;
    materialCells.push([
      { n: String(++n), fmt: 'int' }, l.name, l.unit ?? '', okei(l.unit), num(l.qty), pctOf('0'), WASTE_MODE_TITLES.uplift, num(l.gross ?? l.qty), priceOf(l.price),
      amount(l.amount), ARTICLE_LABELS[l.article] ?? l.article, null, null, null,
    ]);
  }
  rows.push(...materialCells.map((cells) => ({ cells })), totalRow(header.length, first, first + materialCells.length - 1, [9, 13], materialCells));

  const opHeader = ['№', 'Операция', 'Часы', 'Ставка, ₽/ч', 'Основная ЗП, ₽', 'Машино-часы', 'Ставка маш.-ч, ₽', 'РСЭО, ₽'];
  rows.push({ cells: [] }, { cells: ['Операции'], kind: 'section' }, { cells: opHeader, kind: 'header' });
  const opFirst = rows.length + 1;
  const opCells: XCell[][] = [];
  for (const l of result.lines) {
    if (l.article !== '5' || l.sourceId) continue;
    const machine = byId.get(`${l.id}.machine`);
    opCells.push([{ n: String(opCells.length + 1), fmt: 'int' }, l.name, num(l.qty), priceOf(l.price), amount(l.amount), num(machine?.qty), priceOf(machine?.price), amount(machine?.amount)]);
  }
  rows.push(...opCells.map((cells) => ({ cells })), totalRow(opHeader.length, opFirst, opFirst + opCells.length - 1, [4, 7], opCells));
  return [{ name: 'Спецификация', rows, freezeBelow, wrap: [1, 6] }, ...costSheets(result, opts.header)];
}
