// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calculateCost, CostError, type SpecDocument } from '@/lib/domain/cost';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };
const params = { additionalWagePct: '10', contributionsPct: '30', accidentPct: '0.2', shop: { pct: '100', base: 'wages' as const }, general: { pct: '50', base: 'wages' as const } };

const frame: SpecDocument = {
  schemaVersion: 1, name: 'Каркас', unit: 'шт', outputQty: '2',
  materials: [{ id: 'b', name: 'Брус', unit: 'м', qty: '3', price: '120', returnable: { qty: '0.2', price: '10' } }],
  operations: [{ id: 'c', name: 'Распил', hours: '0.5', rate: '600' }],
};
const table: SpecDocument = {
  schemaVersion: 1, name: 'Стол', unit: 'шт',
  materials: [
    { id: 'top', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' },
    { id: 'fr', name: 'Каркас', unit: 'шт', qty: '1', specId: 'frame', article: 'purchased' },
  ],
  operations: [{ id: 'a', name: 'Сборка', hours: '1', rate: '500' }],
};

describe('nested specifications', () => {
  it('бесполуфабрикатный (default): the frame\'s статьи flow into the table\'s, overheads on all wages', () => {
    // Каркас for 2: 1 = 3 × 120 = 360.00, 2 = 0.2 × 10 = 2.00, 5 = 0.5 × 600 = 300.00.
    // Стол takes 1 of 2: 1 = 2500 + 360 × 1 / 2 = 2680.00, 2 = 2 × 1 / 2 = 1.00, 5 = 500 + 300 × 1 / 2 = 650.00;
    // 6 = 650 × 10 % = 65.00; 7 = 715 × 30 % + 715 × 0,2 % = 214.50 + 1.43 = 215.93;
    // ОПР = 650 × 100 % = 650.00, ОХР = 650 × 50 % = 325.00.
    const r = calculateCost(table, params, { rates, resolve: (id) => (id === 'frame' ? frame : undefined) });
    expect(r.semiFinishedMethod).toBe('flow');
    expect(r.perUnit.articles).toMatchObject({ '1': '2680.00', '2': '1.00', '3': '0.00', '5': '650.00', '6': '65.00', '7': '215.93', '10': '650.00', '11': '325.00' });
    // direct = 2680 − 1 + 650 + 65 + 215.93 = 3609.93; + ОПР = 4259.93; + ОХР = 4584.93
    expect(r.perUnit.productionCost).toBe('4584.93');
    const flow = r.lines.filter((l) => l.sourceId === 'fr');
    expect(flow.map((l) => [l.id, l.article, l.amount])).toEqual([['fr.1', '1', '180.00'], ['fr.2', '2', '1.00'], ['fr.5', '5', '150.00']]);
    expect(flow[0]!.formula).toBe('360,00 × 1 / 2 = 180,00 (статья 1 «Каркас» на выпуск 2 шт)');
    expect(flow[0]!.specId).toBe('frame');
    // The drill-down: the frame's own lines, on its output of 2.
    const n = r.nested[0]!;
    expect(n).toMatchObject({ specId: 'frame', name: 'Каркас', outputQty: '2', unitCost: '393.83', unitProductionCost: '618.83' });
    expect(n.lines!.filter((l) => l.article === '5').map((l) => [l.id, l.formula])).toEqual([['c', '0,5 ч × 600,00 ₽/ч = 300,00']]);
  });
  it('полуфабрикатный: one line at the frame\'s производственная per unit; the same производственная here', () => {
    // Каркас for 2: direct 360 − 2 + 300 + 30 + (99.00 + 0.66) = 787.66; + ОПР 300 + ОХР 150 = 1237.66 → 618.83 per unit.
    const r = calculateCost(table, { ...params, semiFinishedMethod: 'semi' }, { rates, resolve: (id) => (id === 'frame' ? frame : undefined) });
    expect(r.semiFinishedMethod).toBe('semi');
    const line = r.lines.find((l) => l.id === 'fr')!;
    expect(line).toMatchObject({ article: '3', amount: '618.83', specId: 'frame' });
    expect(line.formula).toBe('1 × 618,83 = 618,83 (производственная себестоимость единицы «Каркас»)');
    // Стол's bases hold only its own wages: ОПР = 500.00, ОХР = 250.00.
    expect(r.perUnit.articles).toMatchObject({ '1': '2500.00', '3': '618.83', '5': '500.00', '10': '500.00', '11': '250.00' });
    // 2500 + 618.83 + 500 + 50 + 166.10 + 500 + 250 = 4584.93 — as by статьи.
    expect(r.perUnit.productionCost).toBe('4584.93');
  });
  it('nests to any depth and computes a shared child once', () => {
    const leaf: SpecDocument = { schemaVersion: 1, name: 'Лист', unit: 'шт', materials: [{ id: 'x', name: 'X', unit: 'шт', qty: '1', price: '1.5' }], operations: [] };
    const docs: Record<string, SpecDocument> = { l0: leaf };
    for (let i = 1; i <= 30; i++) {
      docs[`l${i}`] = {
        schemaVersion: 1, name: `Уровень ${i}`, unit: 'шт',
        materials: [
          { id: 'a', name: 'A', unit: 'шт', qty: '2', specId: `l${i - 1}` },
          { id: 'b', name: 'B', unit: 'шт', qty: '1', specId: 'l0' },
        ],
        operations: [],
      };
    }
    let calls = 0;
    for (const semiFinishedMethod of ['flow', 'semi'] as const) {
      calls = 0;
      const r = calculateCost(docs.l30!, { contributionsPct: '0', accidentPct: '0', semiFinishedMethod }, { rates, resolve: (id) => { calls++; return docs[id]; } });
      expect(calls).toBe(30); // l29 … l0, each once
      // level i = 2 × level(i−1) + 1.5, level 0 = 1.5 → level 30 = 1.5 × (2^31 − 1)
      expect(r.perUnit.fullCost).toBe('3221225470.50');
      expect(r.nested).toHaveLength(30);
    }
  });
  it('refuses a cycle and shows the path', () => {
    const a: SpecDocument = { schemaVersion: 1, name: 'Изделие А', unit: 'шт', materials: [{ id: '1', name: 'Б', unit: 'шт', qty: '1', specId: 'b' }], operations: [] };
    const b: SpecDocument = { schemaVersion: 1, name: 'Узел Б', unit: 'шт', materials: [{ id: '1', name: 'В', unit: 'шт', qty: '1', specId: 'c' }], operations: [] };
    const c: SpecDocument = { schemaVersion: 1, name: 'Деталь В', unit: 'шт', materials: [{ id: '1', name: 'Б', unit: 'шт', qty: '1', specId: 'b' }], operations: [] };
    const docs: Record<string, SpecDocument> = { a, b, c };
    try {
      calculateCost(a, {}, { rates, resolve: (id) => docs[id], rootId: 'a' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CostError);
      expect((e as CostError).code).toBe('SPEC_CYCLE');
      expect((e as CostError).path).toEqual(['b', 'c', 'b']);
      expect((e as CostError).message).toBe('Спецификации ссылаются друг на друга по кругу: «Узел Б» → «Деталь В» → «Узел Б».');
    }
    // a spec containing itself
    const self: SpecDocument = { ...a, materials: [{ id: '1', name: 'Я', unit: 'шт', qty: '1', specId: 'a' }] };
    expect(() => calculateCost(self, {}, { rates, resolve: (id) => (id === 'a' ? self : undefined), rootId: 'a' })).toThrow(
      '«Изделие А» → «Изделие А»',
    );
  });
  it('names a missing nested spec', () => {
    try {
      calculateCost(table, {}, { rates, resolve: () => undefined });
      expect.unreachable();
    } catch (e) {
      expect((e as CostError).code).toBe('NESTED_SPEC_NOT_FOUND');
      expect((e as CostError).fields).toEqual({ 'materials.1.specId': 'Спецификация не найдена.' });
    }
  });
});
