import { dec, type DecLike } from './decimal';
import { roundTo } from './round';
import { formatDecimalText, NBSP } from './text';

export { formatDecimalText };

/**
 * Russian number: digit groups split by NBSP (always, also in 4-digit numbers), decimal comma,
 * the minus sign U+2212 for negatives: `−1 234 567,89`. Exact, no floats.
 * `places` fixed decimals (rounded half-up); omitted = as many as the value has.
 */
export function formatNumber(value: DecLike, places?: number): string {
  const d = places !== undefined ? roundTo(value, places) : dec(value);
  return formatDecimalText(places !== undefined ? d.toFixed(places) : d.toFixed());
}

/** `1 234,56 ₽`, `−5,00 ₽` — money rounded to kopecks, always two decimals. */
export const formatMoney = (value: DecLike): string => `${formatNumber(value, 2)}${NBSP}₽`;

/**
 * A price per unit with the digits it has, up to four (half-up), never fewer than two: `0,6967 ₽`, `35,50 ₽`,
 * `1 200,00 ₽` — the figure the calculation uses, so a hand check against the screen comes out the same.
 * Money amounts (totals, lines) stay `formatMoney`.
 */
export function formatUnitPrice(value: DecLike): string {
  const d = roundTo(value, 4);
  const text = d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
  return `${formatDecimalText(text)}${NBSP}₽`;
}

/** `22 %`, `15,5 %`, `33,33 %` — up to `places` decimals, trailing zeros dropped. */
export function formatPercent(value: DecLike, places = 2): string {
  return `${formatNumber(roundTo(value, places))}${NBSP}%`;
}
