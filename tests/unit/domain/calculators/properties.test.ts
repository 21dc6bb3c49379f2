// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec, sum } from '@/lib/domain/money';
import { CALCULATORS } from '@/lib/domain/calculators';
import { run } from './helpers';

/** Deterministic pseudo-random numbers so a failure can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const kopecks = (r: () => number, maxRub: number) => new Dec(Math.floor(r() * maxRub * 100)).div(100).toFixed(2);
const RATES = ['22', '20', '10', '7', '5', '0'];

describe('properties', () => {
  it('vat: net + vat = gross, and add → extract gives back the net', () => {
    const r = rng(7);
    for (let k = 0; k < 500; k += 1) {
      const amount = kopecks(r, 10_000_000);
      const ratePct = RATES[Math.floor(r() * RATES.length)]!;
      const add = run('vat', { amount, ratePct, mode: 'add' }).result as Record<string, string>;
      expect(new Dec(add.net!).plus(add.vat!).toFixed(2)).toBe(add.gross);
      const back = run('vat', { amount: add.gross, ratePct, mode: 'extract' }).result as Record<string, string>;
      expect(back.net).toBe(amount);
      expect(back.vat).toBe(add.vat);
      expect(new Dec(back.net!).plus(back.vat!).toFixed(2)).toBe(back.gross);
    }
  });

  it('markup ⇄ margin: the margin reported for a markup gives the same price back', () => {
    const r = rng(11);
    for (let k = 0; k < 300; k += 1) {
      const cost = kopecks(r, 100_000);
      if (new Dec(cost).lte(0)) continue;
      const markupPct = (Math.floor(r() * 30000) / 100).toFixed(2);
      const a = run('markup', { cost, markupPct }).result as Record<string, string>;
      // The exact margin of that price gives the same price back.
      const exactMargin = new Dec(a.price!).minus(cost).div(a.price!).times(100).toFixed(30);
      const b = run('markup', { cost, marginPct: exactMargin }).result as Record<string, string>;
      expect(b.price).toBe(a.price);
      const c = run('markup', { cost, price: a.price }).result as Record<string, string>;
      expect(c).toEqual(a);
    }
  });

  it('loan: principal parts add up to the principal; payments = principal + interest', () => {
    const r = rng(3);
    for (let k = 0; k < 80; k += 1) {
      const principal = kopecks(r, 5_000_000);
      if (new Dec(principal).lte(0)) continue;
      const months = 1 + Math.floor(r() * 120);
      const annualRatePct = (Math.floor(r() * 3000) / 100).toFixed(2);
      for (const type of ['annuity', 'differentiated']) {
        const res = run('loan', { principal, annualRatePct, months, type }).result as unknown as {
          totalInterest: string; totalPaid: string; schedule: { principal: string; interest: string; payment: string }[];
        };
        expect(sum(res.schedule.map((x) => x.principal)).toFixed(2)).toBe(principal);
        expect(sum(res.schedule.map((x) => x.interest)).toFixed(2)).toBe(res.totalInterest);
        expect(new Dec(principal).plus(res.totalInterest).toFixed(2)).toBe(res.totalPaid);
        expect(res.schedule.length).toBe(months);
      }
    }
  });

  it('depreciation: every schedule adds up to the cost', () => {
    const r = rng(5);
    for (let k = 0; k < 100; k += 1) {
      const cost = kopecks(r, 10_000_000);
      const usefulLifeMonths = 13 + Math.floor(r() * 360);
      for (const method of ['straight', 'declining']) {
        const res = run('depreciation', { cost, usefulLifeMonths, method }).result as unknown as { schedule: { amount: string }[] };
        expect(sum(res.schedule.map((s) => s.amount)).toFixed(2)).toBe(new Dec(cost).toFixed(2));
      }
    }
  });

  it('penalties: the total is the sum of the rounded periods and the days add up', () => {
    const r = rng(9);
    for (let k = 0; k < 100; k += 1) {
      const debt = kopecks(r, 1_000_000);
      const start = 19_800 + Math.floor(r() * 800); // 2024-03 … 2026-05
      const len = 1 + Math.floor(r() * 200);
      const iso = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
      const res = run('tax-penalty', { debt, dueDate: iso(start), paymentDate: iso(start + len), payer: 'organization' }).result as unknown as {
        amount: string; days: number; periods: { amount: string; days: number }[];
      };
      expect(res.days).toBe(len);
      expect(res.periods.reduce((n, p) => n + p.days, 0)).toBe(len);
      expect(sum(res.periods.map((p) => p.amount)).toFixed(2)).toBe(res.amount);
    }
  });

  it('every calculator answers with steps in Russian', () => {
    expect(CALCULATORS).toHaveLength(19);
    expect(new Set(CALCULATORS.map((c) => c.id)).size).toBe(19);
    for (const c of CALCULATORS) {
      expect(c.title).toMatch(/[А-Яа-я]/);
      expect(c.description).toMatch(/[А-Яа-я]/);
    }
  });
});
