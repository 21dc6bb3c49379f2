// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec } from '@/lib/domain/money';
import { ARTICLE_NOS, calculateCost, type CostParams, type CostResult, type SpecDocument } from '@/lib/domain/cost';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/**
 * Three levels: «Стол» ← «Подстолье» ← «Ножка» (4 legs made as one batch of 4).
 * Ножка, for 4: 1 = 2 м × 50 = 100.00; 5 = 1 ч × 400 = 400.00; 9 = 0,5 маш.-ч × 200 = 100.00.
 * Подстолье, for 1: 4 ножки; 1 = 3 м × 100 = 300.00; 5 = 0,5 ч × 600 = 300.00; 9 = 0,25 маш.-ч × 400 = 100.00.
 * Стол, for 1: 1 подстолье; 1 = 2 500.00; 5 = 1 ч × 500 = 500.00.
 */
const leg: SpecDocument = {
  schemaVersion: 1, name: 'Ножка', unit: 'шт', outputQty: '4',
  materials: [{ id: 'l1', name: 'Брусок', unit: 'м', qty: '2', price: '50' }],
  operations: [{ id: 'lo', name: 'Точение', hours: '1', rate: '400', machineHours: '0.5', machineRate: '200' }],
};
const base: SpecDocument = {
  schemaVersion: 1, name: 'Подстолье', unit: 'шт',
  materials: [
    { id: 'b1', name: 'Ножка', unit: 'шт', qty: '4', specId: 'leg' },
    { id: 'b2', name: 'Царга', unit: 'м', qty: '3', price: '100' },
  ],
  operations: [{ id: 'bo', name: 'Сборка подстолья', hours: '0.5', rate: '600', machineHours: '0.25', machineRate: '400' }],
};
const table: SpecDocument = {
  schemaVersion: 1, name: 'Стол', unit: 'шт',
  materials: [
    { id: 't1', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' },
    { id: 't2', name: 'Подстолье', unit: 'шт', qty: '1', specId: 'base' },
  ],
  operations: [{ id: 'to', name: 'Сборка', hours: '1', rate: '500' }],
};
const docs: Record<string, SpecDocument> = { leg, base };
const resolve = (id: string) => docs[id];
const common: CostParams = { additionalWagePct: '10', contributionsPct: '30', accidentPct: '0.2', sellingPct: '5' };
const onWages: CostParams = { ...common, shop: { base: 'wages', pct: '100' }, general: { base: 'wages', pct: '50' } };
const onMachineHours: CostParams = { ...common, shop: { base: 'machineHours', rate: '300' }, general: { base: 'wages', pct: '50' } };
const onDirect: CostParams = { ...common, shop: { base: 'wages', pct: '100' }, general: { base: 'direct', pct: '10' } };

const calc = (params: CostParams, method: 'flow' | 'semi', doc: SpecDocument = table, d = docs) =>
  calculateCost(doc, { ...params, semiFinishedMethod: method }, { rates, resolve: (id) => d[id] });

const add = (xs: readonly string[]) => xs.reduce((a, b) => a.plus(b), new Dec(0)).toFixed(2);

/** Lines add up to their статьи — in the product and in every nested specification's own breakdown. */
function expectLinesAddUp(r: CostResult) {
  for (const no of ARTICLE_NOS) {
    expect(add(r.lines.filter((l) => l.article === no).map((l) => l.amount)), `статья ${no}`).toBe(r.perOutput.articles[no]);
    for (const n of r.nested) {
      if (no === '14' || !n.lines) continue;
      expect(add(n.lines.filter((l) => l.article === no).map((l) => l.amount)), `${n.name}, статья ${no}`).toBe(n.articles[no]);
    }
  }
}

describe('бесполуфабрикатный метод (flow): статьи of every level flow into the product', () => {
  it('overheads on wages: all wages in the base, charged once on the top product', () => {
    const r = calc(onWages, 'flow');
    // 1 = 2500 + (300 + 100 × 4 / 4) = 2900.00; 5 = 500 + (300 + 400 × 4 / 4) = 1200.00; 9 = 100 + 100 = 200.00
    // 6 = 1200 × 10 % = 120.00; 7 = 1320 × 30 % + 1320 × 0,2 % = 396.00 + 2.64 = 398.64
    // ОПР = 1200 × 100 % = 1200.00; ОХР = 1200 × 50 % = 600.00
    expect(r.perUnit.articles).toMatchObject({ '1': '2900.00', '3': '0.00', '5': '1200.00', '6': '120.00', '7': '398.64', '9': '200.00', '10': '1200.00', '11': '600.00' });
    // прямые 2900 + 1200 + 120 + 398.64 = 4618.64; цеховая + 200 + 1200 = 6018.64; производственная + 600 = 6618.64
    // 14 = 6618.64 × 5 % = 330.932 → 330.93; полная 6949.57
    expect(r.perUnit.directCost).toBe('4618.64');
    expect(r.perUnit.productionCost).toBe('6618.64');
    expect(r.perUnit.fullCost).toBe('6949.57');
    expect(r.lines.filter((l) => l.sourceId === 't2').map((l) => [l.id, l.amount])).toEqual([['t2.1', '400.00'], ['t2.5', '700.00'], ['t2.9', '200.00']]);
    // The drill-down: Подстолье's статья 5 = its own 300.00 + the legs' 400.00 (4 of 4).
    const sub = r.nested.find((n) => n.specId === 'base')!;
    expect(sub.lines!.filter((l) => l.article === '5').map((l) => [l.id, l.amount, l.specId ?? null])).toEqual([['b1.5', '400.00', 'leg'], ['bo', '300.00', null]]);
    expect(r.nested.map((n) => n.name)).toEqual(['Ножка', 'Подстолье']);
    expectLinesAddUp(r);
  });
  it('overheads on machine-hours: the legs\' and the frame\'s machine-hours are in the base', () => {
    const r = calc(onMachineHours, 'flow');
    // 0,5 × 4 / 4 + 0,25 = 0,75 маш.-ч × 300 = 225.00
    expect(r.explain['10']!.lines).toEqual(['10']);
    expect(r.lines.find((l) => l.id === '10')!.formula).toBe('0,75 маш.-ч × 300,00 ₽/маш.-ч = 225,00');
    // производственная 4618.64 + 200 + 225 + 600 = 5643.64; 14 = 282.182 → 282.18; полная 5925.82
    expect(r.perUnit.productionCost).toBe('5643.64');
    expect(r.perUnit.fullCost).toBe('5925.82');
  });
  it('overheads on direct costs: ОХР on прямые затраты of all levels', () => {
    const r = calc(onDirect, 'flow');
    // ОХР = 4618.64 × 10 % = 461.864 → 461.86; производственная 6018.64 + 461.86 = 6480.50
    // 14 = 6480.50 × 5 % = 324.025 → 324.03; полная 6804.53
    expect(r.perUnit.articles['11']).toBe('461.86');
    expect(r.perUnit.fullCost).toBe('6804.53');
  });
  it('rounds once per статья of a nested line: its amount on its output × брутто / output', () => {
    // 3 legs made at once: 1 = 100.00, 5 = 400.00, 9 = 100.00, 0,5 маш.-ч for 3.
    // Подстолье takes 4: 1 = 100 × 4 / 3 = 133.333… → 133.33; 5 = 533.333… → 533.33; 9 = 133.33; 0,5 × 4 / 3 = 2/3 маш.-ч
    const three = { leg: { ...leg, outputQty: '3' }, base };
    const r = calc(onMachineHours, 'flow', base, three);
    expect(r.lines.filter((l) => l.sourceId === 'b1').map((l) => [l.id, l.amount, l.formula])).toEqual([
      ['b1.1', '133.33', '100,00 × 4 / 3 = 133,33 (статья 1 «Ножка» на выпуск 3 шт)'],
      ['b1.5', '533.33', '400,00 × 4 / 3 = 533,33 (статья 5 «Ножка» на выпуск 3 шт)'],
      ['b1.9', '133.33', '100,00 × 4 / 3 = 133,33 (статья 9 «Ножка» на выпуск 3 шт)'],
    ]);
    // 2/3 + 1/4 = 11/12 маш.-ч × 300 = 275.00 (exact: no rounding of hours)
    expect(r.lines.find((l) => l.id === '10')!.formula).toBe('11/12 маш.-ч × 300,00 ₽/маш.-ч = 275,00');
    expect(r.perUnit.articles['5']).toBe('833.33');
    expectLinesAddUp(r);
  });
});

describe('полуфабрикатный метод (semi): a line at the nested production cost', () => {
  it('overheads on wages: the same полная as by статьи', () => {
    const r = calc(onWages, 'semi');
    // Ножка for 4: 6 = 40.00; 7 = 440 × 30 % + 440 × 0,2 % = 132.00 + 0.88; прямые 100 + 400 + 40 + 132.88 = 672.88
    //   ОПР 400.00, ОХР 200.00 → производственная 672.88 + 100 + 400 + 200 = 1372.88 → 343.22 за шт
    // Подстолье: 3 = 4 × 343.22 = 1372.88; 6 = 30.00; 7 = 99.00 + 0.66; прямые 1372.88 + 300 + 300 + 30 + 99.66 = 2102.54
    //   ОПР 300.00, ОХР 150.00 → производственная 2102.54 + 100 + 300 + 150 = 2652.54
    // Стол: 3 = 2652.54; 6 = 50.00; 7 = 165.00 + 1.10; прямые 2500 + 2652.54 + 500 + 50 + 166.10 = 5868.64
    //   ОПР 500.00, ОХР 250.00 → производственная 6618.64 — the same as by статьи; полная 6949.57
    expect(r.nested.map((n) => [n.name, n.productionCost, n.unitProductionCost])).toEqual([
      ['Ножка', '1372.88', '343.22'],
      ['Подстолье', '2652.54', '2652.54'],
    ]);
    expect(r.perUnit.articles).toMatchObject({ '1': '2500.00', '3': '2652.54', '5': '500.00', '10': '500.00', '11': '250.00' });
    const line = r.lines.find((l) => l.id === 't2')!;
    expect(line.name).toBe('Полуфабрикат собственного производства: Подстолье');
    expect(line.formula).toBe('1 × 2\u00a0652,54 = 2\u00a0652,54 (производственная себестоимость единицы «Подстолье»)');
    expect(r.perUnit.productionCost).toBe('6618.64');
    expect(r.perUnit.fullCost).toBe(calc(onWages, 'flow').perUnit.fullCost);
    expect(r.perUnit.fullCost).toBe('6949.57');
    expectLinesAddUp(r);
  });
  it('overheads on machine-hours: each level charges its own hours — the same полная', () => {
    const r = calc(onMachineHours, 'semi');
    // Ножка: ОПР 0,5 × 300 = 150.00, ОХР 200.00 → 672.88 + 100 + 150 + 200 = 1122.88 → 280.72 за шт
    // Подстолье: 3 = 1122.88; ОПР 0,25 × 300 = 75.00, ОХР 150.00 → 1852.54 + 100 + 75 + 150 = 2177.54
    // Стол: ОПР 0 маш.-ч = 0.00, ОХР 250.00 → 2500 + 2177.54 + 716.10 + 250 = 5643.64; полная 5925.82
    expect(r.perUnit.articles['3']).toBe('2177.54');
    expect(r.perUnit.productionCost).toBe('5643.64');
    expect(r.perUnit.fullCost).toBe(calc(onMachineHours, 'flow').perUnit.fullCost);
  });
  it('overheads on direct costs differ: ОХР is charged again on the semi-finished good\'s overheads', () => {
    const r = calc(onDirect, 'semi');
    // Ножка: ОХР 672.88 × 10 % = 67.29 → 672.88 + 100 + 400 + 67.29 = 1240.17 → 310.0425 → 310.04 за шт
    // Подстолье: 3 = 4 × 310.04 = 1240.16; прямые 1969.82; ОХР 196.98 → 1969.82 + 100 + 300 + 196.98 = 2566.80
    // Стол: прямые 2500 + 2566.80 + 716.10 = 5782.90; ОХР 578.29 → 5782.90 + 500 + 578.29 = 6861.19
    // 14 = 343.0595 → 343.06; полная 7204.25 (by статьи: 6804.53)
    expect(r.perUnit.productionCost).toBe('6861.19');
    expect(r.perUnit.fullCost).toBe('7204.25');
    expect(new Dec(r.perUnit.fullCost).greaterThan(calc(onDirect, 'flow').perUnit.fullCost)).toBe(true);
    expectLinesAddUp(r);
  });
});

it('refuses an unknown method in Russian', () => {
  expect(() => calculateCost(table, { semiFinishedMethod: 'x' as 'flow' }, { rates, resolve })).toThrow(/Метод учёта полуфабрикатов/);
});
