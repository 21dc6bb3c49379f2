// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ndflExact } from '@/lib/domain/calculators/ndfl';
import { rateOn } from '@/lib/domain/calculators';
import type { NdflScale } from '@/lib/domain/calculators/ndfl';
import { book, run } from './helpers';

describe('vat', () => {
  it('adds 22 % by default in 2026 and 20 % in 2025', () => {
    expect(run('vat', { amount: '100000', mode: 'add' }).result).toEqual({ net: '100000.00', vat: '22000.00', gross: '122000.00', ratePct: '22' });
    expect(run('vat', { amount: '100000', mode: 'add', date: '2025-12-31' }).result.vat).toBe('20000.00');
  });
  it('extracts with 22/122, 10/110, 7/107, 5/105', () => {
    expect(run('vat', { amount: '122000', mode: 'extract', ratePct: '22' }).result).toMatchObject({ net: '100000.00', vat: '22000.00' });
    expect(run('vat', { amount: '1100', mode: 'extract', ratePct: '10' }).result).toMatchObject({ net: '1000.00', vat: '100.00' });
    expect(run('vat', { amount: '1000', mode: 'extract', ratePct: '7' }).result).toMatchObject({ vat: '65.42', net: '934.58' });
    expect(run('vat', { amount: '1000', mode: 'extract', ratePct: '5' }).result).toMatchObject({ vat: '47.62', net: '952.38' });
    expect(run('vat', { amount: '1000', mode: 'extract', ratePct: '0' }).result).toMatchObject({ vat: '0.00', net: '1000.00' });
  });
  it('«Полка» example: 3 006,93 + НДС 22 % = 661,52 → 3 668,45 ₽', () => {
    expect(run('vat', { amount: '3006.93', mode: 'add', ratePct: '22' }).result).toMatchObject({ vat: '661.52', gross: '3668.45' });
  });
  it('rounds a half kopeck up: 0,25 × 10 % = 0,025 → 0,03', () => {
    expect(run('vat', { amount: '0.25', mode: 'add', ratePct: '10' }).result.vat).toBe('0.03');
    expect(run('vat', { amount: '0.24', mode: 'add', ratePct: '10' }).result.vat).toBe('0.02');
  });
  it('shows the formula with the numbers', () => {
    const steps = run('vat', { amount: '1000', mode: 'extract', ratePct: '22' }).steps;
    expect(steps[1]!.formula).toBe('1\u00a0000,00\u00a0₽ × 22 / 122 = 180,33\u00a0₽');
  });
});

describe('НДФЛ scale 2025+', () => {
  const scale = rateOn<NdflScale>(book, 'ndfl_scale', '2026-01-01');
  it.each([
    ['2400000', '312000'],
    ['5000000', '702000'],
    ['20000000', '3402000'],
    ['50000000', '9402000'],
    ['60000000', '11602000'],
  ])('tax on %s is %s', (income, tax) => {
    expect(ndflExact(scale, income).toFixed()).toBe(tax);
  });
  it('2024 used the old two-step scale', () => {
    const old = rateOn<NdflScale>(book, 'ndfl_scale', '2024-06-01');
    expect(ndflExact(old, '6000000').toFixed()).toBe('800000');
  });
});

describe('usn', () => {
  it('«доходы» 6 % for an ИП without employees: own contributions computed and reduce the tax up to 100 %', () => {
    const r = run('usn', { year: 2026, object: 'income', income: '1000000', entrepreneurWithoutEmployees: true }).result;
    expect(r).toMatchObject({ taxBase: '1000000.00', deduction: '60000.00', tax: '0.00', minimumTax: null });
    const big = run('usn', { year: 2026, object: 'income', income: '3000000', entrepreneurWithoutEmployees: true }).result;
    // 180 000 − (57 390 + 27 000) = 95 610
    expect(big).toMatchObject({ deduction: '84390.00', tax: '95610.00' });
  });
  it('with employees the reduction stops at 50 %', () => {
    const r = run('usn', { year: 2026, object: 'income', income: '2000000', contributions: '90000' }).result;
    expect(r).toMatchObject({ deduction: '60000.00', tax: '60000.00' });
  });
  it('the tax is in whole rubles', () => {
    // 123 456,78 × 6 % = 7 407,4068 → 7 407
    expect(run('usn', { year: 2026, object: 'income', income: '123456.78', contributions: '0' }).result.tax).toBe('7407.00');
    // 123 458,50 × 6 % = 7 407,51 → 7 408
    expect(run('usn', { year: 2026, object: 'income', income: '123458.50', contributions: '0' }).result.tax).toBe('7408.00');
  });
  it('«доходы − расходы» 15 % or the minimum tax 1 % of income', () => {
    expect(run('usn', { year: 2026, object: 'income-expenses', income: '5000000', expenses: '3000000' }).result).toMatchObject({
      taxBase: '2000000.00',
      tax: '300000.00',
      minimumTax: '50000.00',
    });
    expect(run('usn', { year: 2026, object: 'income-expenses', income: '5000000', expenses: '4800000' }).result).toMatchObject({
      taxBase: '200000.00',
      tax: '50000.00',
    });
  });
  it('a regional rate replaces the general one', () => {
    expect(run('usn', { year: 2026, object: 'income', income: '1000000', ratePct: '4', contributions: '0' }).result.tax).toBe('40000.00');
  });
});

describe('ip-contributions', () => {
  it('2026: 57 390 + 1 % above 300 000', () => {
    expect(run('ip-contributions', { year: 2026, income: '1000000' }).result).toEqual({ fixed: '57390.00', additional: '7000.00', total: '64390.00' });
    expect(run('ip-contributions', { year: 2026, income: '250000' }).result.additional).toBe('0.00');
  });
  it('the 1 % part is capped at 321 818', () => {
    expect(run('ip-contributions', { year: 2026, income: '100000000' }).result).toMatchObject({ additional: '321818.00', total: '379208.00' });
  });
  it('«доходы − расходы»: the base is income − expenses', () => {
    expect(run('ip-contributions', { year: 2026, income: '2000000', expenses: '1200000', object: 'income-expenses' }).result.additional).toBe('5000.00');
  });
  it('registered during the year: prorated by full months and days', () => {
    // from 15.04.2026: 8 full months + 16/30 of April → 57 390 / 12 × (8 + 16/30) = 40 810,67
    expect(run('ip-contributions', { year: 2026, income: '0', registeredFrom: '2026-04-15' }).result.fixed).toBe('40810.67');
  });
  it('2025 amounts come from the 2025 rows', () => {
    expect(run('ip-contributions', { year: 2025, income: '0' }).result.fixed).toBe('53658.00');
  });
});

describe('tax-penalty (2026 rule)', () => {
  const base = { debt: '100000', dueDate: '2026-01-28', paymentDate: '2026-03-09' };
  it('organisation: 1/300 for days 1–30 split at the key-rate change, then 1/150', () => {
    const r = run('tax-penalty', { ...base, payer: 'organization' }).result as unknown as { amount: string; days: number; periods: { days: number; fraction: string; ratePct: string; amount: string }[] };
    expect(r.days).toBe(40);
    expect(r.periods.map((p) => [p.days, p.ratePct, p.fraction, p.amount])).toEqual([
      [18, '16', '1/300', '960.00'],
      [12, '15.5', '1/300', '620.00'],
      [10, '15.5', '1/150', '1033.33'],
    ]);
    expect(r.amount).toBe('2613.33');
  });
  it('individual: 1/300 throughout', () => {
    // 960 + 100 000 × 15,5 % / 300 × 22 = 960 + 1 136,67
    expect(run('tax-penalty', { ...base, payer: 'individual' }).result.amount).toBe('2096.67');
  });
  it('organisation from day 91 back to 1/300', () => {
    const r = run('tax-penalty', { debt: '300000', dueDate: '2026-03-01', paymentDate: '2026-07-01', payer: 'organization' }).result as unknown as { days: number; periods: { from: string; days: number; fraction: string; amount: string }[] };
    expect(r.days).toBe(122);
    expect(r.periods.map((p) => [p.from, p.days, p.fraction])).toEqual([
      ['2026-03-02', 30, '1/300'],
      ['2026-04-01', 60, '1/150'],
      ['2026-05-31', 32, '1/300'],
    ]);
    // 300 000 × 15,5 % × (30/300 + 60/150 + 32/300)
    expect(r.periods.map((p) => p.amount)).toEqual(['4650.00', '18600.00', '4960.00']);
  });
  it('refuses a payment on or before the due date', () => {
    expect(() => run('tax-penalty', { ...base, paymentDate: '2026-01-28', payer: 'individual' })).toThrow(/позже срока/);
  });
});
