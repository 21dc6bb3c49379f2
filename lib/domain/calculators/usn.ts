import { dec, type Dec, formatMoney, formatPercent, max, min, roundRub, toMoneyString, ZERO } from '@/lib/domain/money';
import { ipContributions } from './ip-contributions';
import { rateOn, type RateBook } from './rates';
import type { CalcOutput, Step } from './types';

export interface UsnInput {
  year: number;
  object: 'income' | 'income-expenses';
  income: string;
  expenses?: string;
  /** Contributions paid in the year (reduce the «доходы» tax). Omitted for an ИП: its own are computed. */
  contributions?: string;
  entrepreneurWithoutEmployees?: boolean;
  /** Regional rate; omitted = the general rate of the year. */
  ratePct?: string;
}
export interface UsnResult {
  taxBase: string;
  tax: string;
  minimumTax: string | null;
  deduction: string;
  ratePct: string;
}

/**
 * Налог по УСН за год (§4 row 11), whole rubles. «Доходы»: income × rate − contributions, the reduction up to
 * 100 % for an ИП without employees and up to 50 % otherwise. «Доходы − расходы»: the larger of
 * (income − expenses) × rate and the minimum tax (1 % of income).
 */
export function calcUsn(input: UsnInput, book: RateBook): CalcOutput<UsnResult> {
  const date = `${input.year}-01-01`;
  const income = dec(input.income);
  const steps: Step[] = [];
  if (input.object === 'income') {
    const rate = dec(input.ratePct ?? rateOn(book, 'usn_income_rate', date));
    const computed = income.times(rate).div(100);
    steps.push({ label: `Налог ${formatPercent(rate)} до уменьшения`, formula: `${formatMoney(income)} × ${formatPercent(rate)}`, value: formatMoney(computed) });
    let paid: Dec;
    if (input.contributions !== undefined) {
      paid = dec(input.contributions);
    } else if (input.entrepreneurWithoutEmployees) {
      const own = ipContributions({ year: input.year, income: input.income, object: 'income' }, book);
      steps.push(...own.steps);
      paid = own.fixed.plus(own.additional);
      steps.push({ label: 'Взносы ИП за себя', formula: `${formatMoney(own.fixed)} + ${formatMoney(own.additional)}`, value: formatMoney(paid) });
    } else {
      paid = ZERO;
    }
    const limitPct = input.entrepreneurWithoutEmployees ? 100 : 50;
    const limit = computed.times(limitPct).div(100);
    const deduction = min(paid, limit);
    steps.push({
      label: `Уменьшение на взносы (не больше ${limitPct} % налога)`,
      formula: `min(${formatMoney(paid)}; ${formatMoney(limit)})`,
      value: formatMoney(deduction),
    });
    const tax = roundRub(max(ZERO, computed.minus(deduction)));
    steps.push({ label: 'Налог к уплате (целые рубли)', formula: `${formatMoney(computed)} − ${formatMoney(deduction)}`, value: formatMoney(tax) });
    return {
      result: { taxBase: toMoneyString(income), tax: toMoneyString(tax), minimumTax: null, deduction: toMoneyString(deduction), ratePct: rate.toFixed() },
      steps,
    };
  }
  const rate = dec(input.ratePct ?? rateOn(book, 'usn_income_expenses_rate', date));
  const minRate = dec(rateOn(book, 'usn_minimum_rate', date));
  const expenses = dec(input.expenses ?? '0');
  const base = max(ZERO, income.minus(expenses));
  const computed = base.times(rate).div(100);
  const minimum = income.times(minRate).div(100);
  steps.push(
    { label: 'Налоговая база', formula: `${formatMoney(income)} − ${formatMoney(expenses)}`, value: formatMoney(base) },
    { label: `Налог ${formatPercent(rate)}`, formula: `${formatMoney(base)} × ${formatPercent(rate)}`, value: formatMoney(computed) },
    { label: `Минимальный налог ${formatPercent(minRate)} от доходов`, formula: `${formatMoney(income)} × ${formatPercent(minRate)}`, value: formatMoney(minimum) },
  );
  const tax = roundRub(max(computed, minimum));
  steps.push({
    label: computed.gte(minimum) ? 'Налог к уплате (целые рубли)' : 'Платится минимальный налог (целые рубли)',
    formula: `max(${formatMoney(computed)}; ${formatMoney(minimum)})`,
    value: formatMoney(tax),
  });
  return {
    result: {
      taxBase: toMoneyString(base),
      tax: toMoneyString(tax),
      minimumTax: toMoneyString(roundRub(minimum)),
      deduction: toMoneyString(0),
      ratePct: rate.toFixed(),
    },
    steps,
  };
}
