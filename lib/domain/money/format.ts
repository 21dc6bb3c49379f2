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

/** `22 %`, `15,5 %`, `33,33 %` — up to `places` decimals, trailing zeros dropped. */
export function formatPercent(value: DecLike, places = 2): string {
  return `${formatNumber(roundTo(value, places))}${NBSP}%`;
}
