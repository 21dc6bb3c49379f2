import { countOf, DAYS, MONTHS, YEARS } from '@/lib/domain/format/plural';
import { dec, type Dec, formatMoney, formatPercent, min, roundKop, sum, toMoneyString } from '@/lib/domain/money';
import { addDays, daysInMonth, yearOf } from './dates';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface SickLeaveInput {
  earnings: { year: number; amount: string }[];
  insuranceYears: string;
  days: number;
  startDate: string;
}
export interface SickLeaveResult {
  averageDaily: string;
  dailyAllowance: string;
  amount: string;
  employerPart: string;
  sfrPart: string;
  percent: string;
}

/** The dated `sick_leave_rules` row (255-ФЗ): days of the two-year period, МРОТ months of the floor, days paid by the employer, shares by record. */
interface SickLeaveRules {
  periodDays: string;
  mrotMonths: string;
  employerDays: number;
  /** Below this many years of record the allowance is at most МРОТ for a full month. */
  shortRecordYears: string;
  shares: { fromYears: string; pct: string }[];
}

/** Share of the average by insurance record (the last step starting at or below it): 2026 — < 5 years 60 %, 5–8 years 80 %, 8 and more 100 %. */
function sickPercent(rules: SickLeaveRules, years: string): Dec {
  const y = dec(years);
  let pct = dec(rules.shares[0]?.pct ?? '60');
  for (const s of [...rules.shares].sort((a, b) => dec(a.fromYears).cmp(dec(b.fromYears)))) if (y.gte(dec(s.fromYears))) pct = dec(s.pct);
  return pct;
}

/** The sick days by calendar month: `[{month: '2026-03', days, daysInMonth}]`. */
function daysByMonth(start: string, days: number): { month: string; days: number; dim: number }[] {
  const out: { month: string; days: number; dim: number }[] = [];
  for (let i = 0; i < days; i += 1) {
    const d = addDays(start, i);
    const month = d.slice(0, 7);
    const last = out.at(-1);
    if (last?.month === month) last.days += 1;
    else out.push({ month, days: 1, dim: daysInMonth(yearOf(d), Number(d.slice(5, 7))) });
  }
  return out;
}

/**
 * Больничный: each year's pay capped by that year's insurance base; СДЗ = Σ / 730, kopecks,
 * floored by МРОТ × 24 / 730 and capped by (cap₁ + cap₂) / 730; per day = СДЗ × share by record; the first
 * 3 days by the employer, the rest by СФР. With less than 6 months of record the allowance for a full month
 * is at most МРОТ: the day is at most МРОТ / days of that month. All the numbers are dated rate rows.
 */
export function calcSickLeave(input: SickLeaveInput, book: RateBook): CalcOutput<SickLeaveResult> {
  const steps: Step[] = [];
  const rules = rateOn<SickLeaveRules>(book, 'sick_leave_rules', input.startDate);
  const periodDays = dec(rules.periodDays);
  const startYear = yearOf(input.startDate);
  const years = [startYear - 2, startYear - 1];
  const counted = input.earnings.map((e, i) => {
    if (e.year >= startYear) throw new CalcInputError(`earnings.${i}.year`, 'Нужен заработок за годы до года болезни.');
    const cap = dec(rateOn(book, 'insurance_base_cap', `${e.year}-01-01`));
    const taken = min(dec(e.amount), cap);
    steps.push({
      label: `Заработок за ${e.year} год`,
      formula: `${formatMoney(e.amount)}, но не больше базы ${formatMoney(cap)}`,
      value: formatMoney(taken),
    });
    return taken;
  });
  const total = sum(counted);
  const capMax = sum(years.map((y) => dec(rateOn(book, 'insurance_base_cap', `${y}-01-01`))));
  const maxDaily = roundKop(capMax.div(periodDays));
  const mrot = dec(rateOn(book, 'mrot', input.startDate));
  const minDaily = roundKop(mrot.times(dec(rules.mrotMonths)).div(periodDays));
  let averageDaily = roundKop(total.div(periodDays));
  steps.push({ label: 'Средний дневной заработок', formula: `${formatMoney(total)} / ${rules.periodDays}`, value: formatMoney(averageDaily) });
  if (averageDaily.lt(minDaily)) {
    steps.push({ label: 'Не меньше минимума из МРОТ', formula: `${formatMoney(mrot)} × ${rules.mrotMonths} / ${rules.periodDays}`, value: formatMoney(minDaily) });
    averageDaily = minDaily;
  } else if (averageDaily.gt(maxDaily)) {
    steps.push({
      label: `Не больше максимума за ${years[0]}–${years[1]}`,
      formula: `${formatMoney(capMax)} / ${rules.periodDays}`,
      value: formatMoney(maxDaily),
    });
    averageDaily = maxDaily;
  }
  const pct = sickPercent(rules, input.insuranceYears);
  const allowance = roundKop(averageDaily.times(pct).div(100));
  steps.push({
    label: `Пособие в день (${formatPercent(pct)} по стажу ${countOf(input.insuranceYears, YEARS, input.insuranceYears.replace('.', ','))})`,
    formula: `${formatMoney(averageDaily)} × ${formatPercent(pct)}`,
    value: formatMoney(allowance),
  });

  // The day's allowance per calendar month of the illness (differs only with a short record).
  const short = dec(input.insuranceYears).lt(dec(rules.shortRecordYears));
  const months = daysByMonth(input.startDate, input.days).map((m) => {
    if (!short) return { ...m, daily: allowance };
    const monthMrot = dec(rateOn(book, 'mrot', `${m.month}-01`));
    const limit = roundKop(monthMrot.div(m.dim));
    const daily = min(allowance, limit);
    steps.push({
      label: `Стаж меньше ${formatMonthsOfYears(rules.shortRecordYears)}: за ${m.month.slice(5)}.${m.month.slice(0, 4)} не больше МРОТ в месяц`,
      formula: `min(${formatMoney(allowance)}; ${formatMoney(monthMrot)} / ${m.dim})`,
      value: formatMoney(daily),
    });
    return { ...m, daily };
  });
  const amount = sum(months.map((m) => m.daily.times(m.days)));
  const employerDays = Math.min(rules.employerDays, input.days);
  let left = employerDays;
  const employerShares = months
    .map((m) => {
      const d = Math.min(left, m.days);
      left -= d;
      return { daily: m.daily, days: d };
    })
    .filter((x) => x.days > 0);
  const employerPart = sum(employerShares.map((x) => x.daily.times(x.days)));
  const sfrPart = amount.minus(employerPart);
  const dailyAllowance = months[0]!.daily;
  steps.push(
    {
      label: 'Пособие всего',
      formula: months.map((m) => `${formatMoney(m.daily)} × ${m.days} дн.`).join(' + '),
      value: formatMoney(amount),
    },
    {
      label: `За счёт работодателя (первые ${countOf(rules.employerDays, DAYS)})`,
      formula: employerShares.map((x) => `${formatMoney(x.daily)} × ${x.days} дн.`).join(' + ') || '0',
      value: formatMoney(employerPart),
    },
    { label: 'За счёт СФР', formula: `${formatMoney(amount)} − ${formatMoney(employerPart)}`, value: formatMoney(sfrPart) },
  );
  return {
    result: {
      averageDaily: toMoneyString(averageDaily),
      dailyAllowance: toMoneyString(dailyAllowance),
      amount: toMoneyString(amount),
      employerPart: toMoneyString(employerPart),
      sfrPart: toMoneyString(sfrPart),
      percent: pct.toFixed(),
    },
    steps,
  };
}

/** «6 месяцев» for 0.5 years. */
function formatMonthsOfYears(years: string): string {
  const m = dec(years).times(12);
  return m.isInteger() ? countOf(m.toFixed(), MONTHS) : countOf(years, YEARS, years.replace('.', ','));
}
