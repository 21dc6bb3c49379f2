import { dec, type Dec, formatMoney, formatNumber, min, roundKop, toMoneyString, ZERO } from '@/lib/domain/money';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface DepreciationInput {
  cost: string;
  usefulLifeMonths: number;
  method: 'straight' | 'declining';
  /** Declining balance factor k (ФСБУ 6/2020 «уменьшаемого остатка»), default 2. */
  factor?: string;
}
export interface DepreciationResult {
  monthly: string;
  schedule: { year: number; months: number; amount: string; residual: string }[];
}

/**
 * Амортизация, from the first month of use. Straight line: monthly = cost / months (kopecks),
 * the last month takes the remainder. Declining balance: yearly = residual × k / n (n = life in years),
 * never more than the residual; the last year writes off the rest. Every year's amount is in kopecks and the schedule adds up to the cost.
 */
export function calcDepreciation(input: DepreciationInput): CalcOutput<DepreciationResult> {
  const cost = dec(input.cost);
  const months = input.usefulLifeMonths;
  const years = Math.ceil(months / 12);
  const schedule: DepreciationResult['schedule'] = [];
  const steps: Step[] = [];
  let residual: Dec = cost;
  let monthly: Dec;
  if (input.method === 'straight') {
    monthly = roundKop(cost.div(months));
    steps.push({ label: 'Амортизация в месяц', formula: `${formatMoney(cost)} / ${months} мес.`, value: formatMoney(monthly) });
    for (let y = 1; y <= years; y += 1) {
      const m = Math.min(12, months - (y - 1) * 12);
      const amount = y === years ? residual : monthly.times(m);
      residual = residual.minus(amount);
      schedule.push({ year: y, months: m, amount: toMoneyString(amount), residual: toMoneyString(residual) });
    }
  } else {
    const k = dec(input.factor ?? '2');
    if (k.lte(0)) throw new CalcInputError('factor', 'Коэффициент должен быть больше нуля.');
    const n = dec(months).div(12);
    const share = k.div(n);
    steps.push({ label: 'Годовая норма', formula: `k / n = ${formatNumber(k)} / ${formatNumber(n, 4)}`, value: `${formatNumber(share.times(100), 2)} %` });
    let first: Dec = ZERO;
    for (let y = 1; y <= years; y += 1) {
      const m = Math.min(12, months - (y - 1) * 12);
      const amount = y === years ? residual : min(residual, roundKop(residual.times(share).times(m).div(12)));
      if (y === 1) first = amount;
      steps.push({
        label: `${y}-й год`,
        formula: y === years ? `остаток ${formatMoney(residual)} списывается полностью` : `${formatMoney(residual)} × ${formatNumber(share.times(100), 2)} %${m < 12 ? ` × ${m}/12` : ''}`,
        value: formatMoney(amount),
      });
      residual = residual.minus(amount);
      schedule.push({ year: y, months: m, amount: toMoneyString(amount), residual: toMoneyString(residual) });
    }
    monthly = roundKop(first.div(Math.min(12, months)));
    steps.push({ label: 'Амортизация в месяц в первый год', formula: `${formatMoney(first)} / ${Math.min(12, months)}`, value: formatMoney(monthly) });
  }
  return { result: { monthly: toMoneyString(monthly), schedule }, steps };
}
