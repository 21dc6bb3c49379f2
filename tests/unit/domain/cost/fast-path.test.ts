// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastLine } from '@/lib/domain/cost/engine/fast';
import { exactLine } from '@/lib/domain/cost/engine/materials';
import { regimeOf, runOf } from '@/lib/domain/cost/engine/params';
import { TAX_REGIMES, type MaterialLine } from '@/lib/domain/cost';

// The one fast path of the engine (BigInt kopecks of a bought material line) must give exactly what the exact
// decimal path gives: the same статья, kopecks, возвратные отходы, and the same lines word for word.

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/** A plain decimal text m / 10^s as the wire sends it ("12", "0.125", "1.500"). */
const decimalText = (maxDigits: number, maxScale: number) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(maxDigits) - 1n }), fc.integer({ min: 0, max: maxScale })).map(([m, s]) => {
    if (s === 0) return m.toString();
    const digits = m.toString().padStart(s + 1, '0');
    return `${digits.slice(0, -s)}.${digits.slice(-s)}`;
  });

/** A waste percentage below 100 (the share mode refuses 100 % and more). */
const wasteText = fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 })).map(([int, frac, s]) =>
  s === 0 ? String(int) : `${int}.${String(frac).padStart(4, '0').slice(0, s)}`,
);

const line: fc.Arbitrary<MaterialLine> = fc.record(
  {
    id: fc.constant('m1'),
    name: fc.constant('Сталь'),
    unit: fc.constantFrom('кг', 'шт', 'м²'),
    qty: decimalText(9, 6),
    wastePct: wasteText,
    wasteMode: fc.constantFrom('uplift' as const, 'share' as const),
    price: decimalText(11, 4),
    priceIncludesVat: fc.boolean(),
    priceVatPct: fc.constantFrom('none', '22', '10', '0', '5', '7.5', '18.25'),
    article: fc.constantFrom('materials' as const, 'purchased' as const, 'energy' as const),
    returnable: fc.record({ qty: decimalText(6, 4), price: decimalText(7, 3) }, { requiredKeys: ['price'] }),
  },
  { requiredKeys: ['id', 'name', 'unit', 'qty'] },
);

const params = fc.record({
  taxRegime: fc.constantFrom(...TAX_REGIMES),
  purchaseVatPct: fc.constantFrom('22', '20', '10', '7.5', '0', '18.25'),
});

describe('the fast path of a material line equals the exact path', () => {
  it('amounts, статья and lines, with and without the formulas', () => {
    fc.assert(
      fc.property(line, params, fc.boolean(), (m, p, withLines) => {
        const run = runOf(p, regimeOf(p.taxRegime), { rates });
        const fast = fastLine(run, m, withLines);
        const exact = exactLine(run, m, 'materials.0.', withLines);
        expect(fast).not.toBeNull();
        expect(fast!.article).toBe(exact.article);
        expect(fast!.kop).toBe(BigInt(exact.amount.times(100).toFixed()));
        expect(fast!.returnableKop).toBe(BigInt(exact.returnable.times(100).toFixed()));
        expect(fast!.lines ?? []).toEqual(exact.lines);
      }),
      { numRuns: 3000 },
    );
  });

  it('steps aside for what it cannot read, so the exact path words the error', () => {
    const run = runOf({}, 'osno', { rates });
    const base = { id: 'm1', name: 'Сталь', unit: 'кг', qty: '1.5', price: '100' };
    for (const qty of ['1,5', ' 1.5', '-1.5', '1e3', '.5', '5.']) expect(fastLine(run, { ...base, qty }, true), qty).toBeNull();
    expect(fastLine(run, { ...base, wastePct: '100', wasteMode: 'share' }, true)).toBeNull();
    expect(fastLine(run, { ...base, qty: 1.5 as unknown as string }, true)).toBeNull();
    expect(fastLine(run, base, false)).toEqual({ article: '1', kop: 15000n, returnableKop: 0n });
  });
});
