// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

describe('markup', () => {
  it.each([
    ['25', '20.00'],
    ['50', '33.33'],
    ['100', '50.00'],
  ])('markup %s %% = margin %s %%', (n, m) => {
    expect(run('markup', { cost: '1000', markupPct: n }).result.marginPct).toBe(m);
  });
  it('margin 30 % = markup 42,86 %, price 1 428,57', () => {
    expect(run('markup', { cost: '1000', marginPct: '30' }).result).toEqual({ price: '1428.57', profit: '428.57', markupPct: '42.86', marginPct: '30.00' });
  });
  it('«Полка»: 2 313,02 + 30 % = 3 006,93', () => {
    expect(run('markup', { cost: '2313.02', markupPct: '30' }).result.price).toBe('3006.93');
  });
  it('from a price', () => {
    expect(run('markup', { cost: '800', price: '1000' }).result).toMatchObject({ profit: '200.00', markupPct: '25.00', marginPct: '20.00' });
  });
  it('refuses a margin of 100 % or more', () => {
    expect(() => run('markup', { cost: '1', marginPct: '100' })).toThrow(/меньше 100/);
  });
});

describe('break-even', () => {
  it('100 000 / (500 − 300) = 500 units, revenue 250 000, safety 37,5 % at 800', () => {
    expect(run('break-even', { fixedCosts: '100000', price: '500', variableCost: '300', plannedQty: '800' }).result).toEqual({
      qty: '500',
      revenue: '250000.00',
      contributionMargin: '200.00',
      safetyMarginPct: '37.50',
    });
  });
  it('rounds units up', () => {
    expect(run('break-even', { fixedCosts: '100001', price: '500', variableCost: '300' }).result).toMatchObject({ qty: '501', safetyMarginPct: null });
  });
  it('refuses a price not above the variable cost', () => {
    expect(() => run('break-even', { fixedCosts: '1', price: '300', variableCost: '300' })).toThrow(/больше переменных/);
  });
});

describe('depreciation', () => {
  it('straight line 100 000 over 36 months: 2 777,78 a month, the schedule adds up to the cost', () => {
    const r = run('depreciation', { cost: '100000', usefulLifeMonths: 36, method: 'straight' }).result as unknown as { monthly: string; schedule: { amount: string; residual: string }[] };
    expect(r.monthly).toBe('2777.78');
    expect(r.schedule.map((s) => s.amount)).toEqual(['33333.36', '33333.36', '33333.28']);
    expect(r.schedule.at(-1)!.residual).toBe('0.00');
  });
  it('declining balance k = 2 over 5 years: 40 % of the residual, the last year writes off the rest', () => {
    const r = run('depreciation', { cost: '120000', usefulLifeMonths: 60, method: 'declining' }).result as unknown as { monthly: string; schedule: { amount: string; residual: string }[] };
    expect(r.schedule.map((s) => s.amount)).toEqual(['48000.00', '28800.00', '17280.00', '10368.00', '15552.00']);
    expect(r.monthly).toBe('4000.00');
  });
  it('a partial last year', () => {
    const r = run('depreciation', { cost: '1000', usefulLifeMonths: 18, method: 'straight' }).result as unknown as { schedule: { months: number; amount: string }[] };
    expect(r.schedule).toEqual([
      { year: 1, months: 12, amount: '666.72', residual: '333.28' },
      { year: 2, months: 6, amount: '333.28', residual: '0.00' },
    ]);
  });
});
