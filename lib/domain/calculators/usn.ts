import { dec, type Dec, formatMoney, formatPercent, max, min, roundRub, sum, toMoneyString, ZERO } from '@/lib/domain/money';
import { nextWorkday } from './dates';
import { ipContributions } from './ip-contributions';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';
import { formatIsoDate } from '@/lib/domain/format/date';

/** One quarter's own figures (not cumulative). */
interface UsnQuarter {
  income: string;
  expenses?: string;
  /** Contributions paid (for an ИП — due) in the quarter; they reduce the «доходы» tax. */
  contributions?: string;
}

export interface UsnInput {
  year: number;
  object: 'income' | 'income-expenses';
  /** Income of the year; with `quarters` it may be left out (the quarters add up to it). */
  income?: string;
  expenses?: string;
  /**
   * Contributions paid in the year (reduce the «доходы» tax). Omitted for an ИП (without employees, or
   * `payer: 'entrepreneur'` with employees): its own contributions of the year are computed and used.
   */
  contributions?: string;
  entrepreneurWithoutEmployees?: boolean;
  /** Regional rate; omitted = the general rate of the year. */
  ratePct?: string;
  /** 1–4 quarters of the year: advances for I квартал, полугодие, 9 месяцев, then the tax for the year. */
  quarters?: UsnQuarter[];
  /**
   * Picks the due date of the year's tax; default — ИП when `entrepreneurWithoutEmployees`, else organisation.
   * `entrepreneur` without `entrepreneurWithoutEmployees` is an ИП with employees (reduction up to 50 %).
   */
  payer?: 'organization' | 'entrepreneur';
}

/** A reporting period with cumulative figures: the advance (or the year's tax) and what is left to pay. */
interface UsnPeriod {
  period: string;
  income: string;
  expenses: string | null;
  taxBase: string;
  deduction: string;
  minimumTax: string | null;
  /** The tax for the period since January (whole rubles). */
  tax: string;
  /** Paid in the earlier advances of the year. */
  paidBefore: string;
  /** To pay for this period (the year's line may be negative: an overpayment to offset or refund). */
  payable: string;
  dueDate: string;
}

export interface UsnResult {
  taxBase: string;
  tax: string;
  minimumTax: string | null;
  deduction: string;
  ratePct: string;
  /** Tax left to pay for the last period (= `tax` without quarters). */
  payable: string;
  /** The advances and the year's tax by period when `quarters` were given, else null. */
  advances: UsnPeriod[] | null;
}

/** The dated `usn_contribution_limits` row (п. 3.1 ст. 346.21 НК). */
interface UsnContributionLimits {
  withoutEmployeesPct: string;
  withEmployeesPct: string;
}
/** The dated `usn_payment_terms` row: `MM-DD` of the three advances and of the year's tax by payer. */
interface UsnPaymentTerms {
  advances: string[];
  organization: string;
  entrepreneur: string;
}

const PERIOD_TITLES = ['I квартал', 'полугодие', '9 месяцев', 'год'];

interface Figures {
  income: Dec;
  expenses: Dec;
  /** Contributions that may reduce the tax of the period (cumulative); null = compute an ИП's own. */
  contributions: Dec | null;
}

interface PeriodTax {
  taxBase: Dec;
  deduction: Dec;
  minimumTax: Dec | null;
  tax: Dec;
}

/** An ИП: without employees (flag) or with them (`payer: 'entrepreneur'`). */
const isEntrepreneur = (input: UsnInput) => input.entrepreneurWithoutEmployees === true || input.payer === 'entrepreneur';

/** The tax for a period since January (whole rubles), with the steps; the minimum tax only for the year. */
function periodTax(input: UsnInput, book: RateBook, f: Figures, isYear: boolean, title: string, steps: Step[]): PeriodTax & { ratePct: Dec } {
  const date = `${input.year}-01-01`;
  const pre = title ? `${title[0]!.toUpperCase()}${title.slice(1)}: ` : '';
  if (input.object === 'income') {
    const rate = dec(input.ratePct ?? rateOn(book, 'usn_income_rate', date));
    const computed = f.income.times(rate).div(100);
    steps.push({ label: `${pre}Налог ${formatPercent(rate)} до уменьшения`, formula: `${formatMoney(f.income)} × ${formatPercent(rate)}`, value: formatMoney(computed) });
    let paid: Dec;
    if (f.contributions !== null) {
      paid = f.contributions;
    } else if (isEntrepreneur(input)) {
      // An ИП's own contributions of the year, with or without employees (the cap below differs).
      const own = ipContributions({ year: input.year, income: f.income.toFixed(), object: 'income' }, book);
      steps.push(...own.steps.map((s) => ({ ...s, label: `${pre}${s.label}` })));
      paid = own.fixed.plus(own.additional);
      steps.push({
        label: `${pre}Взносы ИП за себя${input.entrepreneurWithoutEmployees ? '' : ' (взносы за работников не указаны)'}`,
        formula: `${formatMoney(own.fixed)} + ${formatMoney(own.additional)}`,
        value: formatMoney(paid),
      });
    } else {
      paid = ZERO;
    }
    const limits = rateOn<UsnContributionLimits>(book, 'usn_contribution_limits', date);
    const limitPct = dec(input.entrepreneurWithoutEmployees ? limits.withoutEmployeesPct : limits.withEmployeesPct);
    const limit = computed.times(limitPct).div(100);
    const deduction = min(paid, limit);
    steps.push({
      label: `${pre}Уменьшение на взносы (не больше ${formatPercent(limitPct)} налога)`,
      formula: `min(${formatMoney(paid)}; ${formatMoney(limit)})`,
      value: formatMoney(deduction),
    });
    const tax = roundRub(max(ZERO, computed.minus(deduction)));
    steps.push({ label: `${pre}Налог${isYear ? ' за год' : ' с начала года'} (целые рубли)`, formula: `${formatMoney(computed)} − ${formatMoney(deduction)}`, value: formatMoney(tax) });
    return { taxBase: f.income, deduction, minimumTax: null, tax, ratePct: rate };
  }
  const rate = dec(input.ratePct ?? rateOn(book, 'usn_income_expenses_rate', date));
  const base = max(ZERO, f.income.minus(f.expenses));
  const computed = base.times(rate).div(100);
  steps.push(
    { label: `${pre}Налоговая база`, formula: `${formatMoney(f.income)} − ${formatMoney(f.expenses)}`, value: formatMoney(base) },
    { label: `${pre}Налог ${formatPercent(rate)}`, formula: `${formatMoney(base)} × ${formatPercent(rate)}`, value: formatMoney(computed) },
  );
  if (!isYear) {
    const tax = roundRub(computed);
    steps.push({ label: `${pre}Налог с начала года (целые рубли)`, formula: formatMoney(computed), value: formatMoney(tax) });
    return { taxBase: base, deduction: ZERO, minimumTax: null, tax, ratePct: rate };
  }
  const minRate = dec(rateOn(book, 'usn_minimum_rate', date));
  const minimum = f.income.times(minRate).div(100);
  steps.push({ label: `${pre}Минимальный налог ${formatPercent(minRate)} от доходов`, formula: `${formatMoney(f.income)} × ${formatPercent(minRate)}`, value: formatMoney(minimum) });
  const tax = roundRub(max(computed, minimum));
  steps.push({
    label: `${pre}${computed.gte(minimum) ? 'Налог за год' : 'Платится минимальный налог'} (целые рубли)`,
    formula: `max(${formatMoney(computed)}; ${formatMoney(minimum)})`,
    value: formatMoney(tax),
  });
  return { taxBase: base, deduction: ZERO, minimumTax: roundRub(minimum), tax, ratePct: rate };
}

/** Due date of period `k` (0–2 advances, 3 the year) from the dated terms, moved off a weekend. */
function dueDateOf(input: UsnInput, book: RateBook, k: number): string {
  const terms = rateOn<UsnPaymentTerms>(book, 'usn_payment_terms', `${input.year}-01-01`);
  if (k < 3) return nextWorkday(`${input.year}-${terms.advances[k]}`);
  const payer = input.payer ?? (input.entrepreneurWithoutEmployees ? 'entrepreneur' : 'organization');
  return nextWorkday(`${input.year + 1}-${terms[payer]}`);
}

/**
 * Налог по УСН, whole rubles. «Доходы»: income × rate − contributions, the reduction up to
 * 100 % for an ИП without employees and up to 50 % otherwise. «Доходы − расходы»: (income − expenses) × rate,
 * for the year not below the minimum tax (1 % of income). With `quarters` the advances for I квартал,
 * полугодие and 9 месяцев are counted cumulatively: each is the tax since January less the advances before it.
 */
export function calcUsn(input: UsnInput, book: RateBook): CalcOutput<UsnResult> {
  const steps: Step[] = [];
  if (!input.quarters || input.quarters.length === 0) {
    if (input.income === undefined) throw new CalcInputError('income', 'Заполните поле.');
    const f: Figures = {
      income: dec(input.income),
      expenses: dec(input.expenses ?? '0'),
      contributions: input.contributions !== undefined ? dec(input.contributions) : null,
    };
    const t = periodTax(input, book, f, true, '', steps);
    return { result: yearResult(t, toMoneyString(t.tax), null), steps };
  }

  const quarters = input.quarters;
  const incomeTotal = sum(quarters.map((q) => q.income));
  if (input.income !== undefined && !dec(input.income).eq(incomeTotal)) {
    throw new CalcInputError('income', `Доходы за год (${formatMoney(input.income)}) не равны сумме кварталов (${formatMoney(incomeTotal)}); оставьте поле пустым.`);
  }
  if (input.contributions !== undefined) throw new CalcInputError('contributions', 'При расчёте по кварталам укажите взносы по кварталам.');
  if (input.object === 'income-expenses' && input.expenses !== undefined && !dec(input.expenses).eq(sum(quarters.map((q) => q.expenses ?? '0')))) {
    throw new CalcInputError('expenses', 'Расходы за год не равны сумме кварталов; оставьте поле пустым.');
  }
  const ownContributions = quarters.every((q) => q.contributions === undefined) && input.object === 'income';
  const advances: UsnPeriod[] = [];
  let paidBefore = ZERO;
  let t = null as (PeriodTax & { ratePct: Dec }) | null;
  for (let k = 0; k < quarters.length; k += 1) {
    const upTo = quarters.slice(0, k + 1);
    const title = PERIOD_TITLES[k]!;
    const isYear = k === 3;
    const f: Figures = {
      income: sum(upTo.map((q) => q.income)),
      expenses: sum(upTo.map((q) => q.expenses ?? '0')),
      contributions: ownContributions ? null : sum(upTo.map((q) => q.contributions ?? '0')),
    };
    t = periodTax(input, book, f, isYear, title, steps);
    // An advance is never negative; the year's line shows an overpayment as a negative amount.
    const payable = isYear ? t.tax.minus(paidBefore) : max(ZERO, t.tax.minus(paidBefore));
    const dueDate = dueDateOf(input, book, k);
    steps.push({
      label: `${isYear ? 'Налог за год к доплате' : `Авансовый платёж за ${title}`} — срок ${formatIsoDate(dueDate)}`,
      formula: `${formatMoney(t.tax)} − ${formatMoney(paidBefore)}`,
      value: formatMoney(payable),
    });
    advances.push({
      period: title,
      income: toMoneyString(f.income),
      expenses: input.object === 'income-expenses' ? toMoneyString(f.expenses) : null,
      taxBase: toMoneyString(t.taxBase),
      deduction: toMoneyString(t.deduction),
      minimumTax: t.minimumTax ? toMoneyString(t.minimumTax) : null,
      tax: toMoneyString(t.tax),
      paidBefore: toMoneyString(paidBefore),
      payable: toMoneyString(payable),
      dueDate,
    });
    paidBefore = paidBefore.plus(payable);
  }
  if (!t) throw new CalcInputError('quarters', 'Добавьте хотя бы один квартал.');
  return { result: yearResult(t, advances.at(-1)!.payable, advances), steps };
}

/** The answer of the last period computed (the year, or the last quarter given). */
function yearResult(t: PeriodTax & { ratePct: Dec }, payable: string, advances: UsnPeriod[] | null): UsnResult {
  return {
    taxBase: toMoneyString(t.taxBase),
    tax: toMoneyString(t.tax),
    minimumTax: t.minimumTax ? toMoneyString(t.minimumTax) : null,
    deduction: toMoneyString(t.deduction),
    ratePct: t.ratePct.toFixed(),
    payable,
    advances,
  };
}
