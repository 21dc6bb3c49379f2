import { Dec, HUNDRED, kop } from './num';

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
