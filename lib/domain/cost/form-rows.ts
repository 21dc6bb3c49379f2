import type { ArticleNo, CostFigures } from './types';

/** A row of the form «Плановая калькуляция себестоимости»: a статья, a total (`strong` — a subtotal) or a percentage. */
export type CalculationRow =
  | { kind: 'article'; no: ArticleNo }
  | { kind: 'total'; key: keyof CostFigures; title: string; strong?: boolean }
  | { kind: 'pct'; key: 'markupPct' | 'marginPct'; title: string };

const art = (no: ArticleNo): CalculationRow => ({ kind: 'article', no });

/**
 * The rows of the classic form, in order: статьи 1–10, цеховая; 11–13, производственная; 14, полная; then
 * прибыль, наценка, маржа, цена. Under директ-костинг статья 11 moves below производственная (it is a
 * period cost, part of the полная only). The screen, the print form and the XLSX use the same rows.
 */
export function calculationRows(directCosting: boolean): CalculationRow[] {
  return [
    art('1'), art('2'), art('3'), art('4'), art('5'), art('6'), art('7'), art('8'), art('9'), art('10'),
    { kind: 'total', key: 'workshopCost', title: 'Цеховая себестоимость', strong: true },
    ...(directCosting ? [] : [art('11')]),
    art('12'), art('13'),
    { kind: 'total', key: 'productionCost', title: 'Производственная себестоимость', strong: true },
    ...(directCosting ? [art('11')] : []),
    art('14'),
    { kind: 'total', key: 'fullCost', title: 'Полная себестоимость', strong: true },
    { kind: 'total', key: 'profit', title: 'Прибыль' },
    { kind: 'pct', key: 'markupPct', title: 'Наценка' },
    { kind: 'pct', key: 'marginPct', title: 'Маржа' },
    { kind: 'total', key: 'priceNoVat', title: 'Цена без НДС', strong: true },
    { kind: 'total', key: 'vat', title: 'НДС' },
    { kind: 'total', key: 'priceWithVat', title: 'Отпускная цена с НДС', strong: true },
  ];
}
