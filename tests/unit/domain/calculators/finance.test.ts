// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

type Row = { month: number; payment: string; interest: string; principal: string; balance: string };

describe('loan', () => {
  it('at an extreme rate a payment a kopeck short of the month’s interest repays nothing, never a negative part', () => {
    const r = run('loan', { principal: '1000.05', annualRatePct: '1000', months: 600, type: 'annuity' }).result as unknown as { schedule: Row[] };
    for (const row of r.schedule) expect(Number(row.principal)).toBeGreaterThanOrEqual(0);
    const balances = r.schedule.map((row) => Number(row.balance));
    expect(balances.every((b, i) => i === 0 || b <= balances[i - 1]!)).toBe(true);
    expect(r.schedule.at(-1)!.balance).toBe('0.00');
  });
  it('a month’s interest is exact before it is rounded: 2,40 ₽ at 17,5 % is 3,5 kopecks, rounded up to 4', () => {
    const r = run('loan', { principal: '2.40', annualRatePct: '17.5', months: 1, type: 'differentiated' }).result as unknown as { schedule: Row[]; totalInterest: string; totalPaid: string };
    expect(r.schedule).toEqual([{ month: 1, payment: '2.44', interest: '0.04', principal: '2.40', balance: '0.00' }]);
    expect([r.totalInterest, r.totalPaid]).toEqual(['0.04', '2.44']);
  });
  it('annuity 1 000 000 at 12 % for 12 months: 88 848,79 a month, the last absorbs the remainder', () => {
    const r = run('loan', { principal: '1000000', annualRatePct: '12', months: 12, type: 'annuity' }).result as unknown as {
      firstPayment: string; lastPayment: string; totalInterest: string; totalPaid: string; schedule: Row[];
    };
    expect(r.firstPayment).toBe('88848.79');
    expect(r.schedule[0]).toEqual({ month: 1, payment: '88848.79', interest: '10000.00', principal: '78848.79', balance: '921151.21' });
    expect(r.schedule[1]!.interest).toBe('9211.51');
    expect(r.lastPayment).toBe('88848.76');
    expect(r.totalInterest).toBe('66185.45');
    expect(r.totalPaid).toBe('1066185.45');
    expect(r.schedule.at(-1)!.balance).toBe('0.00');
  });
  it('differentiated 120 000 at 12 % for 12 months: 10 000 + interest on the balance', () => {
    const r = run('loan', { principal: '120000', annualRatePct: '12', months: 12, type: 'differentiated' }).result as unknown as { firstPayment: string; lastPayment: string; totalInterest: string; schedule: Row[] };
    expect(r.firstPayment).toBe('11200.00');
    expect(r.lastPayment).toBe('10100.00');
    // 1 % × (120 000 + 110 000 + … + 10 000) = 7 800
    expect(r.totalInterest).toBe('7800.00');
  });
  it('zero rate splits the principal; the last month takes the leftover kopeck', () => {
    const r = run('loan', { principal: '100', annualRatePct: '0', months: 3, type: 'annuity' }).result as unknown as { schedule: Row[] };
    expect(r.schedule.map((x) => x.payment)).toEqual(['33.33', '33.33', '33.34']);
  });
});

describe('leasing', () => {
  it('6 100 000 with 20 % advance, 36 months at 18 %, buyout 12 200', () => {
    const r = run('leasing', { priceWithVat: '6100000', advancePct: '20', months: 36, annualRatePct: '18', buyout: '12200', date: '2026-03-01' }).result;
    expect(r).toEqual({
      advance: '1220000.00',
      payment: '176165.63',
      vatInPayment: '31767.57',
      totalPaid: '7574162.68',
      appreciationPctPerYear: '8.06',
    });
  });
  it('zero rate and no buyout: the financed sum in equal parts, no appreciation', () => {
    const r = run('leasing', { priceWithVat: '1200000', advancePct: '0', months: 12, annualRatePct: '0', buyout: '0', date: '2026-03-01' }).result;
    expect(r).toMatchObject({ payment: '100000.00', vatInPayment: '18032.79', appreciationPctPerYear: '0.00' });
  });
});

describe('investment', () => {
  it('NPV, IRR, paybacks and ROI of 1 000 000 → 300/400/500 thousand at 10 %', () => {
    expect(run('investment', { investment: '1000000', cashFlows: ['300000', '400000', '500000'], ratePct: '10' }).result).toEqual({
      npv: '-21036.81',
      irrPct: '8.90',
      paybackYears: '2.60',
      discountedPaybackYears: null,
      roiPct: '20.00',
    });
  });
  it('IRR of 100 → 110 in one year is 10 %; NPV at the IRR is zero', () => {
    const r = run('investment', { investment: '100', cashFlows: ['110'], ratePct: '10' }).result;
    expect(r).toMatchObject({ irrPct: '10.00', npv: '0.00', paybackYears: '0.91', discountedPaybackYears: '1.00' });
  });
  it('no IRR when the flows never cover the investment with a positive rate… or any rate', () => {
    expect(run('investment', { investment: '100', cashFlows: ['-10', '-10'], ratePct: '5' }).result).toMatchObject({ irrPct: null, paybackYears: null });
  });
});

describe('interest-395', () => {
  it('splits at rate changes and at New Year, each part rounded', () => {
    const r = run('interest-395', { debt: '100000', from: '2025-12-01', to: '2026-02-28' }).result as unknown as { amount: string; days: number; periods: { days: number; fraction: string; amount: string }[] };
    expect(r.days).toBe(90);
    expect(r.periods.map((p) => [p.days, p.fraction, p.amount])).toEqual([
      [21, '1/365', '949.32'],
      [10, '1/365', '438.36'],
      [46, '1/365', '2016.44'],
      [13, '1/365', '552.05'],
    ]);
    expect(r.amount).toBe('3956.17');
  });
  it('a leap year divides by 366', () => {
    // 2024-11-01..2024-11-30 at 21 %: 100 000 × 21 % × 30 / 366 = 1 721,31
    const r = run('interest-395', { debt: '100000', from: '2024-11-01', to: '2024-11-30' }).result as unknown as { periods: { fraction: string; amount: string }[] };
    expect(r.periods).toHaveLength(1);
    expect(r.periods[0]).toMatchObject({ fraction: '1/366', amount: '1721.31' });
  });
  it('a single day counts as one day', () => {
    expect(run('interest-395', { debt: '365000', from: '2026-03-02', to: '2026-03-02' }).result).toMatchObject({ days: 1, amount: '155.00' });
  });
});

describe('contract-penalty', () => {
  it('0,1 % per day, both ends included', () => {
    expect(run('contract-penalty', { amount: '500000', from: '2026-03-01', to: '2026-03-10', pctPerDay: '0.1' }).result).toMatchObject({ amount: '5000.00', days: 10, capped: false });
  });
  it('1/300 of the key rate, split at the rate change', () => {
    const r = run('contract-penalty', { amount: '1000000', from: '2026-02-10', to: '2026-02-20', keyRateFraction: '1/300' }).result as unknown as { amount: string; periods: { days: number; amount: string }[] };
    // 6 days at 16 % (5 333,33) + 5 days at 15,5 % (2 583,33)
    expect(r.periods.map((p) => [p.days, p.amount])).toEqual([
      [6, '3200.00'],
      [5, '2583.33'],
    ]);
    expect(r.amount).toBe('5783.33');
  });
  it('the cap limits the total', () => {
    expect(run('contract-penalty', { amount: '100000', from: '2026-01-01', to: '2026-12-31', pctPerDay: '0.1', capPct: '10' }).result).toMatchObject({ amount: '10000.00', capped: true, days: 365 });
  });
  it('refuses a malformed fraction', () => {
    expect(() => run('contract-penalty', { amount: '1', from: '2026-01-01', to: '2026-01-02', keyRateFraction: '2/300' })).toThrow(/1\/300/);
  });
});

describe('court-fee (arbitration, from 09.09.2024)', () => {
  it.each([
    ['50000', '10000.00'],
    ['100000', '10000.00'],
    ['500000', '30000.00'],
    ['1000000', '55000.00'],
    ['2000000', '85000.00'],
    ['10000000', '325000.00'],
    ['30000000', '525000.00'],
    ['60000000', '775000.00'],
    ['5000000000', '10000000.00'],
    ['100000.10', '10000.00'],
    ['100010.10', '10001.00'],
  ])('claim %s → %s', (claim, fee) => {
    expect(run('court-fee', { claim }).result.fee).toBe(fee);
  });
});
