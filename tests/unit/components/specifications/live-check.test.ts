// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calculateCost, type CostParams, type SpecDocument } from '@/lib/domain/cost';
import { asSpecDocument, specificationSchema } from '@/lib/schemas/specification';
import { basisOf, createLiveCheck } from '@/components/specifications/live-check';

const RATES = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

const shelf: SpecDocument = {
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm1', name: 'Щит мебельный', unit: 'м²', qty: '0,40', wastePct: '10', price: '2 000,00' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150', article: 'purchased', priceIncludesVat: true },
    { id: 'm3', name: 'Стружка', unit: 'кг', qty: '2', wastePct: '5', price: '10', returnable: { price: '1' } },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500', machineHours: '0.5', machineRate: '300' }],
};

const server = (doc: SpecDocument, params: CostParams) => calculateCost(asSpecDocument(specificationSchema.parse(doc)), params, { rates: RATES });

describe('live checks and totals in the editor', () => {
  const cases: [string, CostParams][] = [
    ['ОСНО', { additionalWagePct: '10', shop: { pct: '100', base: 'wages' }, general: { pct: '50', base: 'wages' }, sellingPct: '5', markupPct: '30', taxRegime: 'osno' }],
    ['УСН 6 %', { additionalWagePct: '12', taxRegime: 'usn6', marginPct: '20' }],
    ['УСН с НДС 5 %', { taxRegime: 'usn-vat5', purchaseVatPct: '10' }],
    ['ставка задана', { taxRegime: 'osno', vatRatePct: '10', price: '5000' }],
  ];
  it.each(cases)('a local run with the basis of the server answer gives the same result (%s)', (_t, params) => {
    const expected = server(shelf, params);
    const live = createLiveCheck();
    const { errors, parsed } = live.check(shelf);
    expect(errors).toEqual({});
    expect(live.totals(parsed!, basisOf(params, expected))).toEqual(expected);
  });

  it('reports field errors by document path; an edited line is checked again, the others come from the cache', () => {
    const live = createLiveCheck();
    const bad: SpecDocument = { ...shelf, name: '', materials: [shelf.materials[0]!, { ...shelf.materials[1]!, qty: 'много' }, { ...shelf.materials[2]!, id: 'm1' }] };
    const r = live.check(bad);
    expect(r.parsed).toBeNull();
    expect(Object.keys(r.errors).sort()).toEqual(['materials.1.qty', 'materials.2.id', 'name']);
    const fixed = { ...bad, name: 'Полка', materials: [bad.materials[0]!, { ...bad.materials[1]!, qty: '2' }, { ...bad.materials[2]!, id: 'm3' }] };
    const ok = live.check(fixed);
    expect(ok.errors).toEqual({});
    expect(ok.parsed!.materials[1]!.qty).toBe('2');
    expect(ok.parsed!.materials[0]!.qty).toBe('0.4');
    // the same line objects are not parsed again: the parsed lines are the cached ones
    const again = live.check({ ...fixed, materials: [fixed.materials[0]!, { ...fixed.materials[1]! }, fixed.materials[2]!] });
    expect(again.parsed!.materials[0]).toBe(ok.parsed!.materials[0]);
    expect(again.parsed!.materials[1]).not.toBe(ok.parsed!.materials[1]);
  });

  it('leaves nested specifications, process sets and work centres to the server', () => {
    const live = createLiveCheck();
    const params: CostParams = { taxRegime: 'osno' };
    const basis = basisOf(params, server(shelf, params));
    const nested = live.check({ ...shelf, materials: [...shelf.materials, { id: 'n', name: 'Каркас', unit: 'шт', qty: '1', specId: 'frame' }] }).parsed!;
    expect(live.totals(nested, basis)).toBeNull();
    expect(live.totals(live.check({ ...shelf, processSetId: 'set' }).parsed!, basis)).toBeNull();
    // An operation on a work centre: the server takes the centre's current rate, the line holds the saved one.
    const onCentre = live.check({ ...shelf, operations: [{ ...shelf.operations[0]!, workCentreId: '0b6f1c3e-8a41-4c2d-9f07-5d2e4a6b7c81' }] }).parsed!;
    expect(live.totals(onCentre, basis)).toBeNull();
    expect(live.totals(live.check(shelf).parsed!, basis)).not.toBeNull();
  });
});
