// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { centreRatesOf, withCentreRates, type CentreRates } from '@/lib/domain/catalog/work-centre-rate';
import { calculateCost, type CostParams, type Operation, type SpecDocument } from '@/lib/domain/cost';

const WC = '0b6f1c3e-8a41-4c2d-9f07-5d2e4a6b7c81';
const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };
const params: CostParams = { additionalWagePct: '10', contributionsPct: '30', accidentPct: '0.2', shop: { base: 'machineHours', pct: undefined, rate: '150' }, general: { base: 'wages', pct: '80' }, markupPct: '20' };

const doc = (operations: Operation[]): SpecDocument => ({
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  outputQty: '4',
  materials: [{ id: 'm', name: 'ЛДСП 16 мм', unit: 'м²', qty: '2,4', price: '650' }],
  operations,
});

describe('an operation on a work centre', () => {
  it('takes the centre\'s hourly rate, and its machine-hour rate when the centre has one or the line had its own', () => {
    const centre: CentreRates = { hourlyRate: '612.50', machineHourRate: '240.00' };
    expect(centreRatesOf({}, centre)).toEqual({ rate: '612.50', machineRate: '240.00' });
    const labourOnly: CentreRates = { hourlyRate: '480.00', machineHourRate: '0.00' };
    expect(centreRatesOf({}, labourOnly)).toEqual({ rate: '480.00' });
    expect(centreRatesOf({ machineRate: '' }, labourOnly)).toEqual({ rate: '480.00' });
    // A line with its own machine rate gets the centre's «none» — the centre's figures rule the line.
    expect(centreRatesOf({ machineRate: '100' }, labourOnly)).toEqual({ rate: '480.00', machineRate: '0.00' });
    const op: Operation = { id: 'o', name: 'Раскрой', hours: '1,5', rate: '500', machineHours: '1', machineRate: '200', workCentreId: WC };
    expect(withCentreRates(op, new Map([[WC, centre]]))).toEqual({ ...op, rate: '612.50', machineRate: '240.00' });
    // Unknown centre (gone, or another user's without a namesake): the saved rates stay, the same object.
    expect(withCentreRates(op, new Map())).toBe(op);
    const free: Operation = { id: 'f', name: 'Сборка', hours: '2', rate: '300' };
    expect(withCentreRates(free, new Map([[WC, centre]]))).toBe(free);
  });

  it('is calculated by the engine exactly as the same rates typed by hand', () => {
    const centres = new Map([[WC, { hourlyRate: '612.50', machineHourRate: '240.00' }]]);
    const linked = doc([
      withCentreRates({ id: 'o1', name: 'Раскрой', hours: '1,5', rate: '500', machineHours: '0,75', workCentreId: WC }, centres),
      { id: 'o2', name: 'Сборка', hours: '2', rate: '300' },
    ]);
    const typed = doc([
      { id: 'o1', name: 'Раскрой', hours: '1,5', rate: '612,50', machineHours: '0,75', machineRate: '240' },
      { id: 'o2', name: 'Сборка', hours: '2', rate: '300' },
    ]);
    const a = calculateCost(linked, params, { rates });
    const b = calculateCost(typed, params, { rates });
    expect(a).toEqual(b);
    // 1,5 ч × 612,50 = 918,75 + 2 ч × 300 = 600; 0,75 маш.-ч × 240 = 180,00.
    expect(a.perOutput.articles['5']).toBe('1518.75');
    expect(a.perOutput.articles['9']).toBe('180.00');
    expect(a.lines.find((l) => l.id === 'o1')!.formula).toBe('1,5 ч × 612,50 ₽/ч = 918,75');
    // The saved rate (500) is not what the engine took.
    const saved = calculateCost(doc([{ id: 'o1', name: 'Раскрой', hours: '1,5', rate: '500', machineHours: '0,75', workCentreId: WC }, { id: 'o2', name: 'Сборка', hours: '2', rate: '300' }]), params, { rates });
    expect(saved.perOutput.articles['5']).toBe('1350.00');
  });
});
