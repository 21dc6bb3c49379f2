// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

type Period = { period: string; income: string; taxBase: string; deduction: string; minimumTax: string | null; tax: string; paidBefore: string; payable: string; dueDate: string };
const advancesOf = (r: Record<string, unknown>) => r.advances as Period[];

describe('usn: quarterly advances, counted cumulatively', () => {
  it('ИП without employees, «доходы» 6 %: own contributions since January reduce each advance up to 100 %', () => {
    const r = run('usn', {
      year: 2026,
      object: 'income',
      entrepreneurWithoutEmployees: true,
      quarters: [{ income: '500000' }, { income: '700000' }, { income: '800000' }, { income: '1000000' }],
    }).result;
    expect(advancesOf(r).map((p) => [p.period, p.income, p.deduction, p.tax, p.paidBefore, p.payable, p.dueDate])).toEqual([
      // 30 000 − min(57 390 + 2 000; 30 000)
      ['I квартал', '500000.00', '30000.00', '0.00', '0.00', '0.00', '2026-04-28'],
      // 72 000 − (57 390 + 9 000)
      ['полугодие', '1200000.00', '66390.00', '5610.00', '0.00', '5610.00', '2026-07-28'],
      // 120 000 − (57 390 + 17 000) − 5 610
      ['9 месяцев', '2000000.00', '74390.00', '45610.00', '5610.00', '40000.00', '2026-10-28'],
      // the year as without quarters: 180 000 − 84 390 = 95 610; ИП pays by 28 April
      ['год', '3000000.00', '84390.00', '95610.00', '45610.00', '50000.00', '2027-04-28'],
    ]);
    expect(r).toMatchObject({ tax: '95610.00', deduction: '84390.00', payable: '50000.00' });
  });
  it('organisation, «доходы − расходы» 15 %: no negative advance; the minimum tax for the year; an overpayment shows as minus', () => {
    const r = run('usn', {
      year: 2026,
      object: 'income-expenses',
      quarters: [
        { income: '1000000', expenses: '800000' },
        { income: '1000000', expenses: '900000' },
        { income: '1000000', expenses: '1100000' },
        { income: '1000000', expenses: '1150000' },
      ],
    }).result;
    expect(advancesOf(r).map((p) => [p.taxBase, p.minimumTax, p.tax, p.payable, p.dueDate])).toEqual([
      ['200000.00', null, '30000.00', '30000.00', '2026-04-28'],
      ['300000.00', null, '45000.00', '15000.00', '2026-07-28'],
      ['200000.00', null, '30000.00', '0.00', '2026-10-28'],
      // 50 000 × 15 % = 7 500 < 1 % of 4 000 000; 40 000 − 45 000 paid; 28.03.2027 is a Sunday → Monday
      ['50000.00', '40000.00', '40000.00', '-5000.00', '2027-03-29'],
    ]);
    expect(r).toMatchObject({ tax: '40000.00', minimumTax: '40000.00', payable: '-5000.00' });
  });
  it('with employees: contributions per quarter, cumulative, up to 50 % of the tax; whole rubles', () => {
    // Q1: 333 333,33 × 6 % = 19 999,9998; min(15 000; 9 999,9999) → 9 999,9999 → 10 000
    const r = run('usn', { year: 2026, object: 'income', quarters: [{ income: '333333.33', contributions: '15000' }, { income: '100000', contributions: '0' }] }).result;
    expect(advancesOf(r).map((p) => [p.deduction, p.tax, p.payable])).toEqual([
      ['10000.00', '10000.00', '10000.00'],
      // H1: 433 333,33 × 6 % = 25 999,9998; min(15 000; 12 999,9999) = 12 999,9999 → 13 000 − 10 000
      ['13000.00', '13000.00', '3000.00'],
    ]);
    expect(r.minimumTax).toBeNull();
  });
  it('refuses a year total that differs from the quarters, and yearly contributions next to quarters', () => {
    expect(() => run('usn', { year: 2026, object: 'income', income: '10', quarters: [{ income: '5' }] })).toThrow(/не равны сумме кварталов/);
    expect(() => run('usn', { year: 2026, object: 'income', contributions: '10', quarters: [{ income: '5' }] })).toThrow(/по кварталам/);
  });
  it('without quarters the answer has no advances and the payable is the tax', () => {
    const r = run('usn', { year: 2026, object: 'income', income: '1000000', contributions: '0' }).result;
    expect(r).toMatchObject({ tax: '60000.00', payable: '60000.00', advances: null });
  });
});
