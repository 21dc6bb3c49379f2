import { countOf, DAYS } from '@/lib/domain/format/plural';
import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { dayNumber, daysInclusive, daysInYear, fromDayNumber, yearOf } from './dates';
import {
  buildPeriods,
  checkPayments,
  daysOf,
  debtOn,
  keyRateOn,
  type Payment,
  paymentCuts,
  paymentSteps,
  periodSteps,
  type Period,
  rateChanges,
  refinancingChanges,
  refinancingRateOn,
  totalOf,
} from './periods';
import { rateOn, type RateBook } from './rates';
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
 * Which rate п. 1 ст. 395 ГК used from a date (the dated `interest_395_rules` row): the refinancing rate (the
 * «учётная ставка банковского процента» of the wording before 01.06.2015), the average rates on deposits of
 * individuals by federal district (01.06.2015 – 31.07.2016, 42-ФЗ от 08.03.2015; not loaded — refused), or
 * the key rate (from 01.08.2016, 315-ФЗ от 03.07.2016).
 */
interface Interest395Rule {
  base: 'refinancing' | 'deposits' | 'key';
}

/**
 * Проценты по ст. 395 ГК РФ: Σ debt × rate × days / days in the year (365 or 366), `from` and `to` both
 * included; the rate of each day is the one the rule in force that day names; split at every rate change, at
 * each New Year and at every partial payment; each part rounded, then added. Days under the district deposit
 * rates are refused with the rule named.
 */
export function calcInterest395(input: Interest395Input, book: RateBook): CalcOutput<Interest395Result> {
  const debt = dec(input.debt);
  if (dayNumber(input.to) < dayNumber(input.from)) throw new CalcInputError('to', 'Конец периода не может быть раньше начала.');
  const payments = checkPayments(input.payments, debt, input.from, input.to);
  const a = dayNumber(input.from);
  const b = dayNumber(input.to);
  const ruleOn = (day: number) => rateOn<Interest395Rule>(book, 'interest_395_rules', fromDayNumber(day));
  const cuts = [...refinancingChanges(book, a, b), ...rateChanges(book, 'interest_395_rules', a, b), ...newYears(input.from, input.to), ...paymentCuts(payments)];
  for (const day of [a, ...cuts.filter((d) => d > a && d <= b)]) {
    if (ruleOn(day).base === 'deposits') {
      throw new CalcInputError(
        'from',
        'С 01.06.2015 по 31.07.2016 проценты по ст. 395 ГК считались по средним ставкам банковского процента по вкладам физических лиц в федеральном округе кредитора (п. 1 ст. 395 ГК в редакции 42-ФЗ от 08.03.2015); эти ставки в приложении не загружены. Посчитайте дни этого периода отдельно.',
      );
    }
  }
  const periods = buildPeriods(input.from, input.to, cuts, (day) => ({
    debt: debtOn(debt, payments, day),
    ratePct: ruleOn(day).base === 'key' ? keyRateOn(book, day) : refinancingRateOn(book, day),
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
      { label: `Проценты за ${countOf(days, DAYS)}`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
