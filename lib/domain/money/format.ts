import { dec, type DecLike } from './decimal';
import { roundTo } from './round';

/** The no-break space Intl `ru-RU` puts between digit groups and before «₽» / «%». */
const NBSP = '\u00a0';

/** The minus sign (U+2212) negatives are written with — not the hyphen-minus. `parseDecimal` reads it back. */
const MINUS = '\u2212';

/** `1234567` → `1 234 567` (NBSP between groups of three). */
function groupDigits(int: string): string {
  const n = int.length;
  if (n <= 3) return int;
  const head = n % 3 || 3;
  let out = int.slice(0, head);
  for (let i = head; i < n; i += 3) out += NBSP + int.slice(i, i + 3);
  return out;
}

/**
 * The Russian form of a plain decimal text, every digit kept as given: `"-1234.50"` → `−1 234,50`,
 * `"0.125"` → `0,125`. Zero is never signed (`"-0.00"` → `0,00`). The one place numbers become Russian text:
 * `formatNumber` and the cost engine's formulas (exact fixed-point values) both end here.
 */
export function formatDecimalText(text: string): string {
  const neg = text.charCodeAt(0) === 45;
  const body = neg ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const grouped = groupDigits(int);
  const out = dot < 0 ? grouped : `${grouped},${body.slice(dot + 1)}`;
  return neg && /[1-9]/.test(body) ? MINUS + out : out;
}

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
