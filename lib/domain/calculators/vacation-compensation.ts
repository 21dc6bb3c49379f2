import { countOf, MONTHS } from '@/lib/domain/format/plural';
import { dec, formatMoney, formatNumber, max, roundKop, roundTo, toFixedString, toMoneyString, ZERO } from '@/lib/domain/money';
import type { CalcOutput, Step } from './types';

export interface VacationCompensationInput {
  /** Whole months worked (a month with 15 days or more counts as whole, fewer are dropped). */
  monthsWorked: number;
  daysUsed: string;
  averageDaily: string;
  annualDays: number;
  /** Count 11 months or more of the last working year as the whole year (full annual leave). */
  elevenMonthsFullYear?: boolean;
}
export interface VacationCompensationResult {
  days: string;
  amount: string;
  /** The months the days are earned for (with the 11-month rule applied, if chosen). */
  monthsCounted: number;
}

/** Where the 11-month rule comes from (shown on the form and in the steps). */
const ELEVEN_MONTHS_RULE = 'п. 28 Правил об очередных и дополнительных отпусках (утв. НКТ СССР 30.04.1930 № 169)';
export const ELEVEN_MONTHS_SOURCE = `${ELEVEN_MONTHS_RULE}: проработавший не менее 11 месяцев рабочего года получает при увольнении компенсацию за полный отпуск`;

/**
 * Компенсация за неиспользованный отпуск: days = annual days / 12 × months − days used (two decimals,
 * half-up; not below 0); amount = СДЗ × days in kopecks. With the 11-month rule (an option: the employer
 * applies it), a last working year of 11 months or more counts as 12 months — the full annual leave.
 */
export function calcVacationCompensation(input: VacationCompensationInput): CalcOutput<VacationCompensationResult> {
  const rest = input.monthsWorked % 12;
  const applied = Boolean(input.elevenMonthsFullYear) && rest >= 11;
  const months = applied ? input.monthsWorked - rest + 12 : input.monthsWorked;
  const perMonth = dec(input.annualDays).div(12);
  const earned = dec(input.annualDays).times(months).div(12);
  const days = max(ZERO, roundTo(earned.minus(dec(input.daysUsed)), 2));
  const amount = roundKop(dec(input.averageDaily).times(days));
  const rule: Step[] = input.elevenMonthsFullYear
    ? [
        {
          label: `Правило 11 месяцев — ${ELEVEN_MONTHS_RULE}`,
          formula: applied
            ? `в последнем рабочем году ${rest} мес. ≥ 11 → засчитывается 12`
            : `в последнем рабочем году ${rest} мес. < 11 — правило не применяется`,
          value: countOf(months, MONTHS),
        },
      ]
    : [];
  return {
    result: { days: toFixedString(days, 2), amount: toMoneyString(amount), monthsCounted: months },
    steps: [
      ...rule,
      {
        label: 'Дней отпуска за месяц работы',
        formula: `${input.annualDays} / 12`,
        value: formatNumber(perMonth, 4),
      },
      {
        label: 'Дней к компенсации',
        formula: `${input.annualDays} / 12 × ${months} − ${formatNumber(input.daysUsed)}`,
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
