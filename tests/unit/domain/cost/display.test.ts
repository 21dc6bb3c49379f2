// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { numberForInput, paramsForEditing, specForEditing, stepsForEditing } from '@/lib/domain/cost/display';
import type { ProcessStep } from '@/lib/domain/business-processes';
import type { SpecDocument } from '@/lib/domain/cost';

const NB = '\u00a0';

describe('numbers of stored documents shown the Russian way', () => {
  it('numberForInput: the wire form becomes Russian, exactly; empty and non-numbers stay', () => {
    expect(numberForInput('0.85')).toBe('0,85');
    expect(numberForInput('1234.5')).toBe(`1${NB}234,5`);
    expect(numberForInput('0,85')).toBe('0,85');
    expect(numberForInput(2000)).toBe(`2${NB}000`);
    expect(numberForInput('0.123456789')).toBe('0,123456789');
    expect(numberForInput('')).toBe('');
    expect(numberForInput(undefined)).toBeUndefined();
    expect(numberForInput('много')).toBe('много');
  });

  it('specForEditing turns every number of the document and leaves the rest', () => {
    const stored: SpecDocument = {
      schemaVersion: 1,
      name: 'Стол 1.5',
      code: '0.85',
      unit: 'шт',
      outputQty: '2.5',
      materials: [
        { id: 'm1', name: 'Брус 0.5', unit: 'м', qty: '0.85', wastePct: '12.5', price: '1200.50', returnable: { qty: '0.05', price: '10.5' } },
        { id: 'm2', name: 'Каркас', unit: 'шт', qty: '1', specId: 'x', article: 'purchased' },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500', machineHours: '0.25', machineRate: '1000.5' }],
    };
    const shown = specForEditing(stored);
    expect(shown).toEqual({
      ...stored,
      outputQty: '2,5',
      materials: [
        { id: 'm1', name: 'Брус 0.5', unit: 'м', qty: '0,85', wastePct: '12,5', price: `1${NB}200,5`, returnable: { qty: '0,05', price: '10,5' } },
        { id: 'm2', name: 'Каркас', unit: 'шт', qty: '1', specId: 'x', article: 'purchased' },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '0,8', rate: '500', machineHours: '0,25', machineRate: `1${NB}000,5` }],
    });
    expect('price' in shown.materials[1]!).toBe(false);
    expect(stored.materials[0]!.qty).toBe('0.85');
  });

  it('stepsForEditing turns the numbers of process steps', () => {
    const steps: ProcessStep[] = [
      { id: 's1', name: 'Распил', time: '7.5', timeUnit: 'мин', rate: '600.25', workers: '2', equipment: { name: 'Пила 1.2', machineRate: '150.5', powerKw: '1.5', tariff: '6.42' } },
      { id: 's2', name: 'Сборка', time: '0.5', timeUnit: 'ч', rate: '500' },
    ];
    expect(stepsForEditing(steps)).toEqual([
      { id: 's1', name: 'Распил', time: '7,5', timeUnit: 'мин', rate: '600,25', workers: '2', equipment: { name: 'Пила 1.2', machineRate: '150,5', powerKw: '1,5', tariff: '6,42' } },
      { id: 's2', name: 'Сборка', time: '0,5', timeUnit: 'ч', rate: '500' },
    ]);
  });
});

describe('specForEditing keeps what is already Russian', () => {
  it('an unchanged line is the same object', () => {
    const typed: SpecDocument = {
      schemaVersion: 1,
      name: 'Полка',
      unit: 'шт',
      materials: [
        { id: 'm1', name: 'Щит', unit: 'м²', qty: '0,4', price: '2\u00a0000', returnable: { price: '5' } },
        { id: 'm2', name: 'Крепёж', unit: 'шт', qty: '1.5', price: '150' },
      ],
      operations: [{ id: 'o1', name: 'Сборка', hours: '0,8', rate: '500' }],
    };
    const shown = specForEditing(typed);
    expect(shown.materials[0]).toBe(typed.materials[0]);
    expect(shown.operations[0]).toBe(typed.operations[0]);
    expect(shown.materials[1]).not.toBe(typed.materials[1]);
    expect(shown.materials[1]!.qty).toBe('1,5');
  });
});

describe('paramsForEditing: stored cost parameters as the /cost form shows them', () => {
  it('every number Russian, exactly (pools too); choices and flags as they are', () => {
    const shown = paramsForEditing({
      batchQty: '1000',
      accidentPct: '0.2',
      contributionsPct: '30',
      sellingPct: '12.5',
      purchaseVatPct: '22',
      markupPct: '25.75',
      shop: { base: 'machineHours', rate: '1250.5' },
      general: { base: 'wages', pct: '0.35' },
      vatRatePct: '22',
      taxRegime: 'usn6',
      directCosting: true,
      semiFinishedMethod: 'semi',
    });
    expect(shown).toEqual({
      batchQty: `1${NB}000`,
      accidentPct: '0,2',
      contributionsPct: '30',
      sellingPct: '12,5',
      purchaseVatPct: '22',
      markupPct: '25,75',
      shop: { base: 'machineHours', rate: `1${NB}250,5` },
      general: { base: 'wages', pct: '0,35' },
      vatRatePct: '22',
      taxRegime: 'usn6',
      directCosting: true,
      semiFinishedMethod: 'semi',
    });
    expect(paramsForEditing({})).toEqual({});
  });
});
