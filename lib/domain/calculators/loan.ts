import { dec, type Dec, formatMoney, formatNumber, roundKop, toMoneyString } from '@/lib/domain/money';
import { divRoundHalfUp, kopString, parseFixed, pow10 } from '@/lib/domain/cost/engine/fixed';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface LoanInput {
  principal: string;
  annualRatePct: string;
  months: number;
  type: 'annuity' | 'differentiated';
}
interface LoanRow {
  month: number;
  payment: string;
  interest: string;
  principal: string;
  balance: string;
}
export interface LoanResult {
  firstPayment: string;
  lastPayment: string;
  totalInterest: string;
  totalPaid: string;
  schedule: LoanRow[];
}

/** Annuity payment A = S·i / (1 − (1 + i)^−n), kopecks; i = 0 → S / n. */
function annuityPayment(principal: Dec, i: Dec, n: number): Dec {
  if (i.isZero()) return roundKop(principal.div(n));
  return roundKop(principal.times(i).div(dec(1).minus(i.plus(1).pow(-n))));
}

/**
 * Кредит, i = r / 12 / 100. Each month's interest is balance × i rounded to kopecks; the
 * principal part is the payment minus the interest (annuity) or S / n (differentiated); the last month
 * repays the whole remaining balance, so the principal parts add up to the principal.
 */
export function calcLoan(input: LoanInput): CalcOutput<LoanResult> {
  const s = dec(input.principal);
  const n = input.months;
  const i = dec(input.annualRatePct).div(1200);
  const steps: Step[] = [{ label: 'Ставка в месяц', formula: `${formatNumber(input.annualRatePct)} % / 12`, value: `${formatNumber(i.times(100), 6)} %` }];
  const annuity = annuityPayment(s, i, n);
  const part = roundKop(s.div(n));
  if (input.type === 'annuity') {
    steps.push({ label: 'Аннуитетный платёж', formula: `${formatMoney(s)} × i / (1 − (1 + i)^−${n})`, value: formatMoney(annuity) });
  } else {
    steps.push({ label: 'Основной долг в месяц', formula: `${formatMoney(s)} / ${n}`, value: formatMoney(part) });
  }
  // The schedule in whole kopecks on BigInt: interest = balance × rate / 1200, exact, rounded half-up each month.
  const rate = parseFixed(dec(input.annualRatePct).toFixed());
  if (!rate) throw new CalcInputError('annualRatePct', 'Ставка не может быть отрицательной.');
  const rateDen = 1200n * pow10(rate.s);
  const kopOf = (v: Dec) => BigInt(v.times(100).toFixed(0));
  const paymentK = kopOf(input.type === 'annuity' ? annuity : part);
  const schedule: LoanRow[] = [];
  let balance = kopOf(s);
  let totalInterestK = 0n;
  for (let m = 1; m <= n; m += 1) {
    const interest = divRoundHalfUp(balance * rate.m, rateDen);
    // A payment rounded to kopecks may fall a kopeck short of an exact month's interest at extreme rates: no negative part.
    let principal = input.type === 'annuity' ? (paymentK > interest ? paymentK - interest : 0n) : paymentK;
    if (m === n || principal > balance) principal = balance;
    balance -= principal;
    totalInterestK += interest;
    schedule.push({ month: m, payment: kopString(principal + interest), interest: kopString(interest), principal: kopString(principal), balance: kopString(balance) });
    if (balance === 0n) break;
  }
  const totalInterest = dec(kopString(totalInterestK));
  const totalPaid = s.plus(totalInterest);
  const first = schedule[0]!;
  const last = schedule[schedule.length - 1]!;
  steps.push(
    { label: 'Первый платёж', formula: `${formatMoney(first.principal)} + проценты ${formatMoney(first.interest)}`, value: formatMoney(first.payment) },
    { label: 'Последний платёж (остаток долга + проценты)', formula: `${formatMoney(last.principal)} + ${formatMoney(last.interest)}`, value: formatMoney(last.payment) },
    { label: 'Переплата (проценты)', formula: 'сумма процентов по графику, каждый месяц округлён до копеек', value: formatMoney(totalInterest) },
    { label: 'Всего выплат', formula: `${formatMoney(s)} + ${formatMoney(totalInterest)}`, value: formatMoney(totalPaid) },
  );
  return {
    result: { firstPayment: first.payment, lastPayment: last.payment, totalInterest: toMoneyString(totalInterest), totalPaid: toMoneyString(totalPaid), schedule },
    steps,
  };
}
