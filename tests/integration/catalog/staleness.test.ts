// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CatalogItem, RecalcReportLine, WorkCentre } from '@/lib/schemas/catalog';
import { fileObjects, fileShares } from '@/lib/server/db/schema';
import { eq } from 'drizzle-orm';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier, type Body } from './helpers';

const suite = productSuite();

const spec = (name: string, materials: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials,
  operations: [],
  ...extra,
});

const create = async (user: TestUser, doc: object) => (await ok<{ id: string; version: number }>(suite.ctx, user, 'specs/create', { doc, root: null })).id;
const status = (user: TestUser, id: string) => ok<{ stale: boolean; items: { id: string }[]; nested: { id: string }[]; processSet: unknown }>(suite.ctx, user, 'specs/status', { id });

async function waitRun(user: TestUser, runId: string) {
  return waitUntil(
    async () => {
      const s = await ok<{ state: string; done: number; total: number; report: RecalcReportLine[] }>(suite.ctx, user, 'catalog/recalc-status', { runId });
      return s.state !== 'running' && s;
    },
    { what: '«Пересчитать все» to end' },
  );
}

describe(`catalog staleness, «Цена на дату», «Пересчитать все» (${testDriver()})`, () => {
  it('a price change marks users of the item through two levels; «Пересчитать все» brings them up to date bottom-up', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Лес»');
    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Брус 50×50', unit: 'м', preferredSupplierId: sup });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '100', validFrom: '2026-01-01' });
    const semi = await create(alice, spec('Рама', [{ id: 'b', name: 'брус', unit: 'м', qty: '2', price: '100', itemId: item.id }]));
    const top = await create(alice, spec('Стол', [{ id: 's', name: 'Рама', unit: 'шт', qty: '1', specId: semi }, { id: 'f', name: 'Лак', unit: 'л', qty: '1', price: '10' }]));
    const other = await create(alice, spec('Табурет', [{ id: 'x', name: 'Лак', unit: 'л', qty: '1', price: '10' }]));
    expect((await status(alice, top)).stale).toBe(false);

    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '150', validFrom: '2026-02-01' });
    const s1 = await status(alice, semi);
    expect(s1).toMatchObject({ stale: true, items: [{ id: item.id }] });
    const s2 = await status(alice, top);
    expect(s2).toMatchObject({ stale: true, items: [], nested: [{ id: semi }] });
    expect((await status(alice, other)).stale).toBe(false);
    const stale = await ok<{ specs: { id: string }[] }>(ctx, alice, 'catalog/stale', {});
    expect(stale.specs.map((s) => s.id).sort()).toEqual([semi, top].sort());

    // «Цена на дату»: in January the old price, today the new one; nothing saved.
    const jan = await ok<{ costOnDate: string; savedCost: string; lines: { price: string; missing: boolean }[] }>(ctx, alice, 'catalog/spec-on-date', { id: semi, date: '2026-01-15' });
    expect(jan.costOnDate).toBe(jan.savedCost);
    expect(jan.lines[0]).toMatchObject({ price: '100.00', missing: false });
    const later = await ok<{ costOnDate: string; savedCost: string; changePct: string }>(ctx, alice, 'catalog/spec-on-date', { id: semi, date: '2026-03-01' });
    expect(Number(later.costOnDate)).toBeGreaterThan(Number(later.savedCost));
    const byCost = await ok<{ result: { perUnit: { fullCost: string } } }>(ctx, alice, 'cost/calculate', { spec: { specId: semi }, priceDate: '2026-03-01' });
    expect(byCost.result.perUnit.fullCost).toBe(later.costOnDate);
    const none = await ok<{ lines: { missing: boolean }[] }>(ctx, alice, 'catalog/spec-on-date', { id: semi, date: '2025-06-01' });
    expect(none.lines[0]!.missing).toBe(true);

    const refused = await callProduct<Body>(ctx, alice, 'catalog/items/delete', { id: item.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ITEM_IN_USE', specs: [{ id: semi, name: 'Рама' }] });
    expect(refused.body.msg).toContain('«Рама»');

    const { runId } = await ok<{ runId: string }>(ctx, alice, 'catalog/recalc-all', {});
    const run = await waitRun(alice, runId);
    expect(run).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(run.report.map((l) => l.id)).toEqual([semi, top]);
    for (const l of run.report) {
      expect(l.error).toBeNull();
      expect(Number(l.newCost)).toBeGreaterThan(Number(l.oldCost));
      expect(Number(l.changePct)).toBeGreaterThan(0);
    }
    expect(run.report[0]!.newCost).toBe(later.costOnDate);
    const [saved] = await ctx.db.select({ metadata: fileObjects.metadata, version: fileObjects.version }).from(fileObjects).where(eq(fileObjects.id, semi));
    expect(JSON.parse(saved!.metadata).materials[0]).toMatchObject({ itemId: item.id, name: 'Брус 50×50', price: '150.00' });
    expect(saved!.version).toBe(2);
    expect((await ok<{ specs: unknown[] }>(ctx, alice, 'catalog/stale', {})).specs).toEqual([]);
    expect((await status(alice, top)).stale).toBe(false);
    const { items } = await ok<{ items: { id: string; fullCost: string; stale: boolean }[] }>(ctx, alice, 'specs/costs', { ids: [top] });
    expect(items[0]).toMatchObject({ stale: false, fullCost: run.report[1]!.newCost });
  });

  it('a shared specification is priced from the catalogue of the user who calculates, never the owner\'s', async () => {
    const { ctx, alice, bob } = suite;
    const [supA, supB] = [await supplier(ctx, alice, 'ООО «А»'), await supplier(ctx, bob, 'ООО «Б»')];
    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Фанера 10 мм', article: 'ФН-10', unit: 'лист', preferredSupplierId: supA });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: supA, price: '200', validFrom: '2026-01-01' });
    const sp = await create(alice, spec('Ящик', [{ id: 'f', name: 'Фанера 10 мм', unit: 'лист', qty: '1', price: '100', itemId: item.id }]));
    await ctx.db.insert(fileShares).values({ objectId: sp, userId: bob.user.id, access: 'read' });
    const priceOf = async (u: TestUser) => (await ok<{ lines: { price: string | null; missing: boolean }[] }>(ctx, u, 'catalog/spec-on-date', { id: sp, date: '2026-03-01' })).lines[0]!;
    expect((await priceOf(alice)).price).toBe('200.00');
    // Bob has no such item: the saved price stays (Alice's 200 is not his).
    expect(await priceOf(bob)).toMatchObject({ price: null, missing: true });
    // Bob's own item of the same article: his price.
    const { item: his } = await ok<{ item: CatalogItem }>(ctx, bob, 'catalog/items/create', { name: 'Фанера берёзовая', article: 'фн-10', unit: 'лист', preferredSupplierId: supB });
    await ok(ctx, bob, 'catalog/prices/add', { itemId: his.id, supplierId: supB, price: '300', validFrom: '2026-01-01' });
    expect((await priceOf(bob)).price).toBe('300.00');
    expect((await priceOf(alice)).price).toBe('200.00');
  });

  it('a new work-centre rate reaches every process set using it', async () => {
    const { ctx, alice, bob } = suite;
    const { workCentre } = await ok<{ workCentre: WorkCentre }>(ctx, alice, 'catalog/work-centres/create', { name: 'Раскрой', hourlyRate: '500', machineHourRate: '200' });
    const { set } = await ok<{ set: { id: string } }>(ctx, alice, 'business-processes/save', {
      name: 'Корпус',
      steps: [{ id: 'p1', name: 'Раскрой плиты', time: '30', timeUnit: 'мин', rate: '500', workCentreId: workCentre.id, equipment: { machineRate: '200' } }],
    });
    const setId = set.id;
    const sp = await create(alice, spec('Шкаф', [{ id: 'l', name: 'Лак', unit: 'л', qty: '1', price: '10' }], { processSetId: setId }));
    // A specification's operation pointing at the centre: a new name or notes leave it current, a new rate does not.
    const op = { id: 'o', name: 'Раскрой', hours: '1', rate: '500', machineHours: '1', machineRate: '200', workCentreId: workCentre.id };
    const polka = await create(alice, spec('Полка', [], { operations: [op] }));
    const renamed = await ok<{ workCentre: WorkCentre }>(ctx, alice, 'catalog/work-centres/update', { ...workCentre, name: 'Раскрой плит', notes: 'Форматник' });
    expect((await status(alice, polka)).stale).toBe(false);
    const upd = await ok<{ workCentre: WorkCentre; processSets: { id: string }[] }>(ctx, alice, 'catalog/work-centres/update', { ...renamed.workCentre, hourlyRate: '600' });
    expect((await status(alice, polka)).stale).toBe(true);
    expect(upd.processSets.map((p) => p.id)).toEqual([setId]);
    const { sets } = await ok<{ sets: { id: string; steps: { rate: string; equipment?: { machineRate?: string } }[] }[] }>(ctx, alice, 'business-processes/list', {});
    expect(sets.find((p) => p.id === setId)!.steps[0]).toMatchObject({ rate: '600.00', equipment: { machineRate: '200.00' } });
    expect((await status(alice, sp)).processSet).toMatchObject({ id: setId });
    const stale = await callProduct<Body>(ctx, alice, 'catalog/work-centres/update', { ...workCentre, hourlyRate: '700' });
    expect(stale.status).toBe(409);
    const inUse = await callProduct<Body>(ctx, alice, 'catalog/work-centres/delete', { id: workCentre.id });
    expect(inUse.body).toMatchObject({ code: 'WORK_CENTRE_IN_USE', processSets: [{ id: setId }] });
    expect((await callProduct<Body>(ctx, bob, 'catalog/work-centres/delete', { id: workCentre.id })).status).toBe(404);
  });
});
