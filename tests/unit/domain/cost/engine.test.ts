// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calculateCost, CostError, type CostParams, type SpecDocument } from '@/lib/domain/cost';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/** The worked example «Полка». */
const shelf: SpecDocument = {
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm1', name: 'Щит мебельный', unit: 'м²', qty: '0.40', wastePct: '10', price: '2000.00' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150.00', article: 'purchased' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
};

const shelfParams: CostParams = {
  batchQty: '1',
  additionalWagePct: '10',
  contributionsPct: '30',
  accidentPct: '0.2',
  shop: { pct: '100', base: 'wages' },
  general: { pct: '50', base: 'wages' },
  defectsPct: '0',
  otherPct: '0',
  sellingPct: '5',
  markupPct: '30',
  taxRegime: 'osno',
};

describe('калькуляция «Полка»', () => {
  const r = calculateCost(shelf, shelfParams, { rates });
  it('gives every статья to the kopeck', () => {
    expect(r.perUnit.articles).toEqual({
      '1': '880.00', '2': '0.00', '3': '150.00', '4': '0.00', '5': '400.00', '6': '40.00', '7': '132.88',
      '8': '0.00', '9': '0.00', '10': '400.00', '11': '200.00', '12': '0.00', '13': '0.00', '14': '110.14',
    });
  });
  it('rolls up цеховая, производственная, полная, price and VAT', () => {
    expect(r.perUnit.workshopCost).toBe('2002.88');
    expect(r.perUnit.productionCost).toBe('2202.88');
    expect(r.perUnit.fullCost).toBe('2313.02');
    expect(r.perUnit.priceNoVat).toBe('3006.93');
    expect(r.perUnit.profit).toBe('693.91');
    expect(r.perUnit.vat).toBe('661.52');
    expect(r.perUnit.priceWithVat).toBe('3668.45');
    expect(r.perUnit.markupPct).toBe('30.00');
    expect(r.perUnit.marginPct).toBe('23.08');
    expect(r.vatRatePct).toBe('22');
  });
  it('explains each figure with a formula in Russian numbers', () => {
    const wood = r.lines.find((l) => l.id === 'm1')!;
    expect(wood.formula).toBe('0,4 × (1 + 10 %) = 0,44 м²; 0,44 × 2\u00a0000,00 = 880,00');
    expect(wood.gross).toBe('0.44');
    expect(r.lines.find((l) => l.id === '7.contributions')!.amount).toBe('132.00');
    expect(r.lines.find((l) => l.id === '7.accident')!.amount).toBe('0.88');
    expect(r.explain.workshopCost!.formula).toContain('2\u00a0002,88');
    expect(r.explain['1']!.lines).toEqual(['m1']);
  });
  it('per batch: every статья × batchQty, VAT on the batch price', () => {
    const b = calculateCost(shelf, { ...shelfParams, batchQty: '3' }, { rates });
    expect(b.perBatch.articles['1']).toBe('2640.00');
    expect(b.perBatch.fullCost).toBe('6939.06');
    expect(b.perBatch.priceNoVat).toBe('9020.79');
    expect(b.perBatch.vat).toBe('1984.57');
    expect(b.perBatch.priceWithVat).toBe('11005.36');
    expect(b.perUnit.fullCost).toBe('2313.02');
  });
});

describe('materials', () => {
  const one = (m: SpecDocument['materials'][number], params: CostParams = {}) =>
    calculateCost({ schemaVersion: 1, name: 'X', unit: 'шт', materials: [m], operations: [] }, params, { rates });

  it('waste as uplift and as share of брутто (1.10 m² net at 15 %)', () => {
    const a = one({ id: 'a', name: 'Ткань', unit: 'м²', qty: '1.10', wastePct: '15', price: '1000' });
    expect(a.lines[0]!.gross).toBe('1.265');
    expect(a.perUnit.articles['1']).toBe('1265.00');
    const b = one({ id: 'b', name: 'Ткань', unit: 'м²', qty: '1.10', wastePct: '15', wasteMode: 'share', price: '1000' });
    expect(b.lines[0]!.gross).toBe('1.2941');
    // 1.10 / 0.85 × 1000 = 1294.1176… → 1294.12
    expect(b.perUnit.articles['1']).toBe('1294.12');
  });
  it('returnable waste (статья 2) defaults to брутто − нетто and is subtracted', () => {
    const r = one({ id: 'a', name: 'Лист', unit: 'кг', qty: '10', wastePct: '20', price: '100', returnable: { price: '15.5' } });
    expect(r.perUnit.articles['1']).toBe('1200.00');
    expect(r.perUnit.articles['2']).toBe('31.00');
    expect(r.perUnit.materialCost).toBe('1169.00');
    const q = one({ id: 'a', name: 'Лист', unit: 'кг', qty: '10', wastePct: '20', price: '100', returnable: { qty: '1.5', price: '15.5' } });
    expect(q.perUnit.articles['2']).toBe('23.25');
  });
  it('energy goes to статья 4; half a kopeck rounds up', () => {
    const r = one({ id: 'e', name: 'Электроэнергия', unit: 'кВт·ч', qty: '1', price: '1.005', article: 'energy' });
    expect(r.perUnit.articles['4']).toBe('1.01');
    const s = one({ id: 'e', name: 'Краска', unit: 'кг', qty: '0.5', price: '0.25' });
    expect(s.perUnit.articles['1']).toBe('0.13');
  });
  it('under УСН the supplier VAT is part of the cost; a price with VAT is reduced under ОСНО', () => {
    const usn = one({ id: 'a', name: 'Доска', unit: 'шт', qty: '1', price: '100' }, { taxRegime: 'usn15' });
    expect(usn.perUnit.articles['1']).toBe('122.00');
    expect(usn.vatRatePct).toBeNull();
    expect(usn.perUnit.vat).toBe('0.00');
    const usnGross = one({ id: 'a', name: 'Доска', unit: 'шт', qty: '1', price: '122', priceIncludesVat: true }, { taxRegime: 'psn' });
    expect(usnGross.perUnit.articles['1']).toBe('122.00');
    const osno = one({ id: 'a', name: 'Доска', unit: 'шт', qty: '1', price: '122', priceIncludesVat: true }, { taxRegime: 'osno' });
    expect(osno.perUnit.articles['1']).toBe('100.00');
  });
  it('the price of each line carries its own VAT basis: with VAT at its rate, without, or «без НДС» (not subject)', () => {
    const leg = { id: 'a', name: 'Ножка', unit: 'шт', qty: '3.3', price: '99' };
    // «без НДС» under ОСНО: nothing to take out — 3,3 × 99,00 = 326,70, not 3,3 × 99,00 / 1,22 = 267,79.
    expect(one({ ...leg, priceVatPct: 'none' }, { taxRegime: 'osno' }).perUnit.articles['1']).toBe('326.70');
    // Even when a price list marked the row «с НДС»: a price not subject to VAT has none in it.
    expect(one({ ...leg, priceIncludesVat: true, priceVatPct: 'none' }, { taxRegime: 'osno' }).perUnit.articles['1']).toBe('326.70');
    // …and none to add under УСН.
    expect(one({ ...leg, priceVatPct: 'none' }, { taxRegime: 'usn15' }).perUnit.articles['1']).toBe('326.70');
    // With VAT at 10 % under ОСНО: 3,3 × 99,00 / 1,10 = 297,00; at 22 % — 267,79.
    expect(one({ ...leg, priceIncludesVat: true, priceVatPct: '10' }, { taxRegime: 'osno' }).perUnit.articles['1']).toBe('297.00');
    expect(one({ ...leg, priceIncludesVat: true, priceVatPct: '22' }, { taxRegime: 'osno' }).perUnit.articles['1']).toBe('267.79');
    // Without VAT at 10 % under УСН: the VAT is a cost — 3,3 × 99,00 × 1,10 = 359,37; at 0 % nothing changes.
    expect(one({ ...leg, priceVatPct: '10' }, { taxRegime: 'usn15' }).perUnit.articles['1']).toBe('359.37');
    expect(one({ ...leg, priceIncludesVat: true, priceVatPct: '0' }, { taxRegime: 'osno' }).perUnit.articles['1']).toBe('326.70');
    // A line's rate wins over the калькуляция's «НДС поставщиков»; without one the калькуляция's applies.
    expect(one({ ...leg, priceIncludesVat: true, priceVatPct: '10' }, { taxRegime: 'osno', purchaseVatPct: '22' }).perUnit.articles['1']).toBe('297.00');
    expect(one({ ...leg, priceIncludesVat: true }, { taxRegime: 'osno', purchaseVatPct: '10' }).perUnit.articles['1']).toBe('297.00');
    // The formula says which rate it used.
    const lines = calculateCost({ schemaVersion: 1, name: 'Т', unit: 'шт', materials: [{ ...leg, priceIncludesVat: true, priceVatPct: '10' }], operations: [] }, { taxRegime: 'osno' }, { rates }).lines;
    expect(lines.find((l) => l.id === 'a')?.formula).toContain('(без НДС 10 %)');
  });
  it('refuses a line VAT rate that is not a rate, with the field path', () => {
    try {
      one({ id: 'a', name: 'X', unit: 'шт', qty: '1', price: '1', priceIncludesVat: true, priceVatPct: '101' }, { taxRegime: 'osno' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CostError);
      expect((e as CostError).fields).toHaveProperty(['materials.0.priceVatPct']);
    }
  });
  it('refuses bad quantities with the field path', () => {
    expect(() => one({ id: 'a', name: 'X', unit: 'шт', qty: 'abc', price: '1' })).toThrow(CostError);
    try {
      one({ id: 'a', name: 'X', unit: 'шт', qty: '1', wastePct: '100', wasteMode: 'share', price: '1' });
      expect.unreachable();
    } catch (e) {
      expect((e as CostError).fields).toEqual({ 'materials.0.wastePct': 'Доля отходов от брутто должна быть меньше 100 %.' });
    }
  });
  it('accepts "1 234,56" on input', () => {
    const r = one({ id: 'a', name: 'X', unit: 'шт', qty: '2', price: '1 234,56' });
    expect(r.perUnit.articles['1']).toBe('2469.12');
  });
});

describe('operations and overhead pools', () => {
  const spec: SpecDocument = {
    schemaVersion: 1, name: 'Деталь', unit: 'шт', outputQty: '1',
    materials: [{ id: 'm', name: 'Сталь', unit: 'кг', qty: '2', price: '150' }],
    operations: [
      { id: 'o1', name: 'Фрезеровка', hours: '0.5', rate: '600', machineHours: '0.4', machineRate: '1200' },
      { id: 'o2', name: 'Сверление', hours: '0.25', rate: '400', machineHours: '0.1', machineRate: '800' },
    ],
  };
  it('wages (5), machine cost (9), pools on machine hours and direct costs', () => {
    const r = calculateCost(spec, {
      additionalWagePct: '12', contributionsPct: '30', accidentPct: '0.2',
      shop: { base: 'machineHours', rate: '350' }, general: { base: 'direct', pct: '20' },
      defectsPct: '1.5', otherPct: '0.5', sellingPct: '3', taxRegime: 'osno',
    }, { rates });
    const a = r.perUnit.articles;
    expect(a['5']).toBe('400.00');
    expect(a['6']).toBe('48.00');
    expect(a['7']).toBe('135.30'); // 448 × 30 % = 134.40; 448 × 0.2 % = 0.896 → 0.90
    expect(a['9']).toBe('560.00');
    expect(a['10']).toBe('175.00'); // 0.5 маш.-ч × 350
    expect(r.perUnit.directCost).toBe('883.30');
    expect(a['11']).toBe('176.66');
    expect(r.perUnit.workshopCost).toBe('1618.30');
    expect(a['12']).toBe('24.27'); // 1618.30 × 1.5 % = 24.2745
    expect(a['13']).toBe('8.09'); // 8.0915
    expect(r.perUnit.productionCost).toBe('1827.32');
    expect(a['14']).toBe('54.82'); // 54.8196
    expect(r.perUnit.fullCost).toBe('1882.14');
    expect(r.perUnit.priceNoVat).toBe('1882.14');
    expect(r.perUnit.profit).toBe('0.00');
  });
  it('директ-костинг keeps ОХР out of производственная but in полная', () => {
    const base = { shop: { pct: '100', base: 'wages' as const }, general: { pct: '50', base: 'wages' as const }, sellingPct: '10' };
    const r = calculateCost(spec, { ...base, directCosting: true }, { rates });
    expect(r.perUnit.productionCost).toBe(r.perUnit.workshopCost);
    expect(r.perUnit.articles['11']).toBe('200.00');
    // direct = 300 + 400 + 0 + 120.80 = 820.80; workshop = 820.80 + 560 + 400 = 1 780.80
    expect(r.perUnit.workshopCost).toBe('1780.80');
    expect(r.perUnit.articles['14']).toBe('178.08');
    expect(r.perUnit.fullCost).toBe('2158.88');
    const classic = calculateCost(spec, base, { rates });
    expect(classic.perUnit.productionCost).toBe('1980.80');
    expect(classic.perUnit.fullCost).toBe('2178.88');
  });
  it('machineHours base needs a rate', () => {
    expect(() => calculateCost(spec, { shop: { base: 'machineHours' } }, { rates })).toThrow(/Ставка машино-часа/);
  });
});

describe('output quantity', () => {
  it('divides each статья by outputQty and rounds; the unit figures add up', () => {
    const r = calculateCost({
      schemaVersion: 1, name: 'Хлеб', unit: 'шт', outputQty: '3',
      materials: [{ id: 'f', name: 'Мука', unit: 'кг', qty: '1', price: '100' }],
      operations: [{ id: 'o', name: 'Выпечка', hours: '1', rate: '200' }],
    }, { contributionsPct: '30', accidentPct: '0.2' }, { rates });
    expect(r.perOutput.articles['1']).toBe('100.00');
    expect(r.perUnit.articles['1']).toBe('33.33');
    expect(r.perUnit.articles['5']).toBe('66.67');
    expect(r.perUnit.articles['7']).toBe('20.13'); // 60.40 / 3
    expect(r.perUnit.fullCost).toBe('120.13');
  });
});

describe('pricing', () => {
  const spec: SpecDocument = { schemaVersion: 1, name: 'X', unit: 'шт', materials: [{ id: 'a', name: 'A', unit: 'шт', qty: '1', price: '1000' }], operations: [] };
  const p = { contributionsPct: '0', accidentPct: '0' };
  it('by target margin, by a given price, and refuses two at once', () => {
    const m = calculateCost(spec, { ...p, marginPct: '20' }, { rates });
    expect(m.perUnit.priceNoVat).toBe('1250.00');
    expect(m.perUnit.markupPct).toBe('25.00');
    expect(m.perUnit.marginPct).toBe('20.00');
    const g = calculateCost(spec, { ...p, price: '1500' }, { rates });
    expect(g.perUnit.profit).toBe('500.00');
    expect(g.perUnit.marginPct).toBe('33.33');
    expect(() => calculateCost(spec, { ...p, price: '1', markupPct: '1' }, { rates })).toThrow(/что-то одно/);
  });
  it('VAT by regime and by a given rate', () => {
    // Under УСН with НДС the supplier's 22 % is in the cost (1 220,00); output VAT 5 % / 7 % on top.
    expect(calculateCost(spec, { ...p, taxRegime: 'usn-vat5' }, { rates }).perUnit.vat).toBe('61.00');
    expect(calculateCost(spec, { ...p, taxRegime: 'usn-vat7' }, { rates }).perUnit.vat).toBe('85.40');
    expect(calculateCost(spec, { ...p, taxRegime: 'osno', vatRatePct: '10' }, { rates }).perUnit.vat).toBe('100.00');
    expect(calculateCost(spec, { ...p, taxRegime: 'osno', vatRatePct: 'none' }, { rates }).perUnit.vat).toBe('0.00');
    expect(calculateCost(spec, { ...p, taxRegime: 'ausn' }, { rates }).perUnit.priceWithVat).toBe('1220.00');
  });
});

describe('exactness at a half kopeck', () => {
  it('14,625 / (1 − 1 %) × 635,25 = 9 384,375 exactly → 9 384,38 on both computation paths', () => {
    const line = (qty: string, price: string) => ({
      schemaVersion: 1 as const, name: 'X', unit: 'кг', operations: [],
      materials: [{ id: 'a', name: 'A', unit: 'кг', qty, wastePct: '1', wasteMode: 'share' as const, price }],
    });
    expect(calculateCost(line('14.625', '635.25'), {}, { rates }).perUnit.articles['1']).toBe('9384.38');
    expect(calculateCost(line('14,625', '635,25'), {}, { rates }).perUnit.articles['1']).toBe('9384.38');
  });
  it('a price with VAT reduced exactly: 1,22 → 1,00; 0,61 with 22 % inside → 0,50', () => {
    const doc = (price: string) => ({
      schemaVersion: 1 as const, name: 'X', unit: 'шт', operations: [],
      materials: [{ id: 'a', name: 'A', unit: 'шт', qty: '1', price, priceIncludesVat: true }],
    });
    expect(calculateCost(doc('1.22'), {}, { rates }).perUnit.articles['1']).toBe('1.00');
    expect(calculateCost(doc('0,61'), {}, { rates }).perUnit.articles['1']).toBe('0.50');
  });
});
