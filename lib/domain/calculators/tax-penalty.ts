import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber } from './dates';
import { daysOf, period, periodSteps, type Period, totalOf } from './periods';
import { type RateBook, splitByRate } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface TaxPenaltyInput {
  debt: string;
  dueDate: string;
  paymentDate: string;
  payer: 'organization' | 'individual';
}
export interface TaxPenaltyResult {
  amount: string;
  days: number;
  periods: Period[];
}

/**
 * Days of delay with their share of the key rate (ст. 75 НК, 2026 rule): organisations 1/300 on days 1–30,
 * 1/150 on days 31–90, 1/300 from day 91; ИП and individuals 1/300 throughout.
 */
function fractionBands(payer: TaxPenaltyInput['payer'], totalDays: number): { first: number; last: number; denominator: number }[] {
  if (payer === 'individual') return [{ first: 1, last: totalDays, denominator: 300 }];
  return [
    { first: 1, last: Math.min(30, totalDays), denominator: 300 },
    { first: 31, last: Math.min(90, totalDays), denominator: 150 },
    { first: 91, last: totalDays, denominator: 300 },
  ].filter((b) => b.first <= b.last);
}

/**
 * Пени по налогам и взносам (§4 row 7): from the day after the due date through the payment date,
 * split at every key-rate change and at days 30/90; each period rounded to kopecks.
 */
export function calcTaxPenalty(input: TaxPenaltyInput, book: RateBook): CalcOutput<TaxPenaltyResult> {
  const debt = dec(input.debt);
  const first = addDays(input.dueDate, 1);
  const totalDays = dayNumber(input.paymentDate) - dayNumber(input.dueDate);
  if (totalDays < 1) throw new CalcInputError('paymentDate', 'Дата уплаты должна быть позже срока уплаты.');
  const periods: Period[] = [];
  for (const band of fractionBands(input.payer, totalDays)) {
    const from = addDays(first, band.first - 1);
    const to = addDays(first, band.last - 1);
    for (const span of splitByRate(book, 'key_rate', from, to)) {
      periods.push(period(debt, span.from, span.to, span.days, span.value, band.denominator));
    }
  }
  const amount = totalOf(periods);
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...periodSteps(debt, periods),
      { label: `Пени за ${totalDays} дн.`, formula: periods.map((p) => formatMoney(p.amount)).join(' + '), value: formatMoney(amount) },
    ],
  };
}
