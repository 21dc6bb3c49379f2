import Decimal from 'decimal.js';

/**
 * The one exact-decimal type of the app: 40 significant digits, half-up («математическое») rounding.
 * Money is never a JS number; convert at the edges with `parseDecimal` and `toMoneyString`.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;

/** Anything a calculator accepts where a number is meant: a Dec, a decimal string with a dot, or an integer. */
export type DecLike = Dec | string | number;

export const dec = (v: DecLike): Dec => (v instanceof Dec ? v : new Dec(v));

export const ZERO = new Dec(0);
export const HUNDRED = new Dec(100);

/** Sum of several values (0 for none). */
export function sum(values: readonly DecLike[]): Dec {
  return values.reduce<Dec>((acc, v) => acc.plus(dec(v)), ZERO);
}

export const min = (a: Dec, b: Dec): Dec => (a.lte(b) ? a : b);
export const max = (a: Dec, b: Dec): Dec => (a.gte(b) ? a : b);
