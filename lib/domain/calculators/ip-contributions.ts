import { dec, type Dec, formatMoney, formatPercent, max, min, roundKop, toMoneyString, ZERO } from '@/lib/domain/money';
import { daysInMonth, yearOf } from './dates';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';
import { formatIsoDate } from '@/lib/domain/format/date';

export interface IpContributionsInput {
  year: number;
  income: string;
  expenses?: string;
  /** `income-expenses`: the 1 % base is income − expenses (own contributions not in expenses, 2026 rule). */
  object?: 'income' | 'income-expenses';
  /** Date of registration when it falls in the year: the fixed part is prorated. */
  registeredFrom?: string;
}
export interface IpContributionsResult {
  fixed: string;
  additional: string;
  total: string;
}

/** The ИП's own contributions for a year (ст. 430 НК), with the steps; shared with the УСН calculator. */
export function ipContributions(input: IpContributionsInput, book: RateBook): { fixed: Dec; additional: Dec; steps: Step[] } {
  const date = `${input.year}-01-01`;
  const yearly = dec(rateOn(book, 'ip_fixed_contribution', date));
  const threshold = dec(rateOn(book, 'ip_additional_threshold', date));
  const rate = dec(rateOn(book, 'ip_additional_rate', date));
  const cap = dec(rateOn(book, 'ip_additional_cap', date));
  const steps: Step[] = [];

  let fixed = yearly;
  const reg = input.registeredFrom;
  if (reg && yearOf(reg) > input.year) throw new CalcInputError('registeredFrom', 'ИП зарегистрирован после этого года.');
  if (reg && yearOf(reg) === input.year) {
    const month = Number(reg.slice(5, 7));
    const day = Number(reg.slice(8, 10));
    const dim = daysInMonth(input.year, month);
    const fullMonths = 12 - month;
    const days = dim - day + 1;
    fixed = roundKop(yearly.div(12).times(fullMonths).plus(yearly.div(12).times(days).div(dim)));
    steps.push({
      label: `Фиксированные взносы с ${formatIsoDate(reg)}`,
      formula: `${formatMoney(yearly)} / 12 × (${fullMonths} + ${days}/${dim})`,
      value: formatMoney(fixed),
    });
  } else {
    steps.push({ label: `Фиксированные взносы за ${input.year} год`, formula: formatMoney(yearly), value: formatMoney(fixed) });
  }

  const income = dec(input.income);
  const base = input.object === 'income-expenses' ? max(ZERO, income.minus(dec(input.expenses ?? '0'))) : income;
  if (input.object === 'income-expenses') {
    steps.push({ label: 'Доход для 1 %', formula: `${formatMoney(income)} − ${formatMoney(input.expenses ?? '0')}`, value: formatMoney(base) });
  }
  const over = max(ZERO, base.minus(threshold));
  const raw = roundKop(over.times(rate).div(100));
  const additional = min(raw, cap);
  steps.push({
    label: `${formatPercent(rate)} с дохода свыше ${formatMoney(threshold)}`,
    formula: `(${formatMoney(base)} − ${formatMoney(threshold)}) × ${formatPercent(rate)}, не больше ${formatMoney(cap)}`,
    value: formatMoney(additional),
  });
  return { fixed, additional, steps };
}

/** Страховые взносы ИП за себя. */
export function calcIpContributions(input: IpContributionsInput, book: RateBook): CalcOutput<IpContributionsResult> {
  const { fixed, additional, steps } = ipContributions(input, book);
  const total = fixed.plus(additional);
  steps.push({ label: 'Всего взносов', formula: `${formatMoney(fixed)} + ${formatMoney(additional)}`, value: formatMoney(total) });
  return { result: { fixed: toMoneyString(fixed), additional: toMoneyString(additional), total: toMoneyString(total) }, steps };
}
