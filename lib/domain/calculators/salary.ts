import { dec, type Dec, formatMoney, max, roundRub, toMoneyString, ZERO } from '@/lib/domain/money';
import { type ContributionTariffs, monthlyContributions, type Tariff, TARIFF_TITLES } from './contributions';
import { describeScale, marginalRate, ndflExact, type NdflScale } from './ndfl';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface SalaryInput {
  mode: 'gross' | 'net';
  amount: string;
  /** Gross pay since January before this month. */
  incomeBefore: string;
  /** `YYYY-MM`: picks the year's НДФЛ scale, the cap, МРОТ and tariffs. */
  month: string;
  tariff: Tariff;
  accidentPct: string;
  /** Children for the standard НДФЛ deduction (пп. 4 п. 1 ст. 218 НК): 1st, 2nd, 3rd and each next. */
  children?: number;
  /** Of them, children with a disability (their deduction is added). */
  disabledChildren?: number;
  /** Standard deductions already given since January; omitted = every earlier month while the income was within the limit (even pay assumed). */
  deductionsBefore?: string;
}
export interface SalaryResult {
  gross: string;
  ndfl: string;
  net: string;
  contributions: string;
  accident: string;
  employerCost: string;
}

/** Standard deductions of the month: given while the income since January, this month included, is within the limit. */
export interface MonthDeductions {
  /** Given in the earlier months of the year. */
  before: Dec;
  /** Due for this month when the limit is not passed. */
  monthly: Dec;
  incomeLimit: Dec;
}
const NO_DEDUCTIONS: MonthDeductions = { before: ZERO, monthly: ZERO, incomeLimit: ZERO };

/** This month's deduction: the monthly amount while the income since January (this month included) ≤ the limit. */
const deductionOf = (d: MonthDeductions, before: Dec, gross: Dec): Dec => (d.monthly.gt(0) && before.plus(gross).lte(d.incomeLimit) ? d.monthly : ZERO);

/** НДФЛ of this month: tax on the year to date including it minus tax already withheld, whole rubles each; the base less the standard deductions. */
function monthNdfl(scale: NdflScale, before: Dec, gross: Dec, d: MonthDeductions = NO_DEDUCTIONS): { total: Dec; already: Dec; ndfl: Dec; deduction: Dec } {
  const deduction = deductionOf(d, before, gross);
  const total = roundRub(ndflExact(scale, max(ZERO, before.plus(gross).minus(d.before).minus(deduction))));
  const already = roundRub(ndflExact(scale, max(ZERO, before.minus(d.before))));
  return { total, already, ndfl: max(ZERO, total.minus(already)), deduction };
}

/** The dated `ndfl_child_deductions` row (пп. 4 п. 1 ст. 218 НК). */
interface ChildDeductions {
  first: string;
  second: string;
  third: string;
  disabled: string;
  incomeLimit: string;
}

/** The monthly deduction for `children` (1st, 2nd, 3rd and each next) plus the disabled children's. */
function childDeduction(rules: ChildDeductions, children: number, disabled: number): Dec {
  let d = ZERO;
  for (let i = 1; i <= children; i += 1) d = d.plus(dec(i === 1 ? rules.first : i === 2 ? rules.second : rules.third));
  return d.plus(dec(rules.disabled).times(disabled));
}

/**
 * The gross pay whose net is `net`: gross = net + НДФЛ with НДФЛ a whole number of rubles k, so the answer is
 * the smallest k with НДФЛ(net + k) = k. f(k) = НДФЛ(net + k) − k falls by 0 or 1 per ruble, so it reaches 0.
 */
export function grossFromNet(scale: NdflScale, before: Dec, net: Dec, d: MonthDeductions = NO_DEDUCTIONS): Dec {
  const f = (k: number) => monthNdfl(scale, before, net.plus(k), d).ndfl.minus(k).toNumber();
  const r = marginalRate(scale, before).div(100);
  let k = net.div(dec(1).minus(r)).minus(net).floor().toNumber();
  // Fixed-point steps k ← НДФЛ(net + k) converge fast (the slope is the marginal rate, ≤ 22 %).
  for (let j = 0; j < 60; j += 1) {
    const next = f(k) + k;
    if (Math.abs(next - k) <= 1) break;
    k = next;
  }
  while (f(k) > 0) k += 1;
  while (f(k) < 0) k -= 1;
  while (k > 0 && f(k - 1) === 0) k -= 1;
  return net.plus(k);
}

/** Зарплата «на руки ⇄ начислено» with the employer's cost. */
export function calcSalary(input: SalaryInput, book: RateBook): CalcOutput<SalaryResult> {
  const date = `${input.month}-01`;
  const scale = rateOn<NdflScale>(book, 'ndfl_scale', date);
  const tariffs = rateOn<ContributionTariffs>(book, 'contribution_tariffs', date);
  const cap = dec(rateOn(book, 'insurance_base_cap', date));
  const mrot = dec(rateOn(book, 'mrot', date));
  const before = dec(input.incomeBefore);
  const amount = dec(input.amount);
  const steps: Step[] = [];

  const children = input.children ?? 0;
  const disabled = input.disabledChildren ?? 0;
  if (disabled > children) throw new CalcInputError('disabledChildren', 'Детей-инвалидов не может быть больше, чем детей.');
  let deductions = NO_DEDUCTIONS;
  if (children > 0) {
    const rules = rateOn<ChildDeductions>(book, 'ndfl_child_deductions', date);
    const monthly = childDeduction(rules, children, disabled);
    const limit = dec(rules.incomeLimit);
    const monthNo = Number(input.month.slice(5, 7));
    let given: Dec;
    if (input.deductionsBefore !== undefined) {
      given = dec(input.deductionsBefore);
    } else {
      // Even pay assumed: the earlier months whose income since January stayed within the limit.
      const months = before.lte(limit) ? monthNo - 1 : before.isZero() ? 0 : Math.min(monthNo - 1, limit.times(monthNo - 1).div(before).floor().toNumber());
      given = monthly.times(months);
      if (monthNo > 1)
        steps.push({
        label: 'Вычеты на детей, данные раньше (равные выплаты по месяцам)',
        formula: `${formatMoney(monthly)} × ${months} мес.`,
        value: formatMoney(given),
      });
    }
    deductions = { before: given, monthly, incomeLimit: limit };
    steps.push({
      label: `Вычет на детей в месяц (детей ${children}${disabled ? `, из них с инвалидностью ${disabled}` : ''})`,
      formula: `пока доход с начала года не больше ${formatMoney(limit)}: ${describeChildren(rules, children, disabled)}`,
      value: formatMoney(monthly),
    });
  }

  const gross = input.mode === 'gross' ? amount : grossFromNet(scale, before, amount, deductions);
  if (input.mode === 'net') {
    steps.push({
      label: 'Начислено (подбор)',
      formula: `наименьшая сумма, у которой «на руки» = ${formatMoney(amount)} после НДФЛ в целых рублях`,
      value: formatMoney(gross),
    });
  }
  const { total, already, ndfl, deduction } = monthNdfl(scale, before, gross, deductions);
  const minusDeductions = children > 0 ? ` − вычеты ${formatMoney(deductions.before.plus(deduction))}` : '';
  steps.push(
    {
      label: 'НДФЛ с начала года с учётом месяца',
      formula: `шкала: ${describeScale(scale)}; доход ${formatMoney(before.plus(gross))}${minusDeductions}`,
      value: formatMoney(total),
    },
    {
      label: 'НДФЛ, удержанный ранее',
      formula: `доход до месяца ${formatMoney(before)}${children > 0 ? ` − вычеты ${formatMoney(deductions.before)}` : ''}`,
      value: formatMoney(already),
    },
    { label: 'НДФЛ за месяц (целые рубли)', formula: `${formatMoney(total)} − ${formatMoney(already)}`, value: formatMoney(ndfl) },
  );
  const net = gross.minus(ndfl);
  steps.push({ label: 'На руки', formula: `${formatMoney(gross)} − ${formatMoney(ndfl)}`, value: formatMoney(net) });

  const c = monthlyContributions({ pay: gross, ytdBefore: before, tariff: input.tariff, tariffs, cap, mrot, accidentPct: dec(input.accidentPct) });
  steps.push(...c.steps.map((s) => (s.label === 'Страховые взносы всего' ? { ...s, label: `Страховые взносы всего (${TARIFF_TITLES[input.tariff]})` } : s)));
  const employerCost = gross.plus(c.contributions).plus(c.accident);
  steps.push({
    label: 'Расходы работодателя',
    formula: `${formatMoney(gross)} + ${formatMoney(c.contributions)} + ${formatMoney(c.accident)}`,
    value: formatMoney(employerCost),
  });
  return {
    result: {
      gross: toMoneyString(gross),
      ndfl: toMoneyString(ndfl),
      net: toMoneyString(net),
      contributions: toMoneyString(c.contributions),
      accident: toMoneyString(c.accident),
      employerCost: toMoneyString(employerCost),
    },
    steps,
  };
}

/** «1 400 + 2 800 + 12 000 × 1» — the monthly child deduction as a sum. */
function describeChildren(rules: ChildDeductions, children: number, disabled: number): string {
  const parts: string[] = [];
  for (let i = 1; i <= children; i += 1) parts.push(formatMoney(i === 1 ? rules.first : i === 2 ? rules.second : rules.third));
  if (disabled > 0) parts.push(`${formatMoney(rules.disabled)} × ${disabled}`);
  return parts.join(' + ');
}
