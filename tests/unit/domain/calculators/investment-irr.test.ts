// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dec, type Dec, toFixedString, ZERO } from '@/lib/domain/money';
import { run } from './helpers';

/** The reference: bisection with every NPV in exact decimals (what the fast IRR must find, digit for digit). */
function exactIrrPct(investment: string, cashFlows: string[]): string | null {
  const inv = dec(investment);
  const flows = cashFlows.map((c) => dec(c));
  const npv = (r: Dec) => flows.reduce<Dec>((acc, cf, t) => acc.plus(cf.div(r.plus(1).pow(t + 1))), ZERO).minus(inv);
  let lo = dec('-0.99');
  let hi = dec(10);
  let fLo = npv(lo);
  if (fLo.isZero()) return toFixedString(lo.times(100), 2);
  if (fLo.isNegative() === npv(hi).isNegative()) return null;
  for (let k = 0; k < 200 && hi.minus(lo).gt('1e-12'); k += 1) {
    const mid = lo.plus(hi).div(2);
    const f = npv(mid);
    if (f.isZero()) return toFixedString(mid.times(100), 2);
    if (f.isNegative() === fLo.isNegative()) {
      lo = mid;
      fLo = f;
    } else hi = mid;
  }
  return toFixedString(lo.plus(hi).div(2).times(100), 2);
}

/** A small deterministic generator: the same cases on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('IRR', () => {
  it('finds the root exact bisection finds, for conventional and sign-changing flows of 1 to 50 years', () => {
    const rnd = random(20261127);
    for (let c = 0; c < 150; c += 1) {
      const years = 1 + Math.floor(rnd() * 50);
      const investment = (1 + Math.floor(rnd() * 1e9)) / 100;
      const cashFlows = Array.from({ length: years }, () => {
        const kop = Math.floor(rnd() * 2e8) - (c % 3 === 0 ? 8e7 : 1e7);
        return (kop / 100).toFixed(2);
      });
      const got = run('investment', { investment: investment.toFixed(2), cashFlows, ratePct: '10' }).result as { irrPct: string | null };
      expect(got.irrPct, `${investment} ${cashFlows.join(' ')}`).toBe(exactIrrPct(investment.toFixed(2), cashFlows));
    }
  });

  it('a root on a rounding boundary and a zero NPV exactly at a midpoint', () => {
    // 100 → 110.5 in a year: IRR exactly 10.5 %, a half of the last shown digit away from both neighbours.
    expect((run('investment', { investment: '100', cashFlows: ['110.5'], ratePct: '5' }).result as { irrPct: string }).irrPct).toBe(exactIrrPct('100', ['110.5']));
    // 1 → 2 in a year: IRR 100 %; 100 → 10 → 0: the rate −90 %.
    expect((run('investment', { investment: '1', cashFlows: ['2'], ratePct: '5' }).result as { irrPct: string }).irrPct).toBe('100.00');
    expect((run('investment', { investment: '100', cashFlows: ['10'], ratePct: '5' }).result as { irrPct: string }).irrPct).toBe('-90.00');
    // NPV exactly zero at the top of the range (1000 %): no sign change inside it, as exact bisection decides.
    expect((run('investment', { investment: '100', cashFlows: ['1100'], ratePct: '5' }).result as { irrPct: string | null }).irrPct).toBe(exactIrrPct('100', ['1100']));
  });
});
