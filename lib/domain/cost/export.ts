import { Dec } from '@/lib/domain/money';
import { colName, money, price, qty, ref, type XCell, type XRow, type XSheet } from '@/lib/domain/xlsx/model';
import { headerPairs, type CostBookHeader } from './export-header';
import { calculationRows } from './form-rows';
import { kop } from './num';
import { okeiCodeOf } from './okei';
import { ARTICLE_TITLES, SEMI_FINISHED_METHOD_TITLES, type ArticleNo, type CostFigures, type CostLine, type CostResult } from './types';

export const CALC_SHEET = 'Калькуляция';
export const LINES_SHEET = 'Расшифровка';

const ru = (v: string) => v.replace('.', ',');
const int = (v: string): XCell => ({ n: v, fmt: 'int' });
/** A formula cell whose cached value is `v` (the engine's figure). */
const fx = (f: string, v: string | null, fmt: 'money' | 'pct' = 'money'): XCell => ({ f, v, fmt });
/** «шт» → «796» (ОКЕИ), '' for a unit outside the list. */
const okei = (unit: string | undefined) => (unit ? (okeiCodeOf(unit) ?? '') : '');

/**
 * Columns of a lines table: статья, строка, ед., код ОКЕИ, количество, цена, расчёт, сумма. «Цена» is on the basis
 * of «Сумма» (without the supplier's VAT where it is deducted, with it where it is a cost), so that количество ×
 * цена = сумма on every line; the price as entered is in «Расчёт».
 */
const lineHeader = (r: CostResult) => ['Статья', 'Строка', 'Ед. изм.', 'Код ОКЕИ', 'Количество', r.purchaseVatInCost ? 'Цена с НДС, ₽' : 'Цена без НДС, ₽', 'Расчёт', 'Сумма, ₽'];
const AMOUNT_COL = 7;

interface LinesBlock {
  rows: XRow[];
  /** 1-based rows of the first and the last line. */
  first: number;
  last: number;
}

/**
 * A table of lines starting at the 1-based row `at`, closed by a bold total: the lines' sum with статья 2
 * subtracted (and статья 11 left out under директ-костинг when `production`), a SUMIF formula whose cached
 * value is `total` — when the lines do add up to it (else the figure alone).
 */
function linesBlock(head: string[], lines: CostLine[], at: number, total: { title: string; value: string; without11: boolean }): LinesBlock {
  const rows: XRow[] = [{ cells: head, kind: 'header' }];
  const first = at + 1;
  let sum = new Dec(0);
  for (const l of lines) {
    rows.push({
      cells: [int(l.article), l.name, l.unit ?? '', okei(l.unit), l.gross ?? l.qty ? qty(l.gross ?? l.qty!) : null, l.price ? price(l.costPrice ?? l.price) : null, l.formula, money(l.amount)],
    });
    if (l.article === '2') sum = sum.minus(l.amount);
    else if (!(total.without11 && l.article === '11')) sum = sum.plus(l.amount);
  }
  const last = first + lines.length - 1;
  const a = `${ref(0, first)}:${ref(0, last)}`;
  const h = `${ref(AMOUNT_COL, first)}:${ref(AMOUNT_COL, last)}`;
  const formula = `SUMIF(${a},"<>2",${h})-SUMIF(${a},2,${h})${total.without11 ? `-SUMIF(${a},11,${h})` : ''}`;
  const exact = lines.length > 0 && kop(sum).equals(total.value);
  rows.push({ cells: [null, total.title, null, null, null, null, null, exact ? fx(formula, total.value) : money(total.value)], kind: 'subtotal' });
  return { rows, first, last };
}

/** The sheet «Расшифровка»: the product's lines, then each semi-finished good's own lines. */
function linesSheet(r: CostResult): { sheet: XSheet; first: number; last: number } {
  const rows: XRow[] = [{ cells: [`Расшифровка по строкам: «${r.name}», на выпуск ${ru(r.outputQty)} ${r.unit}`], kind: 'title' }];
  const own = linesBlock(lineHeader(r), r.lines, rows.length + 1, { title: 'Полная себестоимость выпуска (статья 2 вычитается)', value: r.perOutput.fullCost, without11: false });
  rows.push(...own.rows);
  for (const n of r.nested) {
    if (!n.lines) continue;
    rows.push({ cells: [] }, { cells: [`Полуфабрикат «${n.name}»: на выпуск ${ru(n.outputQty)} ${n.unit}`], kind: 'section' });
    const block = linesBlock(lineHeader(r), n.lines, rows.length + 1, { title: 'Производственная себестоимость выпуска (статья 2 вычитается)', value: n.productionCost, without11: r.directCosting });
    rows.push(...block.rows, { cells: [null, `Производственная себестоимость единицы, ${n.unit}`, null, null, null, null, null, money(n.unitProductionCost)] });
  }
  return { sheet: { name: LINES_SHEET, rows, freezeBelow: 3, wrap: [1, 6] }, first: own.first, last: own.last };
}


/**
 * The калькуляция as two sheets. «Калькуляция»: the heading (company, date, product, output, batch, the parameters
 * and where they came from — `export-header.ts`), then статьи and totals on the output, per unit
 * and per batch — статьи на выпуск are SUMIF over the lines of «Расшифровка», per unit and per batch ROUND of
 * them by the quantities above, цеховая, производственная, полная, прибыль, наценка, маржа and цена с НДС
 * formulas over the rows (статья 2 is shown positive and subtracted); every formula carries the engine's
 * figure as its cached value. A formula is written only where it gives exactly that figure.
 */
export function costSheets(r: CostResult, header: CostBookHeader): XSheet[] {
  const lines = linesSheet(r);
  const code = okeiCodeOf(r.unit);
  // The heading, like the print form's: labels in the статья column, values beside them (spilling to the right).
  const pairs = headerPairs(r, header);
  const [company, date, ...rest] = pairs;
  const rows: XRow[] = [{ cells: ['Плановая калькуляция себестоимости'], kind: 'title' }];
  const note = (label: string, value: XCell): number => rows.push({ cells: [null, label, value], kind: 'note' });
  for (const [label, value] of [company!, date!]) note(label, value);
  note('Изделие', r.name);
  note('Единица измерения', code ? `${r.unit} (код ОКЕИ ${code})` : r.unit);
  const outRow = note('Выпуск в расчёте', qty(r.outputQty));
  const batchRow = note('Партия', qty(r.batchQty));
  for (const [label, value] of rest) note(label, value);
  if (r.directCosting) note('Метод', 'директ-костинг: общехозяйственные расходы (статья 11) — в полной себестоимости');
  if (r.nested.length > 0) note('Метод учёта полуфабрикатов', SEMI_FINISHED_METHOD_TITLES[r.semiFinishedMethod]);
  rows.push({ cells: [] }, {
    cells: ['№', 'Статья калькуляции', `На выпуск ${ru(r.outputQty)} ${r.unit}, ₽`, 'На единицу, ₽', `На партию ${ru(r.batchQty)} ${r.unit}, ₽`],
    kind: 'header',
  });
  const headerRow = rows.length;
  const form = calculationRows(r.directCosting);
  const rowOf = new Map<string, number>();
  form.forEach((f, i) => rowOf.set(f.kind === 'article' ? f.no : f.key, headerRow + 1 + i));
  const at = (key: string) => rowOf.get(key)!;
  const figs: [CostFigures, number][] = [[r.perOutput, 2], [r.perUnit, 3], [r.perBatch, 4]];
  const range = (col: number) => `'${LINES_SHEET}'!$${colName(col)}$${lines.first}:$${colName(col)}$${lines.last}`;
  const lineSum = (no: ArticleNo) => r.lines.filter((l) => l.article === no).reduce((s, l) => s.plus(l.amount), new Dec(0));
  const outQty = new Dec(r.outputQty);
  const batchQty = new Dec(r.batchQty);

  const articleCell = (no: ArticleNo, col: number, row: number): XCell => {
    if (col === 2) return r.lines.length > 0 && lineSum(no).equals(r.perOutput.articles[no]) ? fx(`SUMIF(${range(0)},${no},${range(AMOUNT_COL)})`, r.perOutput.articles[no]) : money(r.perOutput.articles[no]);
    if (col === 3) {
      if (outQty.equals(1)) return fx(ref(2, row), r.perUnit.articles[no]);
      const ok = kop(new Dec(r.perOutput.articles[no]).div(outQty)).equals(r.perUnit.articles[no]);
      return ok ? fx(`ROUND(${ref(2, row)}/$C$${outRow},2)`, r.perUnit.articles[no]) : money(r.perUnit.articles[no]);
    }
    if (batchQty.equals(1)) return fx(ref(3, row), r.perBatch.articles[no]);
    const ok = kop(new Dec(r.perUnit.articles[no]).times(batchQty)).equals(r.perBatch.articles[no]);
    return ok ? fx(`ROUND(${ref(3, row)}*$C$${batchRow},2)`, r.perBatch.articles[no]) : money(r.perBatch.articles[no]);
  };
  /** A total as a formula over the rows above (by column letter `X`). */
  const totalFormula = (key: keyof CostFigures, X: (row: number) => string): string | null => {
    const a = (no: string) => X(at(no));
    switch (key) {
      case 'workshopCost':
        return `${a('1')}-${a('2')}+SUM(${a('3')}:${a('10')})`;
      case 'productionCost':
        return r.directCosting ? `${X(at('workshopCost'))}+SUM(${a('12')}:${a('13')})` : `${X(at('workshopCost'))}+SUM(${a('11')}:${a('13')})`;
      case 'fullCost':
        return r.directCosting ? `${X(at('productionCost'))}+SUM(${a('11')}:${a('14')})` : `${X(at('productionCost'))}+${a('14')}`;
      case 'profit':
        return `${X(at('priceNoVat'))}-${X(at('fullCost'))}`;
      case 'priceWithVat':
        return `${X(at('priceNoVat'))}+${X(at('vat'))}`;
      default:
        return null;
    }
  };
  form.forEach((f, i) => {
    const row = headerRow + 1 + i;
    const cells: XCell[] = [f.kind === 'article' ? int(f.no) : null, f.kind === 'article' ? ARTICLE_TITLES[f.no] : f.title];
    for (const [fig, col] of figs) {
      const X = (rw: number) => ref(col, rw);
      if (f.kind === 'article') cells[col] = articleCell(f.no, col, row);
      else if (f.kind === 'pct') {
        const base = f.key === 'markupPct' ? X(at('fullCost')) : X(at('priceNoVat'));
        cells[col] = fx(`IF(${base}=0,"",ROUND(${X(at('profit'))}/${base},4))`, fig[f.key] === null ? null : new Dec(fig[f.key]!).div(100).toFixed(), 'pct');
      } else {
        const formula = totalFormula(f.key, X);
        cells[col] = formula ? fx(formula, fig[f.key] as string) : money(fig[f.key] as string);
      }
    }
    rows.push({ cells, kind: f.kind === 'total' && f.strong ? 'subtotal' : undefined });
  });
  return [{ name: CALC_SHEET, rows, freezeBelow: headerRow + 1 }, lines.sheet];
}
