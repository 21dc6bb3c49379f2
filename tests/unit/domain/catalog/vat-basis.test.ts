import { describe, expect, it } from 'vitest';
import { lineVatOf, sameVatBasis, vatBasisOf, vatBasisText } from '@/lib/domain/catalog';

describe('the VAT basis of a price', () => {
  it('a row of its own rate wins over the file: «без НДС» is never «с НДС», whatever the switch says', () => {
    expect(vatBasisOf(true, 'none', '22')).toEqual({ vatIncluded: false, vatRate: 'none' });
    expect(vatBasisOf(true, '10', '22')).toEqual({ vatIncluded: true, vatRate: '10' });
    expect(vatBasisOf(true, null, '22')).toEqual({ vatIncluded: true, vatRate: '22' });
    expect(vatBasisOf(false, null, '22')).toEqual({ vatIncluded: false, vatRate: '22' });
    expect(vatBasisOf(true, undefined, 'none')).toEqual({ vatIncluded: false, vatRate: 'none' });
  });
  it('a specification line takes the flag and the rate', () => {
    expect(lineVatOf({ vatIncluded: true, vatRate: '22' })).toEqual({ priceIncludesVat: true, priceVatPct: '22' });
    expect(lineVatOf({ vatIncluded: false, vatRate: '10' })).toEqual({ priceIncludesVat: undefined, priceVatPct: '10' });
    expect(lineVatOf({ vatIncluded: true, vatRate: 'none' })).toEqual({ priceIncludesVat: undefined, priceVatPct: 'none' });
  });
  it('reads as an estimator says it; compares rates as numbers', () => {
    expect(vatBasisText({ vatIncluded: true, vatRate: '22' })).toBe('с НДС 22 %');
    expect(vatBasisText({ vatIncluded: false, vatRate: '7.5' })).toBe('без НДС 7,5 %');
    expect(vatBasisText({ vatIncluded: false, vatRate: 'none' })).toBe('без НДС');
    expect(sameVatBasis({ vatIncluded: true, vatRate: '22' }, { vatIncluded: true, vatRate: '22.00' })).toBe(true);
    expect(sameVatBasis({ vatIncluded: false, vatRate: 'none' }, { vatIncluded: true, vatRate: '22' })).toBe(false);
    expect(sameVatBasis({ vatIncluded: false, vatRate: '22' }, { vatIncluded: true, vatRate: '22' })).toBe(false);
  });
});
