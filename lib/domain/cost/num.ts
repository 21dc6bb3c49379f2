import { Dec, HUNDRED, ZERO, formatNumber, roundKop, toMoneyString } from '@/lib/domain/money';

/** The engine uses the app's one decimal (lib/domain/money): 40 digits, half-up. */
export { Dec, HUNDRED, ZERO };

/** To kopecks, half-up. */
export const kop = (d: Dec): Dec => roundKop(d);

/** A money string with exactly two decimals ("1234.50"). */
export const money = (d: Dec): string => toMoneyString(d);

/** `amount × pct / 100`, rounded to kopecks. */
export const pctOf = (amount: Dec, pct: Dec): Dec => roundKop(amount.times(pct).div(HUNDRED));

/** Money for formulas: `1 234,56`. */
export const ruMoney = (d: Dec): string => formatNumber(d, 2);
