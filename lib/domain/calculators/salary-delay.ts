import { countOf, DAYS } from '@/lib/domain/format/plural';
import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber, fromDayNumber } from './dates';
import { buildPeriods, checkPayments, daysOf, debtOn, type Payment, paymentCuts, paymentSteps, periodSteps, type Period, rateChanges, refinancingChanges, refinancingRateOn, totalOf } from './periods';
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
 * Компенсация за задержку зарплаты (ст. 236 ТК РФ): amount × rate × share × days, from the day after the due
 * date through the payment inclusive. The share is the dated `salary_delay_denominator` (1/300 of the
 * refinancing rate before 03.10.2016; 1/150 of the key rate from then, 272-ФЗ от 03.07.2016); the rate is the
 * refinancing rate, which equals the key rate on every date since 01.01.2016 (Указание № 3894-У), so one
 * dated rate serves both wordings.
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
    [...refinancingChanges(book, a, b), ...rateChanges(book, 'salary_delay_denominator', a, b), ...paymentCuts(payments)],
    (day) => ({
      debt: debtOn(debt, payments, day),
      ratePct: refinancingRateOn(book, day),
      denominator: Number(rateOn(book, 'salary_delay_denominator', fromDayNumber(day))),
    }),
  );
  const amount = totalOf(periods);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...paymentSteps(debt, payments),
      ...periodSteps(periods),
      { label: `Компенсация за ${countOf(totalDays, DAYS)}`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
