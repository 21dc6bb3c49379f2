import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { dayNumber, daysInclusive, daysInYear, yearOf } from './dates';
import { daysOf, period, periodSteps, type Period, totalOf } from './periods';
import { type RateBook, splitByRate } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface Interest395Input {
  debt: string;
  from: string;
  to: string;
}
export interface Interest395Result {
  amount: string;
  days: number;
  periods: Period[];
}

/** Splits a span at New Year so each part has one year length. */
function byYear(from: string, to: string): { from: string; to: string }[] {
  const parts: { from: string; to: string }[] = [];
  let start = from;
  while (dayNumber(start) <= dayNumber(to)) {
    const yearEnd = `${yearOf(start)}-12-31`;
    const end = dayNumber(yearEnd) < dayNumber(to) ? yearEnd : to;
    parts.push({ from: start, to: end });
    start = `${yearOf(start) + 1}-01-01`;
  }
  return parts;
}

/**
 * Проценты по ст. 395 ГК РФ: Σ debt × key rate × days / days in the year (365 or 366), `from` and `to` both
 * included; split at every rate change and at each New Year; each part rounded, then added.
 */
export function calcInterest395(input: Interest395Input, book: RateBook): CalcOutput<Interest395Result> {
  const debt = dec(input.debt);
  if (dayNumber(input.to) < dayNumber(input.from)) throw new CalcInputError('to', 'Конец периода не может быть раньше начала.');
  const periods: Period[] = [];
  for (const y of byYear(input.from, input.to)) {
    for (const s of splitByRate(book, 'key_rate', y.from, y.to)) {
      periods.push(period(debt, s.from, s.to, s.days, s.value, daysInYear(yearOf(s.from))));
    }
  }
  const amount = totalOf(periods);
  const days = daysInclusive(input.from, input.to);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...periodSteps(debt, periods),
      { label: `Проценты за ${days} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + '), value: formatMoney(amount) },
    ],
  };
}
