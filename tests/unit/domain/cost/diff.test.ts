// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '@/lib/domain/cost/diff';
import type { SpecDocument } from '@/lib/domain/cost';

const base: SpecDocument = {
  schemaVersion: 1,
  name: 'Стол',
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm1', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' },
    { id: 'm2', name: 'Каркас', unit: 'шт', qty: '1', specId: 'frame', article: 'purchased' },
    { id: 'm3', name: 'Клей', unit: 'кг', qty: '0.1', price: '300', wasteMode: 'uplift' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '500' }],
};

describe('diffSpecs', () => {
  it('the same document (and defaults written out, lines reordered) is no change', () => {
    const b: SpecDocument = { ...base, materials: [base.materials[2]!, { ...base.materials[0]!, wasteMode: 'uplift', article: 'materials' }, base.materials[1]!] };
    const d = diffSpecs(base, b);
    expect(d.same).toBe(true);
    expect(d.header).toEqual([]);
  });

  it('reports header fields, added, removed and changed lines with old and new values', () => {
    const b: SpecDocument = {
      ...base,
      name: 'Стол обеденный',
      outputQty: '2',
      materials: [
        { ...base.materials[0]!, qty: '2', price: '2600' },
        base.materials[1]!,
        { id: 'm4', name: 'Лак', unit: 'л', qty: '0.2', price: '900', returnable: { price: '5' } },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '550', machineHours: '0.5', machineRate: '200' }],
    };
    const d = diffSpecs(base, b);
    expect(d.same).toBe(false);
    expect(d.header).toEqual([
      { field: 'name', label: 'Название', from: 'Стол', to: 'Стол обеденный' },
      { field: 'outputQty', label: 'Выпуск, ед.', from: '', to: '2' },
    ]);
    expect(d.materials.added).toEqual([{ id: 'm4', name: 'Лак' }]);
    expect(d.materials.removed).toEqual([{ id: 'm3', name: 'Клей' }]);
    expect(d.materials.changed).toEqual([
      {
        id: 'm1',
        name: 'Столешница',
        changes: [
          { field: 'qty', label: 'нетто', from: '1', to: '2' },
          { field: 'price', label: 'цена', from: '2\u00a0500', to: '2\u00a0600' },
        ],
      },
    ]);
    expect(d.operations.changed[0]!.changes.map((c) => c.field)).toEqual(['rate', 'machineHours', 'machineRate']);
    expect(d.operations.added).toEqual([]);
  });

  it('a nested line switched to another specification and returnable waste are changes', () => {
    const b: SpecDocument = { ...base, materials: [base.materials[0]!, { ...base.materials[1]!, specId: 'frame2' }, { ...base.materials[2]!, returnable: { qty: '0.01', price: '10' } }] };
    const d = diffSpecs(base, b);
    expect(d.materials.changed.map((c) => [c.id, c.changes.map((x) => x.field)])).toEqual([
      ['m2', ['specId']],
      ['m3', ['returnable.qty', 'returnable.price']],
    ]);
  });

  it('numbers compare by value: a comma, a dot, digit groups, trailing zeros or a JSON number are the same', () => {
    const typed: SpecDocument = {
      ...base,
      outputQty: '1,0',
      materials: [
        { ...base.materials[0]!, qty: '1,000', price: '2 500,00' },
        base.materials[1]!,
        { ...base.materials[2]!, qty: '0,1', returnable: { qty: '0,05', price: '12,5' } },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '500', machineHours: '0,85' }],
    };
    const stored: SpecDocument = {
      ...typed,
      outputQty: '1',
      materials: [
        { ...base.materials[0]!, qty: '1', price: 2500 as unknown as string },
        base.materials[1]!,
        { ...base.materials[2]!, qty: '0.1', returnable: { qty: '0.05', price: '12.50' } },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '1.0', rate: '500', machineHours: '0.85' }],
    };
    expect(diffSpecs(typed, stored).same).toBe(true);
    const d = diffSpecs(typed, { ...stored, operations: [{ ...stored.operations[0]!, machineHours: '0.9' }] });
    expect(d.operations.changed).toEqual([{ id: 'o1', name: 'Сборка', changes: [{ field: 'machineHours', label: 'машино-часы', from: '0,85', to: '0,9' }] }]);
    // text that is not a number is compared as it is
    expect(diffSpecs(base, { ...base, materials: [{ ...base.materials[0]!, qty: 'много' }, base.materials[1]!, base.materials[2]!] }).materials.changed[0]!.changes).toEqual([
      { field: 'qty', label: 'нетто', from: '1', to: 'много' },
    ]);
  });
});
