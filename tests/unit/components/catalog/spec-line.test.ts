import { describe, expect, it } from 'vitest';
import type { MaterialLine } from '@/lib/domain/cost';
import type { CatalogItem } from '@/lib/schemas/catalog';
import { lineFromItem, sheetFigures, unlinkItem } from '@/components/catalog/spec-line';

const item = (over: Partial<CatalogItem> = {}): CatalogItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'ЛДСП 16 мм белая',
  article: 'L-16',
  groupId: null,
  groupName: null,
  unit: 'лист',
  okei: '',
  type: 'material',
  wastePct: '5',
  notes: '',
  sheetWidthMm: '2800',
  sheetHeightMm: '2070',
  preferredSupplierId: null,
  archived: false,
  version: 1,
  pricesChangedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  price: { priceId: 'p', supplierId: 's', supplierName: 'ООО «Лесторг»', price: '4500.5', vatIncluded: true, vatRate: '22', priceNoVat: '3688.93', validFrom: '2026-11-01' },
  ...over,
});
const line: MaterialLine = { id: 'm1', name: 'что-то', unit: 'шт', qty: '3', wastePct: '', price: '1', specId: 'spec-1' };

describe('lineFromItem', () => {
  it('follows the item: name, unit, article, the supplier price as given, the default waste %, sheets; drops a semi-finished link', () => {
    expect(lineFromItem(line, item())).toEqual({
      itemId: '00000000-0000-4000-8000-000000000001',
      specId: undefined,
      name: 'ЛДСП 16 мм белая',
      unit: 'лист',
      article: 'materials',
      price: '4\u00a0500,5',
      priceIncludesVat: true,
      priceVatPct: '22',
      wastePct: '5',
      sheet: { by: 'sheets', sheets: '3', utilisationPct: '100' },
    });
  });
  it('takes the price with its VAT basis: «без НДС» is never «с НДС», a price without VAT keeps its rate', () => {
    const price = item().price!;
    expect(lineFromItem(line, item({ price: { ...price, vatIncluded: true, vatRate: 'none' } }))).toMatchObject({ priceIncludesVat: undefined, priceVatPct: 'none' });
    expect(lineFromItem(line, item({ price: { ...price, vatIncluded: false, vatRate: '10' } }))).toMatchObject({ priceIncludesVat: undefined, priceVatPct: '10' });
    expect(lineFromItem(line, item({ price: { ...price, vatIncluded: true, vatRate: '10' } }))).toMatchObject({ priceIncludesVat: true, priceVatPct: '10' });
  });
  it('a sheet material in «м²» starts the sheet entry with the line’s quantity as its area, so the dialog proposes exactly it', () => {
    expect(lineFromItem({ ...line, specId: undefined, unit: 'м²', qty: '0,62' }, item({ unit: 'м²' })).sheet).toEqual({ by: 'area', areaM2: '0,62', utilisationPct: '100' });
    expect(lineFromItem({ ...line, specId: undefined, qty: '2', sheet: { by: 'sheets', sheets: '2' } }, item())).not.toHaveProperty('sheet');
  });
  it('keeps a waste % the line has, and a non-sheet item with no price leaves the price alone', () => {
    const patch = lineFromItem({ ...line, wastePct: '2' }, item({ sheetWidthMm: null, sheetHeightMm: null, price: null, type: 'service', unit: 'ч' }));
    expect(patch).toEqual({ itemId: '00000000-0000-4000-8000-000000000001', specId: undefined, name: 'ЛДСП 16 мм белая', unit: 'ч', article: 'purchased', sheet: undefined });
    expect(unlinkItem()).toEqual({ itemId: undefined, sheet: undefined });
  });
});

describe('sheetFigures', () => {
  const sides = { sheetWidthMm: '2800', sheetHeightMm: '2070' };
  it('sheets → useful м² by the utilisation; a «лист» line takes the sheets', () => {
    // 2,8 × 2,07 = 5,796 м² a sheet; 80 % of 2 sheets = 9,2736 м²
    expect(sheetFigures({ by: 'sheets', sheets: '2', utilisationPct: '80' }, sides, 'лист')).toEqual({ sheets: '2', areaM2: '9.2736', qty: '2' });
  });
  it('м² → sheets; a «м²» line takes the whole area of those sheets', () => {
    // 4,6368 м² of parts at 80 % → 1 sheet → 5,796 м² bought
    expect(sheetFigures({ by: 'area', areaM2: '4,6368', utilisationPct: '80' }, sides, 'м²')).toEqual({ sheets: '1', areaM2: '4.6368', qty: '5.796' });
  });
  it('an area typed for a «м²» line goes into the line exactly as typed: 0,62 м² stays 0,62, not the area of 0,107 sheet', () => {
    // 0,62 / 5,796 = 0,10697… sheet; 0,107 sheet × 5,796 = 0,6202 м² is what the line must not get.
    expect(sheetFigures({ by: 'area', areaM2: '0,62', utilisationPct: '100' }, sides, 'м²')).toEqual({ sheets: '0.107', areaM2: '0.62', qty: '0.62' });
    expect(sheetFigures({ by: 'area', areaM2: '0,62345', utilisationPct: '' }, sides, 'м²')).toMatchObject({ qty: '0.62345' });
    // Sheets typed for a «лист» line stay as typed too.
    expect(sheetFigures({ by: 'sheets', sheets: '0,1234567', utilisationPct: '50' }, sides, 'лист')).toMatchObject({ qty: '0.1234567' });
    // A derived figure is rounded: 0,62 м² of parts at 70 % → 0,8857 м² of sheets bought.
    expect(sheetFigures({ by: 'area', areaM2: '0,62', utilisationPct: '70' }, sides, 'м²')).toMatchObject({ qty: '0.8857' });
  });
  it('explains what is missing', () => {
    expect(sheetFigures({ by: 'sheets', sheets: '', utilisationPct: '80' }, sides, 'лист')).toEqual({ error: 'Введите число листов.' });
    expect(sheetFigures({ by: 'area', areaM2: '1', utilisationPct: '0' }, sides, 'лист')).toEqual({ error: 'Использование листа — от 0 до 100 %.' });
  });
});
