import { dec, type DecLike } from './decimal';
import { roundTo } from './round';

/** The no-break space Intl `ru-RU` puts between digit groups and before «₽» / «%». */
export const NBSP = '\u00a0';

/** The minus sign (U+2212) negatives are written with — not the hyphen-minus. `parseDecimal` reads it back. */
export const MINUS = '\u2212';

/**
 * Russian number: digit groups split by NBSP (always, also in 4-digit numbers), decimal comma,
 * the minus sign U+2212 for negatives: `−1 234 567,89`. Exact, no floats.
 * `places` fixed decimals (rounded half-up); omitted = as many as the value has.
 */
export function formatNumber(value: DecLike, places?: number): string {
  let d = dec(value);
  if (places !== undefined) d = roundTo(d, places);
  const text = places !== undefined ? d.abs().toFixed(places) : d.abs().toFixed();
  const [int = '0', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const sign = d.isNegative() && !d.isZero() ? MINUS : '';
  return `${sign}${grouped}${frac ? `,${frac}` : ''}`;
}

/** `1 234,56 ₽`, `−5,00 ₽` — money rounded to kopecks, always two decimals. */
export const formatMoney = (value: DecLike): string => `${formatNumber(value, 2)}${NBSP}₽`;

/** `22 %`, `15,5 %`, `33,33 %` — up to `places` decimals, trailing zeros dropped. */
export function formatPercent(value: DecLike, places = 2): string {
  return `${formatNumber(roundTo(value, places))}${NBSP}%`;
}
