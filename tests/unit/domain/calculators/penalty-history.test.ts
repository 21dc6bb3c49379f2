// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { book, run } from './helpers';

type Periods = { amount: string; days: number; periods: { from: string; to: string; days: number; debt: string; ratePct: string; fraction: string; amount: string }[] };
const rows = (r: Periods) => r.periods.map((p) => [p.from, p.to, p.days, p.ratePct, p.fraction, p.amount]);
const taxPenalty = (input: object) => run('tax-penalty', input).result as unknown as Periods;

describe('the dated rows since the key rate began', () => {
  it('the key rate is there from 13.09.2013, every row with the decision of the Совет директоров', () => {
    const rates = book.key_rate!;
    expect(rates[0]).toEqual({ effectiveFrom: '2013-09-13', value: '5.5', source: 'Решение Совета директоров Банка России от 13.09.2013' });
    expect(rates.find((r) => r.effectiveFrom === '2014-12-16')?.source).toBe('Решение Совета директоров Банка России от 16.12.2014');
    expect(rates).toHaveLength(62);
    expect(rates.find((r) => r.effectiveFrom === '2014-12-16')?.value).toBe('17');
    expect(rates.find((r) => r.effectiveFrom === '2022-02-28')?.value).toBe('20');
    expect(new Set(rates.map((r) => r.effectiveFrom)).size).toBe(62);
  });
});

describe('пени организации by period (ст. 75 НК)', () => {
  it('2025: 1/300 on days 1–30, 1/150 on days 31–90, 1/300 from day 91', () => {
    // 100 000 due 30.06.2025, paid 31.10.2025: day 1 = 01.07, day 31 = 31.07, day 91 = 29.09.
    const r = taxPenalty({ debt: '100000', dueDate: '2025-06-30', paymentDate: '2025-10-31', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2025-07-01', '2025-07-27', 27, '20', '1/300', '1800.00'], // 100 000 × 20 % × 27 / 300
      ['2025-07-28', '2025-07-30', 3, '18', '1/300', '180.00'], // 100 000 × 18 % × 3 / 300
      ['2025-07-31', '2025-09-14', 46, '18', '1/150', '5520.00'], // 100 000 × 18 % × 46 / 150
      ['2025-09-15', '2025-09-28', 14, '17', '1/150', '1586.67'], // 100 000 × 17 % × 14 / 150 = 1 586,666…
      ['2025-09-29', '2025-10-26', 28, '17', '1/300', '1586.67'], // 100 000 × 17 % × 28 / 300 = 1 586,666…
      ['2025-10-27', '2025-10-31', 5, '16.5', '1/300', '275.00'], // 100 000 × 16,5 % × 5 / 300
    ]);
    // 1 800 + 180 + 5 520 + 1 586,67 + 1 586,67 + 275 = 10 948,34
    expect([r.amount, r.days]).toEqual(['10948.34', 123]);
  });

  it('2026: the same stages (425-ФЗ)', () => {
    // 60 000 due 10.01.2026, paid 10.05.2026: day 31 = 10.02, day 90 = 10.04, day 91 = 11.04.
    const r = taxPenalty({ debt: '60000', dueDate: '2026-01-10', paymentDate: '2026-05-10', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2026-01-11', '2026-02-09', 30, '16', '1/300', '960.00'], // 60 000 × 16 % × 30 / 300
      ['2026-02-10', '2026-02-15', 6, '16', '1/150', '384.00'], // 60 000 × 16 % × 6 / 150
      ['2026-02-16', '2026-04-10', 54, '15.5', '1/150', '3348.00'], // 60 000 × 15,5 % × 54 / 150
      ['2026-04-11', '2026-05-10', 30, '15.5', '1/300', '930.00'], // 60 000 × 15,5 % × 30 / 300
    ]);
    expect([r.amount, r.days]).toEqual(['5622.00', 120]);
  });

  it('31.12.2024 → 2025: the moratorium 1/300 ends, the 2025 stages count the days of delay from the start', () => {
    // 100 000 due 15.11.2024, paid 10.01.2025, key rate 21 %: day 31 (16.12.2024) is still under the
    // moratorium; 01.01.2025 is day 47 of delay, so the 2025 rule charges it 1/150.
    const r = taxPenalty({ debt: '100000', dueDate: '2024-11-15', paymentDate: '2025-01-10', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2024-11-16', '2024-12-31', 46, '21', '1/300', '3220.00'], // 100 000 × 21 % × 46 / 300
      ['2025-01-01', '2025-01-10', 10, '21', '1/150', '1400.00'], // 100 000 × 21 % × 10 / 150
    ]);
    expect(r.amount).toBe('4620.00');
    // due 20.12.2024: days 1–30 to 19.01.2025 at 1/300 (both rules agree, one period), 31–90 at 1/150, then 1/300
    const late = taxPenalty({ debt: '100000', dueDate: '2024-12-20', paymentDate: '2025-03-31', payer: 'organization' });
    expect(rows(late)).toEqual([
      ['2024-12-21', '2025-01-19', 30, '21', '1/300', '2100.00'], // 100 000 × 21 % × 30 / 300
      ['2025-01-20', '2025-03-20', 60, '21', '1/150', '8400.00'], // 100 000 × 21 % × 60 / 150
      ['2025-03-21', '2025-03-31', 11, '21', '1/300', '770.00'], // 100 000 × 21 % × 11 / 300
    ]);
    expect(late.amount).toBe('11270.00');
  });

  it('2025 → 2026: the stages go on across New Year', () => {
    // 100 000 due 01.12.2025, paid 31.03.2026: day 30 = 31.12.2025, day 31 = 01.01.2026, day 91 = 02.03.2026.
    const r = taxPenalty({ debt: '100000', dueDate: '2025-12-01', paymentDate: '2026-03-31', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2025-12-02', '2025-12-21', 20, '16.5', '1/300', '1100.00'], // 100 000 × 16,5 % × 20 / 300
      ['2025-12-22', '2025-12-31', 10, '16', '1/300', '533.33'], // 100 000 × 16 % × 10 / 300 = 533,333…
      ['2026-01-01', '2026-02-15', 46, '16', '1/150', '4906.67'], // 100 000 × 16 % × 46 / 150 = 4 906,666…
      ['2026-02-16', '2026-03-01', 14, '15.5', '1/150', '1446.67'], // 100 000 × 15,5 % × 14 / 150 = 1 446,666…
      ['2026-03-02', '2026-03-31', 30, '15.5', '1/300', '1550.00'], // 100 000 × 15,5 % × 30 / 300
    ]);
    // 1 100 + 533,33 + 4 906,67 + 1 446,67 + 1 550 = 9 536,67
    expect([r.amount, r.days]).toEqual(['9536.67', 120]);
  });

  it('01.10.2017 – 08.03.2022: 1/300 on days 1–30, 1/150 from day 31 (401-ФЗ)', () => {
    // 100 000 due 28.03.2019, paid 28.06.2019 (the payment day counts since 27.12.2018): day 31 = 28.04.
    const r = taxPenalty({ debt: '100000', dueDate: '2019-03-28', paymentDate: '2019-06-28', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2019-03-29', '2019-04-27', 30, '7.75', '1/300', '775.00'], // 100 000 × 7,75 % × 30 / 300
      ['2019-04-28', '2019-06-16', 50, '7.75', '1/150', '2583.33'], // 100 000 × 7,75 % × 50 / 150 = 2 583,333…
      ['2019-06-17', '2019-06-28', 12, '7.5', '1/150', '600.00'], // 100 000 × 7,5 % × 12 / 150
    ]);
    expect([r.amount, r.days]).toEqual(['3958.33', 92]);
    // ИП and individuals: 1/300 throughout
    expect(taxPenalty({ debt: '100000', dueDate: '2019-03-28', paymentDate: '2019-06-28', payer: 'individual' }).periods.every((p) => p.fraction === '1/300')).toBe(true);
  });

  it('09.03.2022: the moratorium returns organisations to 1/300 on day 43 of a delay', () => {
    // 100 000 due 25.01.2022, paid 15.04.2022: day 31 = 25.02.2022; from 09.03.2022 1/300 again.
    const r = taxPenalty({ debt: '100000', dueDate: '2022-01-25', paymentDate: '2022-04-15', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2022-01-26', '2022-02-13', 19, '8.5', '1/300', '538.33'], // 100 000 × 8,5 % × 19 / 300 = 538,333…
      ['2022-02-14', '2022-02-24', 11, '9.5', '1/300', '348.33'], // 100 000 × 9,5 % × 11 / 300 = 348,333…
      ['2022-02-25', '2022-02-27', 3, '9.5', '1/150', '190.00'], // 100 000 × 9,5 % × 3 / 150
      ['2022-02-28', '2022-03-08', 9, '20', '1/150', '1200.00'], // 100 000 × 20 % × 9 / 150
      ['2022-03-09', '2022-04-10', 33, '20', '1/300', '2200.00'], // 100 000 × 20 % × 33 / 300
      ['2022-04-11', '2022-04-15', 5, '17', '1/300', '283.33'], // 100 000 × 17 % × 5 / 300 = 283,333…
    ]);
    expect([r.amount, r.days]).toEqual(['4759.99', 80]);
  });

  it('arrears formed before 01.10.2017 stay at 1/300; newer ones get 1/150 from day 31; the payment day does not count before 27.12.2018', () => {
    // due 28.08.2017, paid 28.12.2017: days 29.08–27.12 (the payment day is out), 1/300 throughout
    const old = taxPenalty({ debt: '100000', dueDate: '2017-08-28', paymentDate: '2017-12-28', payer: 'organization' });
    expect(rows(old)).toEqual([
      ['2017-08-29', '2017-09-17', 20, '9', '1/300', '600.00'], // 100 000 × 9 % × 20 / 300
      ['2017-09-18', '2017-10-29', 42, '8.5', '1/300', '1190.00'], // 100 000 × 8,5 % × 42 / 300
      ['2017-10-30', '2017-12-17', 49, '8.25', '1/300', '1347.50'], // 100 000 × 8,25 % × 49 / 300
      ['2017-12-18', '2017-12-27', 10, '7.75', '1/300', '258.33'], // 100 000 × 7,75 % × 10 / 300 = 258,333…
    ]);
    expect([old.amount, old.days]).toEqual(['3395.83', 121]);
    // due 02.10.2017: formed after the new wording came in; day 31 = 02.11.2017
    const fresh = taxPenalty({ debt: '100000', dueDate: '2017-10-02', paymentDate: '2017-12-28', payer: 'organization' });
    expect(rows(fresh)).toEqual([
      ['2017-10-03', '2017-10-29', 27, '8.5', '1/300', '765.00'], // 100 000 × 8,5 % × 27 / 300
      ['2017-10-30', '2017-11-01', 3, '8.25', '1/300', '82.50'], // 100 000 × 8,25 % × 3 / 300
      ['2017-11-02', '2017-12-17', 46, '8.25', '1/150', '2530.00'], // 100 000 × 8,25 % × 46 / 150
      ['2017-12-18', '2017-12-27', 10, '7.75', '1/150', '516.67'], // 100 000 × 7,75 % × 10 / 150 = 516,666…
    ]);
    expect([fresh.amount, fresh.days]).toEqual(['3894.17', 86]);
    const steps = run('tax-penalty', { debt: '100000', dueDate: '2017-10-02', paymentDate: '2017-12-28', payer: 'organization' }).steps;
    expect(steps[0]!.label).toBe('День уплаты 28.12.2017 в расчёт не входит (п. 3 ст. 75 НК до 27.12.2018)');
    expect(steps.at(-1)!.label).toBe('Пени за 86 дней');
    // paid the day after the due date before 27.12.2018: no day of delay is charged
    expect(taxPenalty({ debt: '1000', dueDate: '2018-05-03', paymentDate: '2018-05-04', payer: 'organization' })).toMatchObject({ amount: '0.00', days: 0, periods: [] });
  });

  it('before 2016 the refinancing rate (8,25 %), from 01.01.2016 the key rate', () => {
    // 100 000 due 01.12.2015, paid 15.01.2016 (the payment day is out): 02.12–31.12 at 8,25 %, 01.01–14.01 at 11 %
    const r = taxPenalty({ debt: '100000', dueDate: '2015-12-01', paymentDate: '2016-01-15', payer: 'organization' });
    expect(rows(r)).toEqual([
      ['2015-12-02', '2015-12-31', 30, '8.25', '1/300', '825.00'], // 100 000 × 8,25 % × 30 / 300
      ['2016-01-01', '2016-01-14', 14, '11', '1/300', '513.33'], // 100 000 × 11 % × 14 / 300 = 513,333…
    ]);
    expect(r.amount).toBe('1338.33');
    // before 14.09.2012 the table holds no refinancing rate: refused with the rate named
    expect(() => taxPenalty({ debt: '1000', dueDate: '2012-01-01', paymentDate: '2012-02-01', payer: 'organization' })).toThrow(/^Нет ставки «Ставка рефинансирования Банка России.*» на 02\.01\.2012/);
  });
});

describe('компенсация за задержку зарплаты (ст. 236 ТК) before and after 03.10.2016', () => {
  it('1/300 before 03.10.2016, 1/150 from then', () => {
    // 100 000 due 20.09.2016, paid 10.10.2016, key rate (= refinancing) 10 %
    const r = run('salary-delay', { amount: '100000', dueDate: '2016-09-20', paymentDate: '2016-10-10' }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2016-09-21', '2016-10-02', 12, '10', '1/300', '400.00'], // 100 000 × 10 % × 12 / 300
      ['2016-10-03', '2016-10-10', 8, '10', '1/150', '533.33'], // 100 000 × 10 % × 8 / 150 = 533,333…
    ]);
    expect(r.amount).toBe('933.33');
  });
  it('the refinancing rate before 2016', () => {
    // 50 000 due 15.12.2015, paid 10.01.2016 (the day of payment included)
    const r = run('salary-delay', { amount: '50000', dueDate: '2015-12-15', paymentDate: '2016-01-10' }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2015-12-16', '2015-12-31', 16, '8.25', '1/300', '220.00'], // 50 000 × 8,25 % × 16 / 300
      ['2016-01-01', '2016-01-10', 10, '11', '1/300', '183.33'], // 50 000 × 11 % × 10 / 300 = 183,333…
    ]);
    expect(r.amount).toBe('403.33');
  });
});

describe('ст. 395 ГК by period', () => {
  it('before 01.06.2015: the refinancing rate 8,25 %', () => {
    // 100 000 × 8,25 % × 365 / 365
    expect(run('interest-395', { debt: '100000', from: '2014-01-01', to: '2014-12-31' }).result).toMatchObject({ amount: '8250.00', periods: [{ ratePct: '8.25', fraction: '1/365' }] });
    // 100 000 × 8,25 % × 31 / 365 = 700,684…
    expect(run('interest-395', { debt: '100000', from: '2015-05-01', to: '2015-05-31' }).result).toMatchObject({ amount: '700.68' });
  });
  it('from 01.08.2016: the key rate', () => {
    const r = run('interest-395', { debt: '100000', from: '2016-08-01', to: '2016-09-30' }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2016-08-01', '2016-09-18', 49, '10.5', '1/366', '1405.74'], // 100 000 × 10,5 % × 49 / 366 = 1 405,737…
      ['2016-09-19', '2016-09-30', 12, '10', '1/366', '327.87'], // 100 000 × 10 % × 12 / 366 = 327,868…
    ]);
    expect(r.amount).toBe('1733.61');
  });
  it('01.06.2015 – 31.07.2016 (district deposit rates) is refused with the rule named', () => {
    for (const [from, to] of [
      ['2016-07-01', '2016-08-31'],
      ['2015-05-20', '2015-06-10'],
      ['2015-06-01', '2015-06-01'],
    ]) {
      expect(() => run('interest-395', { debt: '1000', from, to })).toThrow(/по вкладам физических лиц.*42-ФЗ от 08\.03\.2015/);
    }
  });
});

describe('неустойка as a share of the key rate in 2014', () => {
  it('splits at the 03.03.2014 decision', () => {
    const r = run('contract-penalty', { amount: '1000000', from: '2014-03-01', to: '2014-03-10', keyRateFraction: '1/300' }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2014-03-01', '2014-03-02', 2, '5.5', '1/300', '366.67'], // 1 000 000 × 5,5 % / 300 × 2 = 366,666…
      ['2014-03-03', '2014-03-10', 8, '7', '1/300', '1866.67'], // 1 000 000 × 7 % / 300 × 8 = 1 866,666…
    ]);
    expect(r.amount).toBe('2233.34');
    expect(() => run('contract-penalty', { amount: '1', from: '2013-09-01', to: '2013-09-20', keyRateFraction: '1/300' })).toThrow(/Ключевая ставка.*на 01\.09\.2013/);
  });
});
