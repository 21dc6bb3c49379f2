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
  it('a semi-finished line costs the nested spec\'s direct cost per unit of its output', () => {
    // Каркас for 2: 1 = 360.00, 2 = 2.00, 5 = 300.00, 6 = 30.00, 7 = 99.00 + 0.66 → direct 787.66 → 393.83 per unit
    const r = calculateCost(table, params, { rates, resolve: (id) => (id === 'frame' ? frame : undefined) });
    expect(r.nested).toEqual([{ specId: 'frame', name: 'Каркас', unitCost: '393.83', outputQty: '2' }]);
    expect(r.perUnit.articles['3']).toBe('393.83');
    expect(r.perUnit.articles['1']).toBe('2500.00');
    // overheads only on the top product's own wages
    expect(r.perUnit.articles['10']).toBe('500.00');
    const line = r.lines.find((l) => l.id === 'fr')!;
    expect(line.formula).toContain('полуфабриката «Каркас»');
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
    const r = calculateCost(docs.l30!, { contributionsPct: '0', accidentPct: '0' }, { rates, resolve: (id) => { calls++; return docs[id]; } });
    expect(calls).toBe(30); // l29 … l0, each once
    // level i = 2 × level(i−1) + 1.5, level 0 = 1.5 → level 30 = 1.5 × (2^31 − 1)
    expect(r.perUnit.fullCost).toBe('3221225470.50');
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
