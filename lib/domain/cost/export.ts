import type { XlsxCell } from '@/lib/domain/xlsx/write';
import { ARTICLE_TITLES, ARTICLE_NOS, SEMI_FINISHED_METHOD_TITLES, type CostFigures, type CostResult } from './types';

/** The калькуляция as spreadsheet rows: статьи and totals per unit and per batch, then the lines with formulas. */
export function costSheetRows(r: CostResult): XlsxCell[][] {
  const n = (v: string | null): XlsxCell => (v === null ? null : { n: v });
  const fig = (f: CostFigures, key: keyof CostFigures): string | null => f[key] as string | null;
  const rows: XlsxCell[][] = [
    ['Плановая калькуляция себестоимости'],
    ['Изделие', r.name],
    ['Единица', r.unit],
    ['Партия', n(r.batchQty)],
    ['Ставка НДС, %', r.vatRatePct === null ? 'без НДС' : n(r.vatRatePct)],
    ...(r.nested.length > 0 ? [['Метод учёта полуфабрикатов', SEMI_FINISHED_METHOD_TITLES[r.semiFinishedMethod]]] : []),
    [],
    ['№', 'Статья', 'На единицу, ₽', 'На партию, ₽'],
  ];
  for (const no of ARTICLE_NOS) {
    const sign = no === '2' ? '-' : '';
    const u = r.perUnit.articles[no];
    const b = r.perBatch.articles[no];
    rows.push([no, ARTICLE_TITLES[no], n(u === '0.00' ? u : sign + u), n(b === '0.00' ? b : sign + b)]);
  }
  const totals: [keyof CostFigures, string][] = [
    ['workshopCost', 'Цеховая себестоимость'],
    ['productionCost', 'Производственная себестоимость'],
    ['fullCost', 'Полная себестоимость'],
    ['profit', 'Прибыль'],
    ['markupPct', 'Наценка, %'],
    ['marginPct', 'Маржа, %'],
    ['priceNoVat', 'Цена без НДС'],
    ['vat', 'НДС'],
    ['priceWithVat', 'Цена с НДС'],
  ];
  for (const [key, title] of totals) rows.push([null, title, n(fig(r.perUnit, key)), n(fig(r.perBatch, key))]);
  rows.push([], ['Статья', 'Строка', 'Расчёт', `Сумма на выпуск ${r.outputQty.replace('.', ',')} ${r.unit}, ₽`]);
  for (const l of r.lines) rows.push([l.article, l.name, l.formula, n(l.amount)]);
  // Each semi-finished good's own breakdown (its lines on its output), when the answer carries it.
  for (const nested of r.nested) {
    if (!nested.lines) continue;
    rows.push(
      [],
      [`Полуфабрикат «${nested.name}»: на выпуск ${nested.outputQty.replace('.', ',')} ${nested.unit}, производственная себестоимость единицы`, null, null, n(nested.unitProductionCost)],
      ['Статья', 'Строка', 'Расчёт', 'Сумма, ₽'],
    );
    for (const l of nested.lines) rows.push([l.article, l.name, l.formula, n(l.amount)]);
  }
  return rows;
}
