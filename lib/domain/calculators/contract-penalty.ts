import { countOf, DAYS } from '@/lib/domain/format/plural';
import { dec, type Dec, formatMoney, formatPercent, HUNDRED, min, roundKop, toMoneyString } from '@/lib/domain/money';
import { dayNumber, daysInclusive } from './dates';
import { daysOf, periodSteps, type Period, totalOf } from './periods';
import { type RateBook, splitByRate } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';
import { formatIsoDate } from '@/lib/domain/format/date';

export interface ContractPenaltyInput {
  amount: string;
  from: string;
  to: string;
  /** Percent of the amount per day (`0.1`), or … */
  pctPerDay?: string;
  /** … a share of the key rate per day (`1/300`), split at every rate change. */
  keyRateFraction?: string;
  /** Cap as a percent of the amount (e.g. 10). */
  capPct?: string;
}
export interface ContractPenaltyResult {
  amount: string;
  days: number;
  periods: Period[];
  capped: boolean;
}

/** Неустойка по договору: amount × p × days, `from` and `to` both included; optional cap. */
export function calcContractPenalty(input: ContractPenaltyInput, book: RateBook): CalcOutput<ContractPenaltyResult> {
  const base = dec(input.amount);
  if (dayNumber(input.to) < dayNumber(input.from)) throw new CalcInputError('to', 'Конец периода не может быть раньше начала.');
  const days = daysInclusive(input.from, input.to);
  let periods: Period[];
  const steps: Step[] = [];
  if (input.keyRateFraction !== undefined) {
    const m = /^1\/(\d+)$/.exec(input.keyRateFraction.trim());
    const denominator = m ? Number(m[1]) : 0;
    if (!denominator) throw new CalcInputError('keyRateFraction', 'Доля ключевой ставки записывается как 1/300.');
    periods = splitByRate(book, 'key_rate', input.from, input.to).map((s) => ({
      from: s.from,
      to: s.to,
      days: s.days,
      debt: toMoneyString(base),
      ratePct: dec(s.value).toFixed(),
      fraction: `1/${denominator}`,
      amount: toMoneyString(base.times(dec(s.value)).div(HUNDRED).div(denominator).times(s.days)),
    }));
    steps.push(...periodSteps(periods));
  } else if (input.pctPerDay !== undefined) {
    const p = dec(input.pctPerDay);
    const amount = roundKop(base.times(p).div(HUNDRED).times(days));
    periods = [{ from: input.from, to: input.to, days, debt: toMoneyString(base), ratePct: p.toFixed(), fraction: 'в день', amount: toMoneyString(amount) }];
    steps.push({
      label: `${formatIsoDate(input.from)} – ${formatIsoDate(input.to)}, ${countOf(days, DAYS)}`,
      formula: `${formatMoney(base)} × ${formatPercent(p, 4)} × ${days}`,
      value: formatMoney(amount),
    });
  } else {
    throw new CalcInputError('pctPerDay', 'Укажите процент в день или долю ключевой ставки.');
  }
  let amount: Dec = totalOf(periods);
  let capped = false;
  if (input.capPct !== undefined) {
    const cap = roundKop(base.times(dec(input.capPct)).div(HUNDRED));
    steps.push({ label: `Ограничение ${formatPercent(input.capPct)} от суммы`, formula: `${formatMoney(base)} × ${formatPercent(input.capPct)}`, value: formatMoney(cap) });
    capped = amount.gt(cap);
    amount = min(amount, cap);
  }
  steps.push({ label: `Неустойка за ${countOf(days, DAYS)}${capped ? ' (с ограничением)' : ''}`, formula: periods.map((p) => formatMoney(p.amount)).join(' + '), value: formatMoney(amount) });
  return { result: { amount: toMoneyString(amount), days: daysOf(periods), periods, capped }, steps };
}
