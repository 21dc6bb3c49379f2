import { dec, type Dec, formatMoney, roundRub, toMoneyString } from '@/lib/domain/money';
import { type ContributionTariffs, monthlyContributions, type Tariff, TARIFF_TITLES } from './contributions';
import { describeScale, marginalRate, ndflExact, type NdflScale } from './ndfl';
import { rateOn, type RateBook } from './rates';
import type { CalcOutput, Step } from './types';

export interface SalaryInput {
  mode: 'gross' | 'net';
  amount: string;
  /** Gross pay since January before this month. */
  incomeBefore: string;
  /** `YYYY-MM`: picks the year's НДФЛ scale, the cap, МРОТ and tariffs. */
  month: string;
  tariff: Tariff;
  accidentPct: string;
}
export interface SalaryResult {
  gross: string;
  ndfl: string;
  net: string;
  contributions: string;
  accident: string;
  employerCost: string;
}

/** НДФЛ of this month: tax on the year to date including it minus tax already withheld, whole rubles each. */
function monthNdfl(scale: NdflScale, before: Dec, gross: Dec): { total: Dec; already: Dec; ndfl: Dec } {
  const total = roundRub(ndflExact(scale, before.plus(gross)));
  const already = roundRub(ndflExact(scale, before));
  return { total, already, ndfl: total.minus(already) };
}

/**
 * The gross pay whose net is `net`: gross = net + НДФЛ with НДФЛ a whole number of rubles k, so the answer is
 * the smallest k with НДФЛ(net + k) = k. f(k) = НДФЛ(net + k) − k falls by 0 or 1 per ruble, so it reaches 0.
 */
export function grossFromNet(scale: NdflScale, before: Dec, net: Dec): Dec {
  const f = (k: number) => monthNdfl(scale, before, net.plus(k)).ndfl.minus(k).toNumber();
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

/** Зарплата «на руки ⇄ начислено» with the employer's cost (§4 row 3). */
export function calcSalary(input: SalaryInput, book: RateBook): CalcOutput<SalaryResult> {
  const date = `${input.month}-01`;
  const scale = rateOn<NdflScale>(book, 'ndfl_scale', date);
  const tariffs = rateOn<ContributionTariffs>(book, 'contribution_tariffs', date);
  const cap = dec(rateOn(book, 'insurance_base_cap', date));
  const mrot = dec(rateOn(book, 'mrot', date));
  const before = dec(input.incomeBefore);
  const amount = dec(input.amount);
  const steps: Step[] = [];

  const gross = input.mode === 'gross' ? amount : grossFromNet(scale, before, amount);
  if (input.mode === 'net') {
    steps.push({
      label: 'Начислено (подбор)',
      formula: `наименьшая сумма, у которой «на руки» = ${formatMoney(amount)} после НДФЛ в целых рублях`,
      value: formatMoney(gross),
    });
  }
  const { total, already, ndfl } = monthNdfl(scale, before, gross);
  steps.push(
    {
      label: 'НДФЛ с начала года с учётом месяца',
      formula: `шкала: ${describeScale(scale)}; доход ${formatMoney(before.plus(gross))}`,
      value: formatMoney(total),
    },
    { label: 'НДФЛ, удержанный ранее', formula: `доход до месяца ${formatMoney(before)}`, value: formatMoney(already) },
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
