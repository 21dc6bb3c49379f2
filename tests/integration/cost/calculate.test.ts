// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileObjects } from '@/lib/server/db/schema';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ownWorkshop } from '../companies/fixtures';
import { shelf, shelfParams } from './fixtures';

const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

const call = (user: TestUser | null, path: string, body: unknown): Promise<Answer> =>
  callProduct<Answer['body']>(suite.ctx, user, path, body);

async function storeSpec(owner: TestUser, id: string, doc: unknown) {
  await suite.ctx.db.insert(fileObjects).values({
    id,
    ownerId: owner.user.id,
    name: (doc as { name: string }).name,
    searchName: (doc as { name: string }).name.toLowerCase(),
    type: 'specifications',
    kind: 'file',
    metadata: JSON.stringify(doc),
  });
}

describe(`POST /api/v1/cost/calculate (${testDriver()})`, () => {
  it('needs sign-in', async () => {
    const r = await call(null, 'cost/calculate', { spec: shelf, params: shelfParams });
    expect(r.status).toBe(401);
    expect(r.body.ok).toBe(false);
  });

  it('«Полка»: полная 2 313,02, с НДС 3 668,45 (VAT 22 % from the dated table)', async () => {
    const r = await call(suite.alice, 'cost/calculate', { spec: shelf, params: shelfParams, date: '2026-03-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const u = r.body.result.perUnit;
    expect(u.articles['7']).toBe('132.88');
    expect(u.workshopCost).toBe('2002.88');
    expect(u.productionCost).toBe('2202.88');
    expect(u.fullCost).toBe('2313.02');
    expect(u.priceNoVat).toBe('3006.93');
    expect(u.vat).toBe('661.52');
    expect(u.priceWithVat).toBe('3668.45');
    expect(r.body.result.vatRatePct).toBe('22');
    expect(r.body.result.lines.length).toBeGreaterThan(3);
  });

  it('takes the rate in force on the date: 20 % in 2025', async () => {
    const r = await call(suite.alice, 'cost/calculate', { spec: shelf, params: shelfParams, date: '2025-06-30' });
    expect(r.body.result.vatRatePct).toBe('20');
    expect(r.body.result.perUnit.vat).toBe('601.39');
    const usn = await call(suite.alice, 'cost/calculate', { spec: shelf, params: { ...shelfParams, taxRegime: 'usn-vat5' }, date: '2026-03-01' });
    expect(usn.body.result.vatRatePct).toBe('5');
  });

  it('nested specs from the `specs` map and from storage; a cycle is refused with its path', async () => {
    const frame = { schemaVersion: 1, name: 'Каркас', unit: 'шт', outputQty: '2', materials: [{ id: 'b', name: 'Брус', unit: 'м', qty: '4', price: '100' }], operations: [] };
    const table = { schemaVersion: 1, name: 'Стол', unit: 'шт', materials: [{ id: 'f', name: 'Каркас', unit: 'шт', qty: '1', specId: 'frame-1', article: 'purchased' }], operations: [] };
    // By статьи (default) the frame's Брус (400.00 for 2) is статья 1 of the table: 200.00; as a
    // semi-finished good (полуфабрикатный) it is one line of статья 3 at its производственная 200.00.
    const given = await call(suite.alice, 'cost/calculate', { spec: table, specs: { 'frame-1': frame }, params: {} });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.result.perUnit.articles['1']).toBe('200.00');
    const semi = await call(suite.alice, 'cost/calculate', { spec: table, specs: { 'frame-1': frame }, params: { semiFinishedMethod: 'semi' } });
    expect(semi.body.result.perUnit.articles['3']).toBe('200.00');

    await storeSpec(suite.alice, 'stored-frame', frame);
    await storeSpec(suite.alice, 'stored-table', { ...table, materials: [{ ...table.materials[0], specId: 'stored-frame' }] });
    const stored = await call(suite.alice, 'cost/calculate', { spec: { specId: 'stored-table' }, params: {} });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.result.perUnit.articles['1']).toBe('200.00');
    expect(stored.body.result.name).toBe('Стол');

    // Bob cannot read Alice's specs: the root is 404, a nested one is 422.
    expect((await call(suite.bob, 'cost/calculate', { spec: { specId: 'stored-table' }, params: {} })).status).toBe(404);
    const nested = await call(suite.bob, 'cost/calculate', { spec: { ...table, materials: [{ ...table.materials[0], specId: 'stored-frame' }] }, params: {} });
    expect(nested.status).toBe(422);
    expect(nested.body.code).toBe('NESTED_SPEC_NOT_FOUND');

    const a = { ...table, name: 'А', materials: [{ id: '1', name: 'Б', unit: 'шт', qty: '1', specId: 'b' }] };
    const b = { ...table, name: 'Б', materials: [{ id: '1', name: 'А', unit: 'шт', qty: '1', specId: 'a' }] };
    const cyc = await call(suite.alice, 'cost/calculate', { spec: { specId: 'a' }, specs: { a, b }, params: {} });
    expect(cyc.status).toBe(422);
    expect(cyc.body.code).toBe('SPEC_CYCLE');
    expect(cyc.body.path).toEqual(['a', 'b', 'a']);
    expect(cyc.body.msg).toContain('«А» → «Б» → «А»');
  });

  it('three levels from storage by either method; the method is in the result and in saved defaults', async () => {
    const erin = await createTestUser(suite.ctx);
    // Ножка for 4: 1 = 100.00, 5 = 400.00, 9 = 100.00; Подстолье: 4 ножки, 1 = 300.00, 5 = 300.00, 9 = 100.00;
    // Стол: 1 подстолье, 1 = 2 500.00, 5 = 500.00. ОПР 100 % and ОХР 50 % of основная ЗП, коммерческие 5 %.
    const leg = { schemaVersion: 1, name: 'Ножка', unit: 'шт', outputQty: '4', materials: [{ id: 'l1', name: 'Брусок', unit: 'м', qty: '2', price: '50' }], operations: [{ id: 'lo', name: 'Точение', hours: '1', rate: '400', machineHours: '0.5', machineRate: '200' }] };
    const base = {
      schemaVersion: 1, name: 'Подстолье', unit: 'шт',
      materials: [{ id: 'b1', name: 'Ножка', unit: 'шт', qty: '4', specId: 'it-leg' }, { id: 'b2', name: 'Царга', unit: 'м', qty: '3', price: '100' }],
      operations: [{ id: 'bo', name: 'Сборка подстолья', hours: '0.5', rate: '600', machineHours: '0.25', machineRate: '400' }],
    };
    const table = {
      schemaVersion: 1, name: 'Стол', unit: 'шт',
      materials: [{ id: 't1', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' }, { id: 't2', name: 'Подстолье', unit: 'шт', qty: '1', specId: 'it-base' }],
      operations: [{ id: 'to', name: 'Сборка', hours: '1', rate: '500' }],
    };
    await storeSpec(erin, 'it-leg', leg);
    await storeSpec(erin, 'it-base', base);
    const params = { additionalWagePct: '10', shop: { pct: '100', base: 'wages' }, general: { pct: '50', base: 'wages' }, sellingPct: '5', taxRegime: 'osno' };

    const flow = await call(erin, 'cost/calculate', { spec: table, params, date: '2026-03-01' });
    expect(flow.status, JSON.stringify(flow.body)).toBe(200);
    expect(flow.body.result.semiFinishedMethod).toBe('flow');
    // 5 = 500 + 300 + 400 = 1 200.00 → ОПР 1 200.00, ОХР 600.00; полная 6 949.57
    expect(flow.body.result.perUnit.articles).toMatchObject({ '1': '2900.00', '3': '0.00', '5': '1200.00', '10': '1200.00', '11': '600.00' });
    expect(flow.body.result.perUnit.fullCost).toBe('6949.57');
    expect(flow.body.result.nested.map((n: { name: string }) => n.name)).toEqual(['Ножка', 'Подстолье']);
    expect(flow.body.result.nested[1].lines.some((l: { id: string }) => l.id === 'b1.5')).toBe(true);

    const semi = await call(erin, 'cost/calculate', { spec: table, params: { ...params, semiFinishedMethod: 'semi' }, date: '2026-03-01' });
    expect(semi.body.result.semiFinishedMethod).toBe('semi');
    // Подстолье at its производственная 2 652.54 (статья 3); the same полная with overheads on wages
    expect(semi.body.result.perUnit.articles).toMatchObject({ '3': '2652.54', '5': '500.00', '10': '500.00', '11': '250.00' });
    expect(semi.body.result.perUnit.fullCost).toBe('6949.57');
    expect(semi.body.result.lines.find((l: { id: string }) => l.id === 't2').name).toBe('Полуфабрикат собственного производства: Подстолье');

    // Saved defaults carry the method; an explicit one wins.
    expect((await call(erin, 'cost/defaults/save', { params: { ...params, semiFinishedMethod: 'semi' } })).status).toBe(200);
    expect((await call(erin, 'cost/defaults/get', {})).body.params.semiFinishedMethod).toBe('semi');
    expect((await call(erin, 'cost/calculate', { spec: table, params: {} })).body.result.semiFinishedMethod).toBe('semi');
    expect((await call(erin, 'cost/calculate', { spec: table, params: { semiFinishedMethod: 'flow' } })).body.result.semiFinishedMethod).toBe('flow');

    const bad = await call(erin, 'cost/calculate', { spec: table, params: { semiFinishedMethod: 'по-своему' } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields['params.semiFinishedMethod']).toMatch(/Метод учёта полуфабрикатов/);
  });

  it('bad input → 422 with Russian field messages, never 500', async () => {
    const bad = await call(suite.alice, 'cost/calculate', {
      spec: { ...shelf, materials: [{ ...shelf.materials[0], qty: 'много' }] },
      params: { ...shelfParams, marginPct: '10' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields['spec.materials.0.qty']).toMatch(/число/);
    expect(bad.body.fields['params.markupPct']).toMatch(/что-то одно/);
    const share = await call(suite.alice, 'cost/calculate', {
      spec: { ...shelf, materials: [{ ...shelf.materials[0], wasteMode: 'share', wastePct: '100' }] },
      params: {},
    });
    expect(share.status).toBe(422);
    expect(share.body.fields['spec.materials.0.wastePct']).toMatch(/меньше 100/);
    const noSpec = await call(suite.alice, 'cost/calculate', { params: {} });
    expect(noSpec.status).toBe(422);
  });

  it('uses saved defaults, and explicit params win', async () => {
    const saved = await call(suite.bob, 'cost/defaults/save', { params: { ...shelfParams, markupPct: undefined, sellingPct: '5' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const got = await call(suite.bob, 'cost/defaults/get', {});
    expect(got.body.source).toEqual({ kind: 'user' });
    const r = await call(suite.bob, 'cost/calculate', { spec: shelf, params: { markupPct: '30' }, date: '2026-03-01' });
    expect(r.body.result.perUnit.priceWithVat).toBe('3668.45');
    const over = await call(suite.bob, 'cost/calculate', { spec: shelf, params: { sellingPct: '0' }, date: '2026-03-01' });
    expect(over.body.result.perUnit.fullCost).toBe('2202.88');
  });

  it('scenarios: save, list, update with version, delete', async () => {
    const s = await call(suite.alice, 'cost/scenarios/save', { name: 'Полка 30 %', spec: shelf, params: shelfParams });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const id = s.body.scenario.id;
    const list = await call(suite.alice, 'cost/scenarios/list', {});
    expect(list.body.scenarios.map((x: { id: string }) => x.id)).toContain(id);
    expect((await call(suite.bob, 'cost/scenarios/list', {})).body.scenarios).toEqual([]);
    const upd = await call(suite.alice, 'cost/scenarios/save', { id, version: 1, name: 'Полка 40 %', spec: shelf, params: { ...shelfParams, markupPct: '40' } });
    expect(upd.body.scenario.version).toBe(2);
    const stale = await call(suite.alice, 'cost/scenarios/save', { id, version: 1, name: 'x', spec: shelf, params: {} });
    expect(stale.status).toBe(409);
    expect((await call(suite.bob, 'cost/scenarios/delete', { id })).status).toBe(404);
    expect((await call(suite.alice, 'cost/scenarios/delete', { id })).status).toBe(200);
  });

  it('an own company\'s costing and tax regime are the defaults', async () => {
    const carol = await createTestUser(suite.ctx);
    const created = await call(carol, 'companies/create', ownWorkshop);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const d = await call(carol, 'cost/defaults/get', {});
    expect(d.body.source).toMatchObject({ kind: 'company', name: 'ИП Иванов И. И.' });
    expect(d.body.params).toMatchObject({ taxRegime: 'usn15', additionalWagePct: '10', general: { base: 'direct', pct: '50' } });
    const r = await call(carol, 'cost/calculate', { spec: shelf, params: {}, date: '2026-03-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // УСН: supplier VAT in the cost (880 × 1,22 = 1 073,60; 150 × 1,22 = 183,00), no output VAT
    expect(r.body.result.perUnit.articles['1']).toBe('1073.60');
    expect(r.body.result.perUnit.articles['3']).toBe('183.00');
    expect(r.body.result.vatRatePct).toBeNull();
    expect(r.body.result.perUnit.vat).toBe('0.00');
    expect(r.body.defaults.kind).toBe('company');
    // ОХР on direct costs: 50 % × (1 073,60 + 183,00 + 400 + 40 + 132,88) = 914,74
    expect(r.body.result.perUnit.articles['11']).toBe('914.74');
    // A company saved before the method could be chosen answers the calculation's default.
    expect(d.body.params.semiFinishedMethod).toBe('flow');
  });

  it('an own company chooses the semi-finished method, and it is the default of its calculations', async () => {
    const erin = await createTestUser(suite.ctx);
    const body = { ...ownWorkshop, costing: { ...ownWorkshop.costing, semiFinishedMethod: 'semi' } };
    const created = await call(erin, 'companies/create', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.company.costing.semiFinishedMethod).toBe('semi');
    expect((await call(erin, 'cost/defaults/get', {})).body.params.semiFinishedMethod).toBe('semi');
    const r = await call(erin, 'cost/calculate', { spec: shelf, params: {}, date: '2026-03-01' });
    expect(r.body.result.semiFinishedMethod).toBe('semi');
    const given = await call(erin, 'cost/calculate', { spec: shelf, params: { semiFinishedMethod: 'flow' }, date: '2026-03-01' });
    expect(given.body.result.semiFinishedMethod).toBe('flow');
    const bad = await call(erin, 'companies/create', { ...body, costing: { ...body.costing, semiFinishedMethod: 'half' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.fields)).toContain('costing.semiFinishedMethod');
  });
});

describe(`business-process sets (${testDriver()})`, () => {
  it('save, list with totals; a linked specification takes its operations and energy from the set', async () => {
    const dave = await createTestUser(suite.ctx);
    const steps = [
      { id: 's1', name: 'Раскрой', role: 'Столяр', time: '30', timeUnit: 'мин', rate: '600', workers: '2', equipment: { name: 'Станок', machineRate: '1 200', powerKw: '3', tariff: '8,5' } },
      { id: 's2', name: 'Сборка', time: '0.25', timeUnit: 'ч', rate: '500' },
    ];
    const saved = await call(dave, 'processes/save', { name: 'Мебельный цех', steps });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // labour 0,5 × 2 + 0,25 = 1,25 ч; wages 600,00 + 125,00; machine 0,5 × 1 200 = 600,00; energy 3 × 0,5 × 8,5 = 12,75
    expect(saved.body.set.totals).toEqual({ hours: '1.25', wages: '725.00', machine: '600.00', energy: '12.75', total: '1337.75' });
    const setId = saved.body.set.id;
    const list = await call(dave, 'processes/list', {});
    expect(list.body.sets).toHaveLength(1);
    expect((await call(suite.alice, 'processes/list', {})).body.sets).toEqual([]);

    const spec = { schemaVersion: 1, name: 'Шкаф', unit: 'шт', outputQty: '2', processSetId: setId, materials: [], operations: [] };
    const r = await call(dave, 'cost/calculate', { spec, params: { contributionsPct: '0', accidentPct: '0' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.perOutput.articles['5']).toBe('1450.00');
    expect(r.body.result.perOutput.articles['9']).toBe('1200.00');
    expect(r.body.result.perOutput.articles['4']).toBe('25.50');
    expect(r.body.result.perUnit.fullCost).toBe('1337.75');

    const missing = await call(suite.alice, 'cost/calculate', { spec, params: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('PROCESS_SET_NOT_FOUND');
    const bad = await call(dave, 'processes/save', { name: '', steps: [{ id: 'a', name: 'x', time: 'долго', rate: '1' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.fields['steps.0.time']).toMatch(/число/);
    expect((await call(dave, 'processes/delete', { id: setId })).status).toBe(200);
  });
});
