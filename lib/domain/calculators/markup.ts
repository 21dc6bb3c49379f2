import { dec, type Dec, formatMoney, formatPercent, HUNDRED, roundKop, toFixedString, toMoneyString } from '@/lib/domain/money';
import { CalcInputError, type CalcOutput, type Step } from './types';

/** Exactly one of markupPct, marginPct, price is given (the schema checks it). */
export interface MarkupInput {
  cost: string;
  markupPct?: string;
  marginPct?: string;
  price?: string;
}
export interface MarkupResult {
  price: string;
  profit: string;
  markupPct: string;
  marginPct: string;
}

/**
 * Наценка и маржа, on prices without VAT: N = (Ц − С)/С × 100, M = (Ц − С)/Ц × 100;
 * Ц = С × (1 + N/100) or С / (1 − M/100), rounded to kopecks. Percents to two decimals.
 */
export function calcMarkup(input: MarkupInput): CalcOutput<MarkupResult> {
  const cost = dec(input.cost);
  if (cost.lte(0)) throw new CalcInputError('cost', 'Себестоимость должна быть больше нуля.');
  const steps: Step[] = [];
  let price: Dec;
  if (input.price !== undefined) {
    price = dec(input.price);
    if (price.lte(0)) throw new CalcInputError('price', 'Цена должна быть больше нуля.');
    steps.push({ label: 'Цена (без НДС)', formula: formatMoney(price), value: formatMoney(price) });
  } else if (input.markupPct !== undefined) {
    const n = dec(input.markupPct);
    if (n.lte(-100)) throw new CalcInputError('markupPct', 'Наценка должна быть больше −100 %.');
    price = roundKop(cost.times(HUNDRED.plus(n)).div(HUNDRED));
    steps.push({
      label: 'Цена по наценке',
      formula: `Ц = С × (1 + N/100) = ${formatMoney(cost)} × (1 + ${formatPercent(n)}) = ${formatMoney(price)}`,
      value: formatMoney(price),
    });
  } else if (input.marginPct !== undefined) {
    const m = dec(input.marginPct);
    if (m.gte(100)) throw new CalcInputError('marginPct', 'Маржа должна быть меньше 100 %.');
    price = roundKop(cost.times(HUNDRED).div(HUNDRED.minus(m)));
    steps.push({
      label: 'Цена по марже',
      formula: `Ц = С / (1 − M/100) = ${formatMoney(cost)} / (1 − ${formatPercent(m)}) = ${formatMoney(price)}`,
      value: formatMoney(price),
    });
  } else {
    throw new CalcInputError('markupPct', 'Укажите наценку, маржу или цену.');
  }
  const profit = price.minus(cost);
  const markupPct = profit.div(cost).times(HUNDRED);
  const marginPct = profit.div(price).times(HUNDRED);
  steps.push(
    { label: 'Прибыль с единицы', formula: `${formatMoney(price)} − ${formatMoney(cost)}`, value: formatMoney(profit) },
    {
      label: 'Наценка',
      formula: `N = (Ц − С) / С × 100 = ${formatMoney(profit)} / ${formatMoney(cost)} × 100`,
      value: formatPercent(markupPct),
    },
    {
      label: 'Маржа',
      formula: `M = (Ц − С) / Ц × 100 = ${formatMoney(profit)} / ${formatMoney(price)} × 100`,
      value: formatPercent(marginPct),
    },
  );
  return {
    result: {
      price: toMoneyString(price),
      profit: toMoneyString(profit),
      markupPct: toFixedString(markupPct, 2),
      marginPct: toFixedString(marginPct, 2),
    },
    steps,
  };
}
