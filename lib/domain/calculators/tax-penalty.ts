import { countOf, DAYS } from '@/lib/domain/format/plural';
import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { addDays, dayNumber, fromDayNumber } from './dates';
import {
  buildPeriods,
  checkPayments,
  daysOf,
  debtOn,
  type Payment,
  paymentCuts,
  paymentSteps,
  periodSteps,
  type Period,
  rateChanges,
  refinancingChanges,
  refinancingRateOn,
  totalOf,
} from './periods';
import { type RateBook, RateMissingError, rateOn } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';
import { formatIsoDate } from '@/lib/domain/format/date';

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

type Bands = { fromDay: number; denominator: number }[];

/**
 * The dated `penalty_fractions` row: bands of days of delay with their share of the rate, per payer.
 * `debtsFrom` — the row applies only to arrears whose first day of delay is on or after that date (older
 * arrears keep the row before it: 401-ФЗ left the arrears formed before 01.10.2017 at 1/300).
 * `paymentDayCounted: false` — the day of payment bore no penalty (before 27.12.2018, 424-ФЗ); absent = it does.
 */
type PenaltyFractions = Record<TaxPenaltyInput['payer'], Bands> & { debtsFrom?: string; paymentDayCounted?: boolean };

/** The share of the rate on day `n` of the delay under a rule (the last band starting on or before it). */
function denominatorOf(bands: Bands, n: number): number {
  let d = bands[0]?.denominator ?? 300;
  for (const b of bands) if (b.fromDay <= n) d = b.denominator;
  return d;
}

/** The rule in force on `day` for arrears whose delay began on `firstDay` (rows with a later `debtsFrom` are skipped). */
function ruleOn(book: RateBook, day: number, firstDay: number): PenaltyFractions {
  let found: PenaltyFractions | undefined;
  const rows = [...(book.penalty_fractions ?? [])].sort((x, y) => dayNumber(x.effectiveFrom) - dayNumber(y.effectiveFrom));
  for (const r of rows) {
    const v = r.value as PenaltyFractions;
    if (dayNumber(r.effectiveFrom) > day) break;
    if (!v.debtsFrom || dayNumber(v.debtsFrom) <= firstDay) found = v;
  }
  if (!found) throw new RateMissingError('penalty_fractions', fromDayNumber(day));
  return found;
}

/**
 * Пени по налогам и взносам (ст. 75 НК): from the day after the due date through the payment date, each day
 * at the refinancing rate (equal to the key rate since 2016) and the share of the dated rule in force that day:
 * organisations 1/300 until 30.09.2017; 1/300 on days 1–30 of delay and 1/150 from day 31 from 01.10.2017
 * (arrears formed from that date); 1/300 from 09.03.2022 to 31.12.2024; 1/300 on days 1–30, 1/150 on days
 * 31–90 and 1/300 from day 91 from 2025; ИП and individuals 1/300 throughout. The day of delay is counted from
 * the first day of delay whatever the rule. The payment day itself counts when the rule in force on it says so
 * (from 27.12.2018). Split at every change of the rate, of the rule, of the band and of the debt (partial
 * payments); each period rounded to kopecks.
 */
export function calcTaxPenalty(input: TaxPenaltyInput, book: RateBook): CalcOutput<TaxPenaltyResult> {
  const debt = dec(input.debt);
  const first = addDays(input.dueDate, 1);
  if (dayNumber(input.paymentDate) - dayNumber(input.dueDate) < 1) throw new CalcInputError('paymentDate', 'Дата уплаты должна быть позже срока уплаты.');
  const payments = checkPayments(input.payments, debt, first, input.paymentDate);
  const a = dayNumber(first);
  const paid = dayNumber(input.paymentDate);
  const paymentDayCounted = rateOn<PenaltyFractions>(book, 'penalty_fractions', input.paymentDate).paymentDayCounted !== false;
  const b = paymentDayCounted ? paid : paid - 1;
  // Band starts of every rule that is in force somewhere in the stretch; a cut that changes nothing is merged away.
  const bandCuts = (book.penalty_fractions ?? []).flatMap((r) => (r.value as PenaltyFractions)[input.payer]?.map((x) => a + x.fromDay - 1) ?? []);
  const periods =
    b < a
      ? []
      : buildPeriods(
          first,
          fromDayNumber(b),
          [...refinancingChanges(book, a, b), ...rateChanges(book, 'penalty_fractions', a, b), ...bandCuts, ...paymentCuts(payments)],
          (day) => ({
            debt: debtOn(debt, payments, day),
            ratePct: refinancingRateOn(book, day),
            denominator: denominatorOf(ruleOn(book, day, a)[input.payer] ?? [], day - a + 1),
          }),
        );
  const amount = totalOf(periods);
  const notes: Step[] = paymentDayCounted
    ? []
    : [{ label: `День уплаты ${formatIsoDate(input.paymentDate)} в расчёт не входит (п. 3 ст. 75 НК до 27.12.2018)`, formula: '', value: countOf(b - a + 1, DAYS) }];
  return {
    result: { amount: toMoneyString(amount), days: daysOf(periods), periods },
    steps: [
      ...paymentSteps(debt, payments),
      ...notes,
      ...periodSteps(periods),
      { label: `Пени за ${countOf(Math.max(0, b - a + 1), DAYS)}`, formula: periods.map((p) => formatMoney(p.amount)).join(' + ') || '0', value: formatMoney(amount) },
    ],
  };
}
