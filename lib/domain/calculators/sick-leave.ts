import { dec, formatMoney, formatPercent, min, roundKop, sum, toMoneyString } from '@/lib/domain/money';
import { yearOf } from './dates';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';

/** Days in the two-year period of the average (ч. 3 ст. 14 255-ФЗ). */
export const SICK_PERIOD_DAYS = 730;
/** Days paid by the employer (ч. 2 ст. 3 255-ФЗ). */
export const EMPLOYER_DAYS = 3;

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

/** Share of the average by insurance record: < 5 years 60 %, 5–8 years 80 %, 8 and more 100 %. */
export function sickPercent(years: string): number {
  const y = dec(years);
  if (y.lt(5)) return 60;
  if (y.lt(8)) return 80;
  return 100;
}

/**
 * Больничный (§4 row 6): each year's pay capped by that year's insurance base; СДЗ = Σ / 730, kopecks,
 * floored by МРОТ × 24 / 730 and capped by (cap₁ + cap₂) / 730; per day = СДЗ × share; days 1–3 by the
 * employer, the rest by СФР. With less than 6 months of record the day is at most МРОТ × 24 / 730.
 */
export function calcSickLeave(input: SickLeaveInput, book: RateBook): CalcOutput<SickLeaveResult> {
  const steps: Step[] = [];
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
  const maxDaily = roundKop(capMax.div(SICK_PERIOD_DAYS));
  const mrot = dec(rateOn(book, 'mrot', input.startDate));
  const minDaily = roundKop(mrot.times(24).div(SICK_PERIOD_DAYS));
  let averageDaily = roundKop(total.div(SICK_PERIOD_DAYS));
  steps.push({ label: 'Средний дневной заработок', formula: `${formatMoney(total)} / ${SICK_PERIOD_DAYS}`, value: formatMoney(averageDaily) });
  if (averageDaily.lt(minDaily)) {
    steps.push({ label: 'Не меньше минимума из МРОТ', formula: `${formatMoney(mrot)} × 24 / 730`, value: formatMoney(minDaily) });
    averageDaily = minDaily;
  } else if (averageDaily.gt(maxDaily)) {
    steps.push({
      label: `Не больше максимума за ${years[0]}–${years[1]}`,
      formula: `${formatMoney(capMax)} / 730`,
      value: formatMoney(maxDaily),
    });
    averageDaily = maxDaily;
  }
  const pct = sickPercent(input.insuranceYears);
  let dailyAllowance = roundKop(averageDaily.times(pct).div(100));
  steps.push({
    label: `Пособие в день (${formatPercent(pct)} по стажу ${input.insuranceYears.replace('.', ',')} лет)`,
    formula: `${formatMoney(averageDaily)} × ${formatPercent(pct)}`,
    value: formatMoney(dailyAllowance),
  });
  if (dec(input.insuranceYears).lt('0.5') && dailyAllowance.gt(minDaily)) {
    dailyAllowance = minDaily;
    steps.push({ label: 'Стаж меньше 6 месяцев: не больше МРОТ в месяц', formula: `${formatMoney(mrot)} × 24 / 730`, value: formatMoney(minDaily) });
  }
  const amount = dailyAllowance.times(input.days);
  const employerPart = dailyAllowance.times(Math.min(EMPLOYER_DAYS, input.days));
  const sfrPart = amount.minus(employerPart);
  steps.push(
    { label: 'Пособие всего', formula: `${formatMoney(dailyAllowance)} × ${input.days} дн.`, value: formatMoney(amount) },
    {
      label: 'За счёт работодателя (первые 3 дня)',
      formula: `${formatMoney(dailyAllowance)} × ${Math.min(EMPLOYER_DAYS, input.days)} дн.`,
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
      percent: String(pct),
    },
    steps,
  };
}
