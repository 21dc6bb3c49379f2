// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec } from '@/lib/domain/money';
import { grossFromNet } from '@/lib/domain/calculators/salary';
import { rateOn } from '@/lib/domain/calculators';
import type { NdflScale } from '@/lib/domain/calculators/ndfl';
import { book, run } from './helpers';

const salary = { incomeBefore: '0', month: '2026-01', tariff: 'general', accidentPct: '0.2' };

describe('salary', () => {
  it('100 000 gross in January 2026: НДФЛ 13 000, net 87 000, 30 % + 0,2 %', () => {
    expect(run('salary', { ...salary, mode: 'gross', amount: '100000' }).result).toEqual({
      gross: '100000.00',
      ndfl: '13000.00',
      net: '87000.00',
      contributions: '30000.00',
      accident: '200.00',
      employerCost: '130200.00',
    });
  });
  it('crossing 2,4 mln in the month: the part above goes at 15 %', () => {
    // НДФЛ(2 450 000) = 312 000 + 7 500 = 319 500; withheld before 305 500 → 14 000
    const r = run('salary', { ...salary, mode: 'gross', amount: '100000', incomeBefore: '2350000', month: '2026-11' }).result;
    expect(r).toMatchObject({ ndfl: '14000.00', net: '86000.00' });
  });
  it('НДФЛ in whole rubles: 12 345,67 × 13 % = 1 604,94 → 1 605', () => {
    expect(run('salary', { ...salary, mode: 'gross', amount: '12345.67' }).result).toMatchObject({ ndfl: '1605.00', net: '10740.67' });
  });
  it('net → gross finds the smallest gross that gives the net exactly', () => {
    expect(run('salary', { ...salary, mode: 'net', amount: '87000' }).result.gross).toBe('100000.00');
    expect(run('salary', { ...salary, mode: 'net', amount: '10740.67' }).result.gross).toBe('12345.67');
    const high = run('salary', { ...salary, mode: 'net', amount: '86000', incomeBefore: '2350000', month: '2026-11' }).result;
    expect(high).toMatchObject({ gross: '100000.00', net: '86000.00' });
  });
  it('property: gross → net → gross gives back a gross with the same net, never a larger one', () => {
    const scale = rateOn<NdflScale>(book, 'ndfl_scale', '2026-01-01');
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let k = 0; k < 100; k += 1) {
      const gross = new Dec(Math.floor(rnd() * 50_000_000)).div(100).plus(1000);
      const before = new Dec(Math.floor(rnd() * 6_000_000));
      const r = run('salary', { ...salary, mode: 'gross', amount: gross.toFixed(2), incomeBefore: before.toFixed(2) }).result;
      const back = grossFromNet(scale, before, new Dec(String(r.net)));
      expect(back.lte(gross)).toBe(true);
      const again = run('salary', { ...salary, mode: 'gross', amount: back.toFixed(2), incomeBefore: before.toFixed(2) }).result;
      expect(again.net).toBe(r.net);
    }
  });
  it('contributions above the yearly cap 2 979 000 go at 15,1 %', () => {
    // 29 000 × 30 % + 71 000 × 15,1 % = 8 700 + 10 721
    const r = run('salary', { ...salary, mode: 'gross', amount: '100000', incomeBefore: '2950000', month: '2026-10' }).result;
    expect(r.contributions).toBe('19421.00');
  });
});

describe('employee-contributions', () => {
  it('МСП: 30 % on 1,5 МРОТ = 40 639,50 and 15 % above', () => {
    expect(run('employee-contributions', { monthlyPay: '100000', ytdBefore: '0', tariff: 'msp', accidentPct: '0.2', month: '2026-01' }).result).toEqual({
      contributions: '21095.93',
      accident: '200.00',
      total: '21295.93',
    });
  });
  it('МСП manufacturing: 7,6 % above the threshold', () => {
    // 12 191,85 + 59 360,50 × 7,6 % (4 511,398 → 4 511,40)
    expect(run('employee-contributions', { monthlyPay: '100000', ytdBefore: '0', tariff: 'msp-manufacturing', accidentPct: '0', month: '2026-03' }).result.contributions).toBe('16703.25');
  });
  it('pay below the threshold: the whole pay at 30 %', () => {
    expect(run('employee-contributions', { monthlyPay: '30000', ytdBefore: '0', tariff: 'msp', accidentPct: '0.2', month: '2026-03' }).result).toMatchObject({ contributions: '9000.00', accident: '60.00' });
  });
  it('uses the 2025 cap and МРОТ for a 2025 month', () => {
    // 2025: 1,5 × 22 440 = 33 660; 33 660 × 30 % = 10 098; 16 340 × 15 % = 2 451
    expect(run('employee-contributions', { monthlyPay: '50000', ytdBefore: '0', tariff: 'msp', accidentPct: '0', month: '2025-05' }).result.contributions).toBe('12549.00');
  });
});

describe('vacation', () => {
  it('12 full months: 600 000 / 351,6 = 1 706,48 × 28 days', () => {
    expect(run('vacation', { earnings: '600000', fullMonths: 12, partialMonths: [], days: 28 }).result).toEqual({
      averageDaily: '1706.48',
      amount: '47781.44',
      ndfl: '6212.00',
      payable: '41569.44',
    });
  });
  it('a partial month counts 29,3 / calendar days × days worked', () => {
    // 29,3 × 11 + 29,3 / 30 × 15 = 336,95; 550 000 / 336,95 = 1 632,29; × 14 = 22 852,06; НДФЛ 2 970,77 → 2 971
    expect(run('vacation', { earnings: '550000', fullMonths: 11, partialMonths: [{ calendarDays: 30, workedDays: 15 }], days: 14 }).result).toEqual({
      averageDaily: '1632.29',
      amount: '22852.06',
      ndfl: '2971.00',
      payable: '19881.06',
    });
  });
  it('refuses more worked days than calendar days', () => {
    expect(() => run('vacation', { earnings: '1', fullMonths: 11, partialMonths: [{ calendarDays: 30, workedDays: 31 }], days: 1 })).toThrow(/календарных/);
  });
});

describe('vacation-compensation', () => {
  it('5 months: 28 / 12 × 5 = 11,67 days', () => {
    expect(run('vacation-compensation', { monthsWorked: 5, daysUsed: '0', averageDaily: '1706.48', annualDays: 28 }).result).toEqual({ days: '11.67', amount: '19914.62', monthsCounted: 5 });
  });
  it('a full year gives 28 days, not 12 × 2,33 = 27,96', () => {
    expect(run('vacation-compensation', { monthsWorked: 12, daysUsed: '10', averageDaily: '1000', annualDays: 28 }).result).toEqual({ days: '18.00', amount: '18000.00', monthsCounted: 12 });
  });
  it('the 11-month rule (an option): 11 months of the working year count as the whole year', () => {
    // 28 days for 11 months: 1 500 × 28 = 42 000 (without the rule 28 / 12 × 11 = 25,67 days, 1 500 × 25,67 = 38 505)
    const input = { monthsWorked: 11, daysUsed: '0', averageDaily: '1500', annualDays: 28 };
    expect(run('vacation-compensation', { ...input, elevenMonthsFullYear: true }).result).toEqual({ days: '28.00', amount: '42000.00', monthsCounted: 12 });
    expect(run('vacation-compensation', input).result).toEqual({ days: '25.67', amount: '38505.00', monthsCounted: 11 });
    const steps = run('vacation-compensation', { ...input, elevenMonthsFullYear: true }).steps;
    expect(steps[0]).toEqual({
      label: expect.stringMatching(/^Правило 11 месяцев — п\. 28 Правил об очередных и дополнительных отпусках \(утв\. НКТ СССР 30\.04\.1930 № 169\)/),
      formula: 'в последнем рабочем году 11 мес. ≥ 11 → засчитывается 12',
      value: '12 месяцев',
    });
    expect(steps[2]!.formula).toBe('28 / 12 × 12 − 0');
  });
  it('the 11-month rule counts the last working year only', () => {
    // 23 months = 1 year + 11 months → 24 months: 28 / 12 × 24 − 20 = 36 days, 2 000 × 36 = 72 000
    // (without the rule 28 / 12 × 23 − 20 = 33,67 days, 2 000 × 33,67 = 67 340)
    const input = { monthsWorked: 23, daysUsed: '20', averageDaily: '2000', annualDays: 28 };
    expect(run('vacation-compensation', { ...input, elevenMonthsFullYear: true }).result).toEqual({ days: '36.00', amount: '72000.00', monthsCounted: 24 });
    expect(run('vacation-compensation', input).result).toEqual({ days: '33.67', amount: '67340.00', monthsCounted: 23 });
    // 10 months: not 11 — 28 / 12 × 10 = 23,33 days, 1 000 × 23,33 = 23 330; the step says the rule did not apply
    const ten = run('vacation-compensation', { monthsWorked: 10, daysUsed: '0', averageDaily: '1000', annualDays: 28, elevenMonthsFullYear: true });
    expect(ten.result).toEqual({ days: '23.33', amount: '23330.00', monthsCounted: 10 });
    expect(ten.steps[0]!.formula).toBe('в последнем рабочем году 10 мес. < 11 — правило не применяется');
    // a whole year stays a year
    expect(run('vacation-compensation', { monthsWorked: 12, daysUsed: '0', averageDaily: '1000', annualDays: 28, elevenMonthsFullYear: true }).result).toMatchObject({ days: '28.00', monthsCounted: 12 });
  });
  it('more days used than earned gives zero', () => {
    expect(run('vacation-compensation', { monthsWorked: 2, daysUsed: '14', averageDaily: '1000', annualDays: 28 }).result.days).toBe('0.00');
  });
});

describe('sick-leave', () => {
  const earnings = [
    { year: 2024, amount: '1000000' },
    { year: 2025, amount: '1200000' },
  ];
  it('2 200 000 / 730 = 3 013,70; 80 % for 6 years; 3 days by the employer', () => {
    expect(run('sick-leave', { earnings, insuranceYears: '6', days: 10, startDate: '2026-03-10' }).result).toEqual({
      averageDaily: '3013.70',
      dailyAllowance: '2410.96',
      amount: '24109.60',
      employerPart: '7232.88',
      sfrPart: '16876.72',
      percent: '80',
    });
  });
  it('capped by the yearly bases: max 6 827,40 in 2026', () => {
    const r = run('sick-leave', { earnings: [{ year: 2024, amount: '3000000' }, { year: 2025, amount: '3000000' }], insuranceYears: '10', days: 5, startDate: '2026-05-01' }).result;
    expect(r).toMatchObject({ averageDaily: '6827.40', dailyAllowance: '6827.40', amount: '34137.00', employerPart: '20482.20', sfrPart: '13654.80' });
  });
  it('floored by МРОТ: min 890,73 in 2026; 60 % for 3 years', () => {
    const r = run('sick-leave', { earnings: [{ year: 2024, amount: '100000' }, { year: 2025, amount: '100000' }], insuranceYears: '3', days: 2, startDate: '2026-05-01' }).result;
    expect(r).toMatchObject({ averageDaily: '890.73', dailyAllowance: '534.44', employerPart: '1068.88', sfrPart: '0.00' });
  });
  it('2025 sick leave uses the 2023 and 2024 bases: (1 917 000 + 2 225 000) / 730 = 5 673,97', () => {
    const r = run('sick-leave', { earnings: [{ year: 2023, amount: '5000000' }, { year: 2024, amount: '5000000' }], insuranceYears: '8', days: 1, startDate: '2025-02-01' }).result;
    expect(r.averageDaily).toBe('5673.97');
  });
  it('less than 6 months of record: at most МРОТ for a full month, so a day ≤ МРОТ / days of the month', () => {
    // 3 013,70 × 60 % = 1 808,22 > 27 093 / 31 = 873,97
    expect(run('sick-leave', { earnings, insuranceYears: '0.3', days: 1, startDate: '2026-03-10' }).result.dailyAllowance).toBe('873.97');
    // 30.04–03.05: 1 day of April at 27 093 / 30 = 903,10 and 3 days of May at 873,97; the employer pays 903,10 + 2 × 873,97
    const r = run('sick-leave', { earnings, insuranceYears: '0.3', days: 4, startDate: '2026-04-30' }).result;
    expect(r).toMatchObject({ dailyAllowance: '903.10', amount: '3525.01', employerPart: '2651.04', sfrPart: '873.97' });
  });
  it('the month floor and the cap follow the МРОТ of the month: 2025 — 22 440 / 31 = 723,87', () => {
    expect(run('sick-leave', { earnings: [{ year: 2023, amount: '1000000' }, { year: 2024, amount: '1000000' }], insuranceYears: '0.2', days: 1, startDate: '2025-12-15' }).result.dailyAllowance).toBe('723.87');
  });
});

describe('salary-delay', () => {
  it('1/150 of the key rate, split at 16.02.2026', () => {
    const r = run('salary-delay', { amount: '50000', dueDate: '2026-02-10', paymentDate: '2026-02-25' }).result as unknown as { amount: string; days: number; periods: { days: number; ratePct: string; amount: string }[] };
    expect(r.days).toBe(15);
    expect(r.periods.map((p) => [p.days, p.ratePct, p.amount])).toEqual([
      [5, '16', '266.67'],
      [10, '15.5', '516.67'],
    ]);
    expect(r.amount).toBe('783.34');
  });
});
