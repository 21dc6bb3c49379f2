import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber, fromDayNumber } from './dates';
import { buildPeriods, checkPayments, daysOf, debtOn, keyRateOn, type Payment, paymentCuts, paymentSteps, periodSteps, type Period, rateChanges, totalOf } from './periods';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface TaxPenaltyInput {
  debt: string;
  dueDate: string;
  paymentDate: string;
  payer: 'organization' | 'individual';
  /** Partial payments before the final one: the debt is smaller from the day after each. */
  payments?: Payment[];
}
export interface TaxPenaltyResult {
  amount: string;
  days: number;
  periods: Period[];
}

/** The dated `penalty_fractions` row: bands of days of delay with their share of the key rate, per payer. */
export type PenaltyFractions = Record<TaxPenaltyInput['payer'], { fromDay: number; denominator: number }[]>;

/** The share of the key rate on day `n` of the delay under a rule (the last band starting on or before it). */
function denominatorOf(bands: PenaltyFractions[TaxPenaltyInput['payer']], n: number): number {
  let d = bands[0]?.denominator ?? 300;
  for (const b of bands) if (b.fromDay <= n) d = b.denominator;
  return d;
}

/**
 * Пени по налогам и взносам (§4 row 7): from the day after the due date through the payment date, each day
 * at the key rate and the share of the dated rule in force that day (2026: organisations 1/300 on days
 * 1–30, 1/150 on days 31–90, 1/300 from day 91; ИП and individuals 1/300). Split at every change of the
 * rate, of the rule, of the band and of the debt (partial payments); each period rounded to kopecks.
 */
export function calcTaxPenalty(input: TaxPenaltyInput, book: RateBook): CalcOutput<TaxPenaltyResult> {
  const debt = dec(input.debt);
  const first = addDays(input.dueDate, 1);
  const totalDays = dayNumber(input.paymentDate) - dayNumber(input.dueDate);
  if (totalDays < 1) throw new CalcInputError('paymentDate', 'Дата уплаты должна быть позже срока уплаты.');
  const payments = checkPayments(input.payments, debt, first, input.paymentDate);
  const a = dayNumber(first);
  const b = dayNumber(input.paymentDate);
  const rules = (day: number) => rateOn<PenaltyFractions>(book, 'penalty_fractions', fromDayNumber(day))[input.payer] ?? [];
  // Band starts of every rule that is in force somewhere in the stretch; a cut that changes nothing is merged away.
  const bandCuts = (book.penalty_fractions ?? []).flatMap((r) => (r.value as PenaltyFractions)[input.payer]?.map((x) => a + x.fromDay - 1) ?? []);
  const periods = buildPeriods(
    first,
    input.paymentDate,
    [...rateChanges(book, 'key_rate', a, b), ...rateChanges(book, 'penalty_fractions', a, b), ...bandCuts, ...paymentCuts(payments)],
    (day) => ({ debt: debtOn(debt, payments, day), ratePct: keyRateOn(book, day), denominator: denominatorOf(rules(day), day - a + 1) }),
  );
  const amount = totalOf(periods);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...paymentSteps(debt, payments),
      ...periodSteps(periods),
      { label: `Пени за ${totalDays} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
