import { divRoundHalfUp, kopString, pow10, type Fixed, type Ratio } from './fixed';
import { formatDecimalText, formatNumber, type Dec } from '@/lib/domain/money';

/**
 * Numbers as the engine's formulas show them. A formula must recompute to the amount it shows, so every
 * operand is printed exactly: quantities and percentages with all their decimals, a quantity that is not a
 * finite decimal (1/6 ч, 7/3 маш.-ч) as a reduced fraction, money with two decimals (or more when a price
 * has more). Only a value marked «≈» may be rounded (to 4 decimals).
 */

/** Digits of m / 10^s split into the integer part and the fraction (trailing zeros dropped). */
function splitFixed(m: bigint, s: number): [string, string] {
  let digits = m.toString();
  if (s === 0) return [digits, ''];
  if (digits.length <= s) digits = digits.padStart(s + 1, '0');
  let frac = digits.slice(-s);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  return [digits.slice(0, -s), frac];
}

/** Plain wire text of m / 10^s: "1234.5" (trailing zeros dropped). */
export function plain(f: Fixed): string {
  const [int, frac] = splitFixed(f.m, f.s);
  return frac ? `${int}.${frac}` : int;
}

/** Russian text of m / 10^s: `1 234,5` (trailing zeros dropped). */
export const ruFixed = (m: bigint, s: number): string => formatDecimalText(plain({ m, s }));

/** A money string "1234.50" → `1 234,50`, "-5.00" → `−5,00`. */
export const ruMoneyStr = (t: string): string => formatDecimalText(t);

export const ruKop = (k: bigint): string => ruMoneyStr(kopString(k));

/** A ratio rounded half-up to 4 decimals, as {m, s: 4} (for «≈» texts and the `gross` field). */
export const at4 = (r: Ratio): Fixed => ({ m: divRoundHalfUp(r.n * 10000n, r.d), s: 4 });

/** A price on the калькуляция's basis (a line's `costPrice`): price × factor, rounded half-up to 6 decimals. */
export const costPriceText = (price: Ratio, factor: Ratio): string => {
  const r = { n: price.n * factor.n, d: price.d * factor.d };
  return plain({ m: divRoundHalfUp(r.n * 1000000n, r.d), s: 6 });
};

/** A price for formulas: two decimals at least, all the decimals it has (`2 000,00`, `1,005`). */
export function ruKopOrPlain(p: Fixed): string {
  if (p.s <= 2) return ruKop(p.m * pow10(2 - p.s));
  const t = ruFixed(p.m, p.s);
  const comma = t.indexOf(',');
  return comma >= 0 && t.length - comma - 1 >= 2 ? t : ruKop(divRoundHalfUp(p.m * 100n, pow10(p.s)));
}

/** An exact decimal with all its digits: `0,16667`, `1 234,5`. */
export const ruExact = (d: Dec): string => formatNumber(d);

/** A price or rate (Dec): two decimals at least, every decimal it has. */
export const ruPrice = (d: Dec): string => (d.decimalPlaces() <= 2 ? formatNumber(d, 2) : formatNumber(d));

/** A percentage, exactly: `30 %`, `0,2 %`, `7,125 %`. */
export const pctText = (d: Dec): string => `${ruExact(d)} %`;

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

/** n / d in lowest terms (d > 0). */
function reduce(r: Ratio): Ratio {
  if (r.n === 0n) return { n: 0n, d: 1n };
  const g = gcd(r.n, r.d);
  return g === 1n ? r : { n: r.n / g, d: r.d / g };
}

/** Decimal places of a reduced ratio when it is a finite decimal (its denominator is 2^a·5^b), else null. */
function finiteScale(r: Ratio): number | null {
  let d = r.d;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) {
    d /= 2n;
    twos++;
  }
  while (d % 5n === 0n) {
    d /= 5n;
    fives++;
  }
  return d === 1n ? Math.max(twos, fives) : null;
}

/** The ratio as an exact decimal {m, s} when it is one, else null. */
export function finiteOf(r: Ratio): Fixed | null {
  const x = reduce(r);
  const s = finiteScale(x);
  if (s === null) return null;
  return { m: (x.n * pow10(s)) / x.d, s };
}

/** An exact quantity: `0,75`, or a reduced fraction `7/3` when it is not a finite decimal. */
export function ratioText(r: Ratio): string {
  const f = finiteOf(r);
  if (f) return ruFixed(f.m, f.s);
  const x = reduce(r);
  return `${formatDecimalText(x.n.toString())}/${formatDecimalText(x.d.toString())}`;
}

/** A non-negative Dec as an exact fraction n/d (d a power of ten): `0,75` → 75/100. */
export function decimalAsFraction(d: Dec): Ratio {
  const t = d.toFixed();
  const dot = t.indexOf('.');
  if (dot < 0) return { n: BigInt(t), d: 1n };
  return { n: BigInt(t.slice(0, dot) + t.slice(dot + 1)), d: pow10(t.length - dot - 1) };
}

export const addRatio = (a: Ratio, b: Ratio): Ratio => (a.n === 0n ? b : b.n === 0n ? a : reduce({ n: a.n * b.d + b.n * a.d, d: a.d * b.d }));
