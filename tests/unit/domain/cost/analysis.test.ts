// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec } from '@/lib/domain/money';
import { calculateCost, CostError, type CostParams, type SpecDocument } from '@/lib/domain/cost';
import { marginAtPrice, priceForMargin } from '@/lib/domain/cost/inverse';
import { breakEvenOf } from '@/lib/domain/cost/break-even';
import { costStructure } from '@/lib/domain/cost/structure';
import { costSensitivity } from '@/lib/domain/cost/sensitivity';
import { requisiteLines, signatureLines, type PrintCompany } from '@/lib/domain/cost/print-header';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/** The worked example «Полка». */
const shelf: SpecDocument = {
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  materials: [
    { id: 'm1', name: 'Щит мебельный', unit: 'м²', qty: '0.40', wastePct: '10', price: '2000.00' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150.00', article: 'purchased' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
};
const shelfParams: CostParams = {
  additionalWagePct: '10',
  shop: { pct: '100', base: 'wages' },
  general: { pct: '50', base: 'wages' },
  sellingPct: '5',
  markupPct: '30',
  taxRegime: 'osno',
};

/** Seeded generator (mulberry32) so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const decimal = (maxInt: number, dp: number) => new Dec(int(0, maxInt * 10 ** dp)).div(10 ** dp).toFixed();
  return { int, decimal };
}

describe('inverse: цена для маржи и маржа при цене', () => {
  it('«Полка»: маржа 30 % → 3 304,31 без НДС, 4 031,26 с НДС', () => {
    const f = priceForMargin('2313.02', '30', '22');
    expect(f).toEqual({
      priceNoVat: '3304.31',
      vat: '726.95',
      priceWithVat: '4031.26',
      profit: '991.29',
      markupPct: '42.86',
      marginPct: '30.00',
    });
  });
  it('«Полка»: при цене 3 668,45 с НДС маржа 23,08 %, наценка 30 %', () => {
    const f = marginAtPrice('2313.02', '3 668,45', '22', true);
    expect(f).toEqual({ priceNoVat: '3006.93', vat: '661.52', priceWithVat: '3668.45', profit: '693.91', markupPct: '30.00', marginPct: '23.08' });
    const noVat = marginAtPrice('2313.02', '3006.93', '22');
    expect(noVat.priceWithVat).toBe('3668.45');
    expect(noVat.marginPct).toBe('23.08');
  });
  it('без НДС, a zero price, a loss', () => {
    expect(marginAtPrice('100', '0', null)).toMatchObject({ priceNoVat: '0.00', vat: '0.00', marginPct: null, markupPct: '-100.00' });
    expect(marginAtPrice('100', '80', null)).toMatchObject({ profit: '-20.00', marginPct: '-25.00', markupPct: '-20.00' });
    expect(priceForMargin('0', '20', null)).toMatchObject({ priceNoVat: '0.00', markupPct: null, marginPct: null });
  });
  it('refuses a margin of 100 % and more, a negative price and text, in Russian', () => {
    expect(() => priceForMargin('100', '100', '22')).toThrow('Маржа должна быть меньше 100 %.');
    expect(() => marginAtPrice('100', '-1', '22')).toThrow(CostError);
    expect(() => marginAtPrice('100', 'много', '22')).toThrow(/Цена: введите число/);
  });
  it('exact to the kopeck: the price is C / (1 − M) rounded half-up, the same as the engine prices by margin', () => {
    const r = rng(2026);
    for (let i = 0; i < 300; i++) {
      const qty = r.decimal(20, 3);
      const price = r.decimal(9000, 2);
      const margin = r.decimal(95, 2);
      const spec: SpecDocument = { schemaVersion: 1, name: 'X', unit: 'шт', materials: [{ id: 'a', name: 'A', unit: 'кг', qty, price }], operations: [] };
      const byEngine = calculateCost(spec, { marginPct: margin, sellingPct: r.decimal(9, 2) }, { rates });
      const inv = priceForMargin(byEngine.perUnit.fullCost, margin, '22');
      expect(inv.priceNoVat, `${qty} × ${price} @ ${margin}`).toBe(byEngine.perUnit.priceNoVat);
      expect(inv.priceWithVat).toBe(byEngine.perUnit.priceWithVat);
      const exact = new Dec(byEngine.perUnit.fullCost).times(100).div(new Dec(100).minus(margin));
      expect(new Dec(inv.priceNoVat).minus(exact).abs().lte('0.005')).toBe(true);
      // and back: the margin at that price (with VAT) gives the same price without VAT
      const back = marginAtPrice(byEngine.perUnit.fullCost, inv.priceWithVat, '22', true);
      expect(back.priceNoVat).toBe(inv.priceNoVat);
      expect(back.marginPct).toBe(inv.marginPct);
    }
  });
});

describe('break-even of the batch', () => {
  it('«Полка», партия 10: FC = (ОПР 400 + ОХР 200) × 10, Q* = 5, выручка 13 943,46, запас 53,63 % (точная Q* = 4,637…)', () => {
    const r = calculateCost(shelf, { ...shelfParams, batchQty: '10' }, { rates });
    expect(breakEvenOf(r)).toEqual({
      fixed: '6000.00',
      variablePerUnit: '1713.02',
      price: '3006.93',
      contributionPerUnit: '1293.91',
      batchQty: '10',
      qty: '5',
      revenue: '13943.46',
      safetyPct: '53.63',
    });
  });
  it('the fixed costs plus the variable ones at the batch are the batch полная', () => {
    const r = calculateCost(shelf, { ...shelfParams, batchQty: '7' }, { rates });
    const be = breakEvenOf(r);
    expect(new Dec(be.fixed).plus(new Dec(be.variablePerUnit).times(7)).toFixed(2)).toBe(r.perBatch.fullCost);
  });
  it('no break-even when the price does not cover the variable cost', () => {
    const r = calculateCost(shelf, { ...shelfParams, markupPct: undefined, price: '1700' }, { rates });
    expect(breakEvenOf(r)).toMatchObject({ qty: null, revenue: null, safetyPct: null, contributionPerUnit: '-13.02' });
  });
});

describe('structure by статьи', () => {
  it('«Полка»: shares of the полная себестоимость, zero статьи left out', () => {
    const r = calculateCost(shelf, shelfParams, { rates });
    const s = costStructure(r.perUnit);
    expect(s.map((x) => x.no)).toEqual(['1', '3', '5', '6', '7', '10', '11', '14']);
    expect(s[0]).toMatchObject({ amount: '880.00', sharePct: '38.05' });
    expect(s.reduce((a, x) => a.plus(x.amount), new Dec(0)).toFixed(2)).toBe(r.perUnit.fullCost);
  });
  it('статья 2 is a negative part', () => {
    const r = calculateCost(
      { ...shelf, materials: [{ id: 'w', name: 'Доска', unit: 'м', qty: '1', wastePct: '20', price: '100', returnable: { price: '10' } }] },
      {},
      { rates },
    );
    expect(costStructure(r.perUnit).find((x) => x.no === '2')).toMatchObject({ amount: '-2.00' });
  });
});

describe('sensitivity (tornado) at ±10 %', () => {
  it('«Полка»: wages move the unit cost most, then materials, ОПР, ОХР, покупные, коммерческие', () => {
    const s = costSensitivity(shelf, shelfParams, { rates });
    expect(s.base).toBe('2313.02');
    expect(s.stepPct).toBe('10');
    expect(s.items.map((i) => [i.group, i.deltaLow, i.deltaHigh])).toEqual([
      ['wages', '-123.15', '123.16'],
      ['materials', '-92.40', '92.40'],
      ['shop', '-42.00', '42.00'],
      ['general', '-21.00', '21.00'],
      ['purchased', '-15.75', '15.75'],
      ['selling', '-11.01', '11.02'],
    ]);
    expect(s.items[0]).toMatchObject({ title: 'Часовые ставки рабочих', low: '2189.87', high: '2436.18' });
  });
  it('reaches into nested specifications: their materials move the parent too', () => {
    const child: SpecDocument = { schemaVersion: 1, name: 'Каркас', unit: 'шт', materials: [{ id: 'b', name: 'Брус', unit: 'м', qty: '4', price: '100' }], operations: [] };
    const parent: SpecDocument = { schemaVersion: 1, name: 'Стол', unit: 'шт', materials: [{ id: 'k', name: 'Каркас', unit: 'шт', qty: '2', specId: 'c' }], operations: [] };
    const s = costSensitivity(parent, {}, { rates, resolve: (id) => (id === 'c' ? child : undefined) }, '5');
    expect(s.base).toBe('800.00');
    expect(s.items).toEqual([{ group: 'materials', title: 'Цены сырья и материалов', low: '760.00', high: '840.00', deltaLow: '-40.00', deltaHigh: '40.00' }]);
  });
  it('machine-hour pools and rates scale too; the step is checked', () => {
    const spec: SpecDocument = { ...shelf, operations: [{ id: 'o', name: 'ЧПУ', hours: '0', rate: '0', machineHours: '2', machineRate: '300' }] };
    const s = costSensitivity(spec, { shop: { base: 'machineHours', rate: '50' } }, { rates });
    expect(s.items.find((i) => i.group === 'machine')).toMatchObject({ deltaLow: '-60.00', deltaHigh: '60.00' });
    expect(s.items.find((i) => i.group === 'shop')).toMatchObject({ deltaLow: '-10.00', deltaHigh: '10.00' });
    expect(() => costSensitivity(spec, {}, { rates }, '0')).toThrow('Шаг — больше 0 и меньше 100 %.');
  });
});

describe('sensitivity: properties', () => {
  it('costs never fall when an input grows; the order is by the larger move', () => {
    const r = rng(606);
    const articles = ['materials', 'purchased', 'energy'] as const;
    for (let i = 0; i < 40; i++) {
      const spec: SpecDocument = {
        schemaVersion: 1,
        name: 'X',
        unit: 'шт',
        outputQty: String(r.int(1, 5)),
        materials: Array.from({ length: r.int(1, 6) }, (_, k) => ({
          id: `m${k}`,
          name: `М${k}`,
          unit: 'кг',
          qty: r.decimal(10, 3),
          price: r.decimal(900, 2),
          article: articles[r.int(0, 2)],
        })),
        operations: Array.from({ length: r.int(0, 3) }, (_, k) => ({ id: `o${k}`, name: `О${k}`, hours: r.decimal(5, 2), rate: r.decimal(900, 2), machineHours: r.decimal(3, 2), machineRate: r.decimal(500, 2) })),
      };
      const params: CostParams = {
        additionalWagePct: r.decimal(15, 1),
        shop: { base: 'direct', pct: r.decimal(60, 1) },
        general: { base: 'wages', pct: r.decimal(90, 1) },
        defectsPct: r.decimal(3, 1),
        sellingPct: r.decimal(8, 1),
      };
      const s = costSensitivity(spec, params, { rates });
      const base = new Dec(calculateCost(spec, params, { rates }).perUnit.fullCost);
      expect(s.base).toBe(base.toFixed(2));
      let last = new Dec(Infinity);
      for (const it of s.items) {
        expect(new Dec(it.low).lte(base) && new Dec(it.high).gte(base), `seed 606 #${i} ${it.group}`).toBe(true);
        expect(new Dec(it.low).minus(base).toFixed(2)).toBe(it.deltaLow);
        const reach = Dec.max(new Dec(it.deltaLow).abs(), new Dec(it.deltaHigh).abs());
        expect(reach.lte(last)).toBe(true);
        last = reach;
      }
    }
  });
});

describe('реквизиты of the printed form', () => {
  const base: PrintCompany = {
    kind: 'legal',
    fullName: 'ООО «Мастерская»',
    inn: '7707083893',
    kpp: '773601001',
    ogrn: '1027700132195',
    legalAddress: 'г. Москва, ул. Вавилова, д. 19',
    phone: '',
    email: 'buh@example.ru',
    directorName: 'Иванов И. И.',
    directorTitle: 'Генеральный директор',
    accountantName: '',
    bankAccounts: [
      { bik: '044525974', bankName: 'АО «ТБанк»', corrAccount: '30101810145250000974', account: '40702810900000002851', isDefault: false },
      { bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000012345', isDefault: true },
    ],
  };
  it('name, ИНН/КПП/ОГРН, address, the default account, contacts; empty fields left out', () => {
    expect(requisiteLines(base)).toEqual([
      'ООО «Мастерская»',
      'ИНН 7707083893, КПП 773601001, ОГРН 1027700132195',
      'Адрес: г. Москва, ул. Вавилова, д. 19',
      'р/с 40702810938000012345, в ПАО Сбербанк, БИК 044525225, к/с 30101810400000000225',
      'e-mail buh@example.ru',
    ]);
  });
  it('an ИП has an ОГРНИП and no КПП; signatures take the names', () => {
    const ip = { ...base, kind: 'entrepreneur' as const, inn: '500100732259', kpp: '', ogrn: '304500116000157', bankAccounts: [], directorTitle: '', email: '' };
    expect(requisiteLines(ip).slice(1)).toEqual(['ИНН 500100732259, ОГРНИП 304500116000157', 'Адрес: г. Москва, ул. Вавилова, д. 19']);
    expect(signatureLines(ip)[0]).toEqual({ title: 'Индивидуальный предприниматель', name: 'Иванов И. И.' });
    expect(signatureLines(null).map((l) => l.title)).toEqual(['Руководитель', 'Главный бухгалтер', 'Составил']);
  });
});
