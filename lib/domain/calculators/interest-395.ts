import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { dayNumber, daysInclusive, daysInYear, fromDayNumber, yearOf } from './dates';
import { buildPeriods, checkPayments, daysOf, debtOn, keyRateOn, type Payment, paymentCuts, paymentSteps, periodSteps, type Period, rateChanges, totalOf } from './periods';
import type { RateBook } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface Interest395Input {
  debt: string;
  from: string;
  to: string;
  /** Partial payments: the debt is smaller from the day after each (its own day bears the old debt). */
  payments?: Payment[];
}
export interface Interest395Result {
  amount: string;
  days: number;
  periods: Period[];
}

/** The first days of the years after `from` up to `to`: each year keeps its own length. */
function newYears(from: string, to: string): number[] {
  const out: number[] = [];
  for (let y = yearOf(from) + 1; y <= yearOf(to); y += 1) out.push(dayNumber(`${y}-01-01`));
  return out;
}

/**
 * Проценты по ст. 395 ГК РФ: Σ debt × key rate × days / days in the year (365 or 366), `from` and `to` both
 * included; split at every rate change, at each New Year and at every partial payment; each part rounded,
 * then added.
 */
export function calcInterest395(input: Interest395Input, book: RateBook): CalcOutput<Interest395Result> {
  const debt = dec(input.debt);
  if (dayNumber(input.to) < dayNumber(input.from)) throw new CalcInputError('to', 'Конец периода не может быть раньше начала.');
  const payments = checkPayments(input.payments, debt, input.from, input.to);
  const a = dayNumber(input.from);
  const b = dayNumber(input.to);
  const periods = buildPeriods(input.from, input.to, [...rateChanges(book, 'key_rate', a, b), ...newYears(input.from, input.to), ...paymentCuts(payments)], (day) => ({
    debt: debtOn(debt, payments, day),
    ratePct: keyRateOn(book, day),
    denominator: daysInYear(yearOf(fromDayNumber(day))),
    tag: yearOf(fromDayNumber(day)),
  }));
  const amount = totalOf(periods);
  const days = daysInclusive(input.from, input.to);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...paymentSteps(debt, payments),
      ...periodSteps(periods),
      { label: `Проценты за ${days} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
