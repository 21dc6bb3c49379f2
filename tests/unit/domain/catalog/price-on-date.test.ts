// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changePct, kopToRub, netKop, netPrice, priceOnDate, rubToKop, type PriceCandidate } from '@/lib/domain/catalog';
import { formatUnitPrice } from '@/lib/domain/money';

const row = (id: string, supplierId: string, priceKop: number, validFrom: string, extra: Partial<PriceCandidate> = {}): PriceCandidate => ({
  id,
  supplierId,
  priceKop,
  vatIncluded: false,
  vatRate: 'none',
  validFrom,
  ...extra,
});

describe('priceOnDate', () => {
  const rows = [
    row('a1', 'A', 10_000, '2026-01-01'),
    row('a2', 'A', 12_000, '2026-03-01'),
    row('b1', 'B', 11_000, '2026-02-01'),
    row('b2', 'B', 9_000, '2026-05-01'),
  ];

  it('takes each supplier’s latest row valid by the date, then the lowest', () => {
    expect(priceOnDate(rows, '2025-12-31', { choice: 'lowest' })).toBeNull();
    expect(priceOnDate(rows, '2026-01-01', { choice: 'lowest' })?.id).toBe('a1');
    expect(priceOnDate(rows, '2026-02-15', { choice: 'lowest' })?.id).toBe('a1');
    // A rose to 120 ₽ on 1 March: B's 110 ₽ is now the lowest.
    expect(priceOnDate(rows, '2026-03-01', { choice: 'lowest' })?.id).toBe('b1');
    expect(priceOnDate(rows, '2026-06-01', { choice: 'lowest' })?.id).toBe('b2');
  });

  it('prefers the preferred supplier when it has a price, else falls back to the lowest', () => {
    expect(priceOnDate(rows, '2026-06-01', { choice: 'preferred', preferredSupplierId: 'A' })?.id).toBe('a2');
    expect(priceOnDate(rows, '2026-01-15', { choice: 'preferred', preferredSupplierId: 'B' })?.id).toBe('a1');
    expect(priceOnDate(rows, '2026-06-01', { choice: 'lowest', preferredSupplierId: 'A' })?.id).toBe('b2');
  });

  it('compares prices without VAT and breaks ties the same whatever the order', () => {
    const withVat = [row('g', 'G', 12_000, '2026-01-01', { vatIncluded: true, vatRate: '20' }), row('n', 'N', 10_001, '2026-01-01')];
    expect(priceOnDate(withVat, '2026-01-02', { choice: 'lowest' })?.id).toBe('g');
    const tie = [row('y', 'Y', 100, '2026-01-01'), row('x', 'X', 100, '2026-01-01')];
    expect(priceOnDate(tie, '2026-01-02', { choice: 'lowest' })?.id).toBe('x');
    expect(priceOnDate([...tie].reverse(), '2026-01-02', { choice: 'lowest' })?.id).toBe('x');
  });

  it('of two rows of one supplier and day, the later written wins', () => {
    const same = [row('late', 'A', 5, '2026-01-01', { createdAt: '2026-01-02T00:00:00Z' }), row('early', 'A', 7, '2026-01-01', { createdAt: '2026-01-01T00:00:00Z' })];
    expect(priceOnDate(same, '2026-01-01', { choice: 'lowest' })?.id).toBe('late');
  });
});

describe('a price without VAT as the calculation takes it', () => {
  it('keeps up to 4 digits, half-up, at least 2: a screw at 0,85 with 22 % is 0,6967, not 0,70', () => {
    expect(netPrice({ priceKop: 85, vatIncluded: true, vatRate: '22' })).toBe('0.6967');
    expect(netPrice({ priceKop: 3550, vatIncluded: false, vatRate: '22' })).toBe('35.50');
    expect(netPrice({ priceKop: 12_000, vatIncluded: true, vatRate: '20' })).toBe('100.00');
    expect(netPrice({ priceKop: 9900, vatIncluded: false, vatRate: 'none' })).toBe('99.00');
    expect(netPrice({ priceKop: 100, vatIncluded: true, vatRate: '10' })).toBe('0.9091');
  });
  it('is shown with its digits: «0,6967 ₽», «35,50 ₽», «1 200,00 ₽»', () => {
    expect(formatUnitPrice('0.6967')).toBe('0,6967\u00a0₽');
    expect(formatUnitPrice('35.5')).toBe('35,50\u00a0₽');
    expect(formatUnitPrice('1200')).toBe('1\u00a0200,00\u00a0₽');
    expect(formatUnitPrice('0.123456')).toBe('0,1235\u00a0₽');
  });
});

describe('money helpers', () => {
  it('takes VAT out half-up to the kopeck', () => {
    expect(netKop({ priceKop: 12_000, vatIncluded: true, vatRate: '20' })).toBe(10_000);
    expect(netKop({ priceKop: 100, vatIncluded: true, vatRate: '22' })).toBe(82); // 81.967…
    expect(netKop({ priceKop: 100, vatIncluded: false, vatRate: '20' })).toBe(100);
    expect(netKop({ priceKop: 100, vatIncluded: true, vatRate: 'none' })).toBe(100);
  });
  it('converts and compares', () => {
    expect(kopToRub(123_456)).toBe('1234.56');
    expect(rubToKop('1234.56')).toBe(123_456);
    expect(changePct(10_000, 11_250)).toBe('12.50');
    expect(changePct(3, 2)).toBe('-33.33');
    expect(changePct(null, 5)).toBeNull();
    expect(changePct(0, 5)).toBeNull();
  });
});
