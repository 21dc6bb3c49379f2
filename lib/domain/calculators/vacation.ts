import { dec, formatMoney, formatNumber, formatPercent, roundKop, roundRub, sum, toMoneyString, ZERO } from '@/lib/domain/money';
import type { NdflScale } from './ndfl';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput } from './types';

export interface VacationInput {
  /** Pay of the 12 months counted (excluded periods already taken out). */
  earnings: string;
  fullMonths: number;
  partialMonths: { calendarDays: number; workedDays: number }[];
  days: number;
  /** Date the leave starts: picks the НДФЛ rate. */
  date: string;
}
export interface VacationResult {
  averageDaily: string;
  amount: string;
  ndfl: string;
  payable: string;
}

/**
 * Отпускные (§4 row 4): СДЗ = pay / (29,3 × full months + Σ 29,3 / calendar days × days worked),
 * rounded to kopecks, then × days of leave; НДФЛ at the first rate of the scale, whole rubles.
 */
export function calcVacation(input: VacationInput, book: RateBook): CalcOutput<VacationResult> {
  // The average number of calendar days in a month (ст. 139 ТК РФ: 29,3), a dated rate row.
  const avg = dec(rateOn(book, 'vacation_average_days', input.date));
  const avgText = formatNumber(avg);
  if (input.fullMonths + input.partialMonths.length > 12) {
    throw new CalcInputError('partialMonths', 'Полных и неполных месяцев вместе не может быть больше 12.');
  }
  input.partialMonths.forEach((m, i) => {
    if (m.workedDays > m.calendarDays) {
      throw new CalcInputError(`partialMonths.${i}.workedDays`, 'Отработанных дней не может быть больше, чем календарных.');
    }
  });
  const partialDays = sum(input.partialMonths.map((m) => avg.div(m.calendarDays).times(m.workedDays)));
  const divisor = avg.times(input.fullMonths).plus(partialDays);
  if (divisor.lte(ZERO)) throw new CalcInputError('fullMonths', 'В расчётном периоде нет отработанного времени.');
  const averageDaily = roundKop(dec(input.earnings).div(divisor));
  const amount = roundKop(averageDaily.times(input.days));
  const scale = rateOn<NdflScale>(book, 'ndfl_scale', input.date);
  const ndflRate = dec(scale.brackets[0]?.ratePct ?? '13');
  const ndfl = roundRub(amount.times(ndflRate).div(100));
  const payable = amount.minus(ndfl);
  return {
    result: {
      averageDaily: toMoneyString(averageDaily),
      amount: toMoneyString(amount),
      ndfl: toMoneyString(ndfl),
      payable: toMoneyString(payable),
    },
    steps: [
      {
        label: 'Дни расчётного периода',
        formula:
          `${avgText} × ${input.fullMonths}` +
          input.partialMonths.map((m) => ` + ${avgText} / ${m.calendarDays} × ${m.workedDays}`).join(''),
        value: formatNumber(divisor, 4),
      },
      {
        label: 'Средний дневной заработок',
        formula: `${formatMoney(input.earnings)} / ${formatNumber(divisor, 4)}`,
        value: formatMoney(averageDaily),
      },
      { label: 'Отпускные', formula: `${formatMoney(averageDaily)} × ${input.days} дн.`, value: formatMoney(amount) },
      { label: `НДФЛ ${formatPercent(ndflRate)} (целые рубли)`, formula: `${formatMoney(amount)} × ${formatPercent(ndflRate)}`, value: formatMoney(ndfl) },
      { label: 'К выплате', formula: `${formatMoney(amount)} − ${formatMoney(ndfl)}`, value: formatMoney(payable) },
    ],
  };
}
