import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber, fromDayNumber } from './dates';
import { buildPeriods, checkPayments, daysOf, debtOn, keyRateOn, type Payment, paymentCuts, paymentSteps, periodSteps, type Period, rateChanges, totalOf } from './periods';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface SalaryDelayInput {
  amount: string;
  dueDate: string;
  paymentDate: string;
  /** Partial payments before the final one: the debt is smaller from the day after each. */
  payments?: Payment[];
}
export interface SalaryDelayResult {
  amount: string;
  days: number;
  periods: Period[];
}

/**
 * Компенсация за задержку зарплаты (ст. 236 ТК РФ): amount × key rate × 1/150 (the dated
 * `salary_delay_denominator`) × days, from the day after the due date through the payment inclusive.
 */
export function calcSalaryDelay(input: SalaryDelayInput, book: RateBook): CalcOutput<SalaryDelayResult> {
  const debt = dec(input.amount);
  const totalDays = dayNumber(input.paymentDate) - dayNumber(input.dueDate);
  if (totalDays < 1) throw new CalcInputError('paymentDate', 'Дата выплаты должна быть позже установленного срока.');
  const first = addDays(input.dueDate, 1);
  const payments = checkPayments(input.payments, debt, first, input.paymentDate);
  const a = dayNumber(first);
  const b = dayNumber(input.paymentDate);
  const periods = buildPeriods(
    first,
    input.paymentDate,
    [...rateChanges(book, 'key_rate', a, b), ...rateChanges(book, 'salary_delay_denominator', a, b), ...paymentCuts(payments)],
    (day) => ({
      debt: debtOn(debt, payments, day),
      ratePct: keyRateOn(book, day),
      denominator: Number(rateOn(book, 'salary_delay_denominator', fromDayNumber(day))),
    }),
  );
  const amount = totalOf(periods);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...paymentSteps(debt, payments),
      ...periodSteps(periods),
      { label: `Компенсация за ${totalDays} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
