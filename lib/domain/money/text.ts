// Russian number text from exact decimal strings, without decimal.js: what a page can show at first paint without
// loading the arithmetic library (the full formatters with rounding of any value are in ./format).

/** The no-break space Intl `ru-RU` puts between digit groups and before «₽» / «%». */
export const NBSP = '\u00a0';

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

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * `formatPercent` of a decimal text («22», «15.5», «33.3333», «-12.5») by string arithmetic: rounded to `places`
 * decimals half-up (away from zero, as decimal.js ROUND_HALF_UP), trailing zeros dropped: `22 %`, `33,33 %`.
 * A text that is not a plain decimal is shown as given.
 */
export function formatPercentText(text: string, places = 2): string {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return `${text}${NBSP}%`;
  const [, sign, int, frac = ''] = m;
  let scaled = BigInt(int + frac.slice(0, places).padEnd(places, '0'));
  if ((frac[places] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const part = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${formatDecimalText(`${sign && scaled > 0n ? '-' : ''}${whole}${part ? `.${part}` : ''}`)}${NBSP}%`;
}
