import { countOf, DAYS } from '@/lib/domain/format/plural';
import { dec, type Dec, formatMoney, formatPercent, roundKop, sum, toMoneyString, ZERO } from '@/lib/domain/money';
import { dayNumber, fromDayNumber } from './dates';
import { rateOn, type RateBook, type RateKind } from './rates';
import { CalcInputError, type Step } from './types';
import { formatIsoDate } from '@/lib/domain/format/date';

/** One stretch of a penalty or interest calculation with one debt, one rate and one fraction. */
export interface Period {
  from: string;
  to: string;
  days: number;
  /** The debt the stretch is charged on (less the payments made before it). */
  debt: string;
  ratePct: string;
  /** The share of the rate per day, `1/300`, `1/150`, `1/365`, or a percent per day `0.1%`. */
  fraction: string;
  amount: string;
}

/** A partial payment of the debt: the debt is smaller from the day after `date` (its own day bears the old debt). */
export interface Payment {
  date: string;
  amount: string;
}

/** `debt × rate% × days / denominator`, rounded to kopecks (each period on its own; the total is their sum). */
function periodAmount(debt: Dec, ratePct: string, days: number, denominator: number): Dec {
  return roundKop(debt.times(dec(ratePct)).div(100).times(days).div(denominator));
}

function period(debt: Dec, from: string, to: string, days: number, ratePct: string, denominator: number): Period {
  return {
    from,
    to,
    days,
    debt: toMoneyString(debt),
    ratePct: dec(ratePct).toFixed(),
    fraction: `1/${denominator}`,
    amount: toMoneyString(periodAmount(debt, ratePct, days, denominator)),
  };
}

export const totalOf = (periods: readonly Period[]): Dec => sum(periods.map((p) => p.amount));
export const daysOf = (periods: readonly Period[]): number => periods.reduce((n, p) => n + p.days, 0);

/**
 * Checks the partial payments against the stretch `first`…`last` (both included) and the debt, and sorts
 * them by date. A payment outside the stretch or payments above the debt are input errors.
 */
export function checkPayments(payments: readonly Payment[] | undefined, debt: Dec, first: string, last: string): Payment[] {
  const list = [...(payments ?? [])];
  list.forEach((p, i) => {
    const d = dayNumber(p.date);
    if (d < dayNumber(first) || d > dayNumber(last)) {
      throw new CalcInputError(`payments.${i}.date`, `Дата оплаты должна быть в периоде ${formatIsoDate(first)} – ${formatIsoDate(last)}.`);
    }
  });
  const paid = sum(list.map((p) => p.amount));
  if (paid.gt(debt)) throw new CalcInputError('payments', `Оплаты (${formatMoney(paid)}) больше суммы долга (${formatMoney(debt)}).`);
  return list.sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
}

/** The debt on a day: the initial debt less the payments dated before that day. */
export function debtOn(debt: Dec, payments: readonly Payment[], day: number): Dec {
  let left = debt;
  for (const step of debtSteps(debt, payments)) {
    if (step.day >= day) break;
    left = step.left;
  }
  return left;
}

/** The debt left after each payment, by date: worked out once per calculation (a period per rate change asks). */
const stepsOf = new WeakMap<readonly Payment[], { debt: Dec; steps: { day: number; left: Dec }[] }>();

function debtSteps(debt: Dec, payments: readonly Payment[]): { day: number; left: Dec }[] {
  const known = stepsOf.get(payments);
  if (known && known.debt.eq(debt) && known.steps.length === payments.length) return known.steps;
  let left = debt;
  const steps = payments
    .map((p) => ({ day: dayNumber(p.date), amount: dec(p.amount) }))
    .sort((a, b) => a.day - b.day)
    .map((p) => ({ day: p.day, left: (left = left.minus(p.amount)) }));
  stepsOf.set(payments, { debt, steps });
  return steps;
}

/** Day numbers where a dated table gets a new row inside `first`…`last` (the first day excluded). */
export function rateChanges(book: RateBook, kind: RateKind, first: number, last: number): number[] {
  return (book[kind] ?? []).map((r) => dayNumber(r.effectiveFrom)).filter((d) => d > first && d <= last);
}

/** The days after each payment: where the debt changes. */
export const paymentCuts = (payments: readonly Payment[]): number[] => payments.map((p) => dayNumber(p.date) + 1);

/** What a stretch is charged at; stretches with equal terms next to each other are merged. */
export interface Terms {
  debt: Dec;
  ratePct: string;
  denominator: number;
  /** Stretches with different tags are never merged (ст. 395 keeps one period per year). */
  tag?: number;
}

/**
 * Cuts `from`…`to` (both included) at the given first days of new stretches, asks `termsOn` for each
 * stretch (by its first day), merges neighbours with equal terms, drops stretches without debt and
 * returns the periods, each rounded to kopecks.
 */
export function buildPeriods(from: string, to: string, cuts: readonly number[], termsOn: (day: number) => Terms): Period[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const bounds = [...new Set([start, ...cuts.filter((d) => d > start && d <= end), end + 1])].sort((a, b) => a - b);
  const runs: { a: number; b: number; t: Terms }[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const a = bounds[i]!;
    const b = bounds[i + 1]! - 1;
    const t = termsOn(a);
    const prev = runs.at(-1);
    if (prev && prev.b + 1 === a && prev.t.debt.eq(t.debt) && dec(prev.t.ratePct).eq(dec(t.ratePct)) && prev.t.denominator === t.denominator && prev.t.tag === t.tag) {
      prev.b = b;
    } else {
      runs.push({ a, b, t });
    }
  }
  return runs
    .filter((r) => r.t.debt.gt(ZERO))
    .map((r) => period(r.t.debt, fromDayNumber(r.a), fromDayNumber(r.b), r.b - r.a + 1, r.t.ratePct, r.t.denominator));
}

/** The key rate on a day (shared by the penalty calculators). */
export const keyRateOn = (book: RateBook, day: number): string => rateOn(book, 'key_rate', fromDayNumber(day));

/** A `refinancing_rate` row: a percent, or «equal to the key rate on each date» (from 01.01.2016). */
type RefinancingValue = string | { equalsKeyRate: true };

/**
 * The refinancing rate of Банк России on a day: the dated row's percent (8,25 % from 14.09.2012, Указание
 * № 2873-У), or, from the row that says so (01.01.2016, Указание от 11.12.2015 № 3894-У), the key rate of
 * that day. Tax penalties (ст. 75 НК) and late salary (ст. 236 ТК) are charged on it; before 2016 it differs
 * from the key rate.
 */
export function refinancingRateOn(book: RateBook, day: number): string {
  const v = rateOn<RefinancingValue>(book, 'refinancing_rate', fromDayNumber(day));
  return typeof v === 'string' ? v : keyRateOn(book, day);
}

/** Where the refinancing rate may change inside `first`…`last`: its own rows and, while it follows it, the key rate's. */
export const refinancingChanges = (book: RateBook, first: number, last: number): number[] => [
  ...rateChanges(book, 'refinancing_rate', first, last),
  ...rateChanges(book, 'key_rate', first, last),
];

/** One step per period with the numbers put in. */
export function periodSteps(periods: readonly Period[]): Step[] {
  return periods.map((p) => ({
    label: `${formatIsoDate(p.from)} – ${formatIsoDate(p.to)}, ${countOf(p.days, DAYS)}`,
    formula: `${formatMoney(p.debt)} × ${formatPercent(p.ratePct)} × ${p.fraction} × ${p.days}`,
    value: formatMoney(p.amount),
  }));
}

/** Steps of the partial payments: what was paid and the debt left. */
export function paymentSteps(debt: Dec, payments: readonly Payment[]): Step[] {
  let left = debt;
  return payments.map((p) => {
    const before = left;
    left = left.minus(dec(p.amount));
    return { label: `Оплата ${formatIsoDate(p.date)}: долг со следующего дня`, formula: `${formatMoney(before)} − ${formatMoney(p.amount)}`, value: formatMoney(left) };
  });
}
