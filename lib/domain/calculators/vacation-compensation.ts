import { dec, formatMoney, formatNumber, max, roundKop, roundTo, toFixedString, toMoneyString, ZERO } from '@/lib/domain/money';
import type { CalcOutput } from './types';

export interface VacationCompensationInput {
  /** Whole months worked (a month with 15 days or more counts as whole, fewer are dropped). */
  monthsWorked: number;
  daysUsed: string;
  averageDaily: string;
  annualDays: number;
}
export interface VacationCompensationResult {
  days: string;
  amount: string;
}

/**
 * Компенсация за неиспользованный отпуск (§4 row 5): days = annual days / 12 × months − days used
 * (two decimals, half-up; not below 0); amount = СДЗ × days in kopecks.
 */
export function calcVacationCompensation(input: VacationCompensationInput): CalcOutput<VacationCompensationResult> {
  const perMonth = dec(input.annualDays).div(12);
  const earned = dec(input.annualDays).times(input.monthsWorked).div(12);
  const days = max(ZERO, roundTo(earned.minus(dec(input.daysUsed)), 2));
  const amount = roundKop(dec(input.averageDaily).times(days));
  return {
    result: { days: toFixedString(days, 2), amount: toMoneyString(amount) },
    steps: [
      {
        label: 'Дней отпуска за месяц работы',
        formula: `${input.annualDays} / 12`,
        value: formatNumber(perMonth, 4),
      },
      {
        label: 'Дней к компенсации',
        formula: `${input.annualDays} / 12 × ${input.monthsWorked} − ${formatNumber(input.daysUsed)}`,
        value: formatNumber(days, 2),
      },
      {
        label: 'Компенсация',
        formula: `${formatMoney(input.averageDaily)} × ${formatNumber(days, 2)}`,
        value: formatMoney(amount),
      },
    ],
  };
}
