import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber } from './dates';
import { daysOf, period, periodSteps, type Period, totalOf } from './periods';
import { type RateBook, splitByRate } from './rates';
import { CalcInputError, type CalcOutput } from './types';

/** The legal minimum share of the key rate per day (ст. 236 ТК РФ). */
export const SALARY_DELAY_DENOMINATOR = 150;

export interface SalaryDelayInput {
  amount: string;
  dueDate: string;
  paymentDate: string;
}
export interface SalaryDelayResult {
  amount: string;
  days: number;
  periods: Period[];
}

/** Компенсация за задержку зарплаты: amount × key rate × 1/150 × days, day after the due date to payment inclusive. */
export function calcSalaryDelay(input: SalaryDelayInput, book: RateBook): CalcOutput<SalaryDelayResult> {
  const debt = dec(input.amount);
  const totalDays = dayNumber(input.paymentDate) - dayNumber(input.dueDate);
  if (totalDays < 1) throw new CalcInputError('paymentDate', 'Дата выплаты должна быть позже установленного срока.');
  const periods = splitByRate(book, 'key_rate', addDays(input.dueDate, 1), input.paymentDate).map((s) =>
    period(debt, s.from, s.to, s.days, s.value, SALARY_DELAY_DENOMINATOR),
  );
  const amount = totalOf(periods);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...periodSteps(debt, periods),
      { label: `Компенсация за ${totalDays} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + '), value: formatMoney(amount) },
    ],
  };
}
