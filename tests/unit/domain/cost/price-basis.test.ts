// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MaterialLine, SpecDocument } from '@/lib/domain/cost';
import { newLineVat, untouchedLinesOn } from '@/lib/domain/cost/price-basis';
import { newMaterial } from '@/components/specifications/spec-new';

describe('a new free-text material line starts with the user’s default VAT basis', () => {
  it('«с НДС» sets the flag; «без НДС» and no setting leave the price without VAT; the rate is left to «НДС поставщиков»', () => {
    expect(newLineVat('with')).toEqual({ priceIncludesVat: true });
    expect(newLineVat('without')).toEqual({});
    expect(newLineVat()).toEqual({});
    expect(newMaterial('with')).toMatchObject({ name: '', price: '', priceIncludesVat: true });
    expect(newMaterial('with')).not.toHaveProperty('priceVatPct');
    expect(newMaterial('without')).not.toHaveProperty('priceIncludesVat');
    expect(newMaterial()).not.toHaveProperty('priceIncludesVat');
  });

  it('the lines not yet filled take the basis when it arrives; filled lines, catalogue lines and semi-finished ones keep theirs', () => {
    const blank = newMaterial();
    const typed: MaterialLine = { id: 'a', name: 'Брус', unit: 'м', qty: '1', price: '' };
    const priced: MaterialLine = { id: 'b', name: '', unit: 'м', qty: '1', price: '99' };
    const item: MaterialLine = { id: 'c', name: '', unit: 'шт', qty: '1', price: '', itemId: 'i1', priceVatPct: 'none' };
    const doc: SpecDocument = { schemaVersion: 1, name: 'Стол', unit: 'шт', outputQty: '1', materials: [blank, typed, priced, item], operations: [] };
    const on = untouchedLinesOn(doc, 'with');
    expect(on.materials.map((m) => !!m.priceIncludesVat)).toEqual([true, false, false, false]);
    expect(on.materials[1]).toBe(typed);
    // Nothing to change → the same object (no re-render, no recalculation).
    expect(untouchedLinesOn(on, 'with')).toBe(on);
    expect(untouchedLinesOn(doc, 'without')).toBe(doc);
    // Back to «без НДС»: the untouched line follows.
    expect(untouchedLinesOn(on, 'without').materials[0]!.priceIncludesVat).toBeUndefined();
  });
});
