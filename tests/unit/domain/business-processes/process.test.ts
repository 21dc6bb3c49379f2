// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { operationsOfSet, processTotals, type ProcessSet } from '@/lib/domain/business-processes';

const set: ProcessSet = {
  name: 'Цех',
  steps: [
    { id: 'a', name: 'Раскрой', role: 'Столяр', time: '30', timeUnit: 'мин', rate: '600', workers: '2', equipment: { name: 'Станок', machineRate: '1200', powerKw: '3', tariff: '8.5' } },
    { id: 'b', name: 'Сборка', time: '0.25', timeUnit: 'ч', rate: '500' },
    { id: 'c', name: 'Упаковка', time: '1', timeUnit: 'мин', rate: '400' },
  ],
};

describe('business-process sets', () => {
  it('totals per unit (each step rounded to kopecks)', () => {
    // Упаковка: 1/60 ч × 400 = 6,666… → 6,67
    expect(processTotals(set)).toEqual({ hours: '1.2667', wages: '731.67', machine: '600.00', energy: '12.75', total: '1344.42' });
  });
  it('as operations for an output of 3 units, with energy as статья 4 lines', () => {
    const { operations, energy } = operationsOfSet(set, '3');
    // 30 мин × 3 = 90 мин of the machine, × 2 workers = 180 мин of labour (kept in minutes: exact)
    expect(operations[0]).toEqual({ id: 'ps-a', name: 'Раскрой (Столяр)', hours: '3', rate: '600', minutes: '180', machineHours: '1.5', machineRate: '1200', machineMinutes: '90' });
    expect(operations[1]).toEqual({ id: 'ps-b', name: 'Сборка', hours: '0.75', rate: '500' });
    expect(operations[2]!.hours).toBe('0.05');
    expect(operations[2]!.minutes).toBe('3');
    expect(energy).toEqual([{ id: 'ps-a-energy', name: 'Электроэнергия: Станок', unit: 'кВт·ч', qty: '4.5', price: '8.5', article: 'energy' }]);
  });
});
