import { totalsOf } from './overheads';
import { nonNegative, type Articles } from './run';
import { pctText } from './text';
import { Dec, HUNDRED, ZERO, kop, money, ruMoney } from '@/lib/domain/cost/num';
import { invalid, parseDec } from '@/lib/domain/cost/parse';
import { ARTICLE_NOS, type ArticleNo, type CostFigures, type CostParams, type CostResult } from '@/lib/domain/cost/types';

/** Price without VAT by markup on cost: Ц = С × (1 + N/100), to kopecks. */
export const priceByMarkup = (cost: Dec, markupPct: Dec): Dec => kop(cost.times(HUNDRED.plus(markupPct)).div(HUNDRED));

/** Price without VAT by target margin: Ц = С / (1 − M/100), to kopecks (M < 100). */
export const priceByMargin = (cost: Dec, marginPct: Dec): Dec => kop(cost.times(HUNDRED).div(HUNDRED.minus(marginPct)));

/** Наценка % = (Ц − С) / С × 100, two decimals; null when С = 0. */
export const markupOf = (cost: Dec, price: Dec): Dec | null =>
  cost.isZero() ? null : price.minus(cost).times(HUNDRED).div(cost).toDecimalPlaces(2);

/** Маржа % = (Ц − С) / Ц × 100, two decimals; null when Ц = 0. */
export const marginOf = (cost: Dec, price: Dec): Dec | null =>
  price.isZero() ? null : price.minus(cost).times(HUNDRED).div(price).toDecimalPlaces(2);

/** M = N / (100 + N) × 100 (unrounded). */
export const marginFromMarkup = (markupPct: Dec): Dec => markupPct.times(HUNDRED).div(HUNDRED.plus(markupPct));

/** N = M / (100 − M) × 100 (unrounded). */
export const markupFromMargin = (marginPct: Dec): Dec => marginPct.times(HUNDRED).div(HUNDRED.minus(marginPct));

/** НДС сверху: base × r / 100, to kopecks. */
export const vatOf = (base: Dec, ratePct: Dec): Dec => kop(base.times(ratePct).div(HUNDRED));

/** Выделить НДС из суммы с НДС: S × r / (100 + r), to kopecks; the base is S − НДС. */
export const vatInside = (gross: Dec, ratePct: Dec): Dec => kop(gross.times(ratePct).div(HUNDRED.plus(ratePct)));

/** The price per unit by markup, margin or a given price (one of them; none = полная себестоимость). */
export function priceOf(p: CostParams, unitFull: Dec): { by: CostResult['priceBy']; price: Dec; formula: string } {
  const given = [p.markupPct, p.marginPct, p.price].filter((v) => v !== undefined && v !== '').length;
  if (given > 1) throw invalid('params.price', 'Укажите что-то одно: наценку, маржу или цену.');
  if (p.markupPct !== undefined && p.markupPct !== '') {
    const n = parseDec(p.markupPct, 'params.markupPct', 'Наценка');
    if (n.lessThanOrEqualTo(-100)) throw invalid('params.markupPct', 'Наценка должна быть больше −100 %.');
    const price = priceByMarkup(unitFull, n);
    return { by: 'markup', price, formula: `${ruMoney(unitFull)} × (1 + ${pctText(n)}) = ${ruMoney(price)}` };
  }
  if (p.marginPct !== undefined && p.marginPct !== '') {
    const m = parseDec(p.marginPct, 'params.marginPct', 'Маржа');
    if (!m.lessThan(100)) throw invalid('params.marginPct', 'Маржа должна быть меньше 100 %.');
    const price = priceByMargin(unitFull, m);
    return { by: 'margin', price, formula: `${ruMoney(unitFull)} / (1 − ${pctText(m)}) = ${ruMoney(price)}` };
  }
  if (p.price !== undefined && p.price !== '') {
    const price = kop(nonNegative(parseDec(p.price, 'params.price', 'Цена'), 'params.price', 'Цена'));
    return { by: 'price', price, formula: `задана: ${ruMoney(price)}` };
  }
  return { by: 'cost', price: unitFull, formula: `полная себестоимость ${ruMoney(unitFull)}` };
}

/** The figures of one level (per output, unit or batch): статьи, totals, price, profit, markup, margin, VAT. */
export function figuresOf(a: Articles, directCosting: boolean, priceNoVat: Dec, vatRate: Dec | null): CostFigures {
  const t = totalsOf(a, directCosting);
  const vat = vatRate ? vatOf(priceNoVat, vatRate) : ZERO;
  const articles = {} as Record<ArticleNo, string>;
  for (const no of ARTICLE_NOS) articles[no] = money(a[no]);
  const markup = markupOf(t.fullCost, priceNoVat);
  const margin = marginOf(t.fullCost, priceNoVat);
  return {
    articles,
    materialCost: money(t.materialCost),
    directCost: money(t.directCost),
    workshopCost: money(t.workshopCost),
    productionCost: money(t.productionCost),
    fullCost: money(t.fullCost),
    priceNoVat: money(priceNoVat),
    profit: money(priceNoVat.minus(t.fullCost)),
    markupPct: markup ? markup.toFixed(2) : null,
    marginPct: margin ? margin.toFixed(2) : null,
    vat: money(vat),
    priceWithVat: money(priceNoVat.plus(vat)),
  };
}

/** Every статья divided (per unit) or multiplied (per batch) by `by`, each rounded to kopecks. */
export function scaleArticles(a: Articles, by: Dec, divide: boolean): Articles {
  const out = {} as Articles;
  for (const no of ARTICLE_NOS) out[no] = kop(divide ? a[no].div(by) : a[no].times(by));
  return out;
}
