import { dec, formatMoney, formatNumber, formatPercent, max, roundKop, roundRub, sum, toMoneyString, ZERO } from '@/lib/domain/money';
import { describeScale, marginalRate, ndflExact, type NdflScale } from './ndfl';
import { rateOn, type RateBook } from './rates';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface VacationInput {
  /** Pay of the 12 months counted (excluded periods already taken out). */
  earnings: string;
  fullMonths: number;
  partialMonths: { calendarDays: number; workedDays: number }[];
  days: number;
  /** Date the leave starts: picks the НДФЛ scale. */
  date: string;
  /** Income taxed at the scale since January, before the vacation pay (ст. 224 НК: cumulative); omitted = 0. */
  incomeBefore?: string;
}
export interface VacationResult {
  averageDaily: string;
  amount: string;
  ndfl: string;
  payable: string;
}

/**
 * Отпускные: СДЗ = pay / (29,3 × full months + Σ 29,3 / calendar days × days worked),
 * rounded to kopecks, then × days of leave. НДФЛ on the progressive scale of the date, counting the income since
 * January: tax(before + vacation pay) − tax(before), each in whole rubles (as the salary calculator does).
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
  const before = dec(input.incomeBefore ?? '0');
  const total = roundRub(ndflExact(scale, before.plus(amount)));
  const already = roundRub(ndflExact(scale, before));
  const ndfl = max(ZERO, total.minus(already));
  const payable = amount.minus(ndfl);
  // One rate for the whole amount (the usual case): the short step of a flat rate.
  const rateBefore = marginalRate(scale, before);
  const flat = rateBefore.eq(marginalRate(scale, before.plus(amount).minus('0.01'))) && before.eq(ZERO);
  const ndflSteps: Step[] = flat
    ? [{ label: `НДФЛ ${formatPercent(rateBefore)} (целые рубли)`, formula: `${formatMoney(amount)} × ${formatPercent(rateBefore)}`, value: formatMoney(ndfl) }]
    : [
        {
          label: 'НДФЛ с начала года с учётом отпускных',
          formula: `шкала: ${describeScale(scale)}; доход ${formatMoney(before)} + ${formatMoney(amount)}`,
          value: formatMoney(total),
        },
        { label: 'НДФЛ с дохода до отпускных', formula: `доход ${formatMoney(before)}`, value: formatMoney(already) },
        { label: 'НДФЛ с отпускных (целые рубли)', formula: `${formatMoney(total)} − ${formatMoney(already)}`, value: formatMoney(ndfl) },
      ];
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
      ...ndflSteps,
      { label: 'К выплате', formula: `${formatMoney(amount)} − ${formatMoney(ndfl)}`, value: formatMoney(payable) },
    ],
  };
}
