import { dec, type Dec, formatMoney, formatPercent, roundKop, sum, toMoneyString } from '@/lib/domain/money';
import { ruDate } from './dates';
import type { Step } from './types';

/** One stretch of a penalty or interest calculation with one rate and one fraction. */
export interface Period {
  from: string;
  to: string;
  days: number;
  ratePct: string;
  /** The share of the rate per day, `1/300`, `1/150`, `1/365`, or a percent per day `0.1%`. */
  fraction: string;
  amount: string;
}

/** `debt × rate% × days / denominator`, rounded to kopecks (each period on its own; the total is their sum). */
export function periodAmount(debt: Dec, ratePct: string, days: number, denominator: number): Dec {
  return roundKop(debt.times(dec(ratePct)).div(100).times(days).div(denominator));
}

export function period(debt: Dec, from: string, to: string, days: number, ratePct: string, denominator: number): Period {
  return {
    from,
    to,
    days,
    ratePct: dec(ratePct).toFixed(),
    fraction: `1/${denominator}`,
    amount: toMoneyString(periodAmount(debt, ratePct, days, denominator)),
  };
}

export const totalOf = (periods: readonly Period[]): Dec => sum(periods.map((p) => p.amount));
export const daysOf = (periods: readonly Period[]): number => periods.reduce((n, p) => n + p.days, 0);

/** One step per period with the numbers put in. */
export function periodSteps(debt: Dec, periods: readonly Period[]): Step[] {
  return periods.map((p) => ({
    label: `${ruDate(p.from)} – ${ruDate(p.to)}, ${p.days} дн.`,
    formula: `${formatMoney(debt)} × ${formatPercent(p.ratePct)} × ${p.fraction} × ${p.days}`,
    value: formatMoney(p.amount),
  }));
}
