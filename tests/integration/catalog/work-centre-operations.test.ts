// @vitest-environment node
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RecalcReportLine, WorkCentre } from '@/lib/schemas/catalog';
import { fileObjects, fileShares } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { waitUntil } from '../../helpers/wait-until';
import { ok, type Body } from './helpers';

const suite = productSuite();

type Op = Record<string, unknown>;
type Result = { perUnit: { fullCost: string }; perOutput: { articles: Record<string, string> }; lines: { id: string; formula: string }[] };

const spec = (name: string, operations: Op[], materials: Record<string, unknown>[] = []) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '2',
  materials: [{ id: 'm', name: 'ЛДСП 16 мм', unit: 'м²', qty: '1,2', price: '650' }, ...materials],
  operations,
});
const cutting = (rate: string, extra: Op = {}): Op => ({ id: 'o1', name: 'Раскрой', hours: '1,5', rate, machineHours: '0,75', ...extra });
const assembly: Op = { id: 'o2', name: 'Сборка', hours: '2', rate: '300' };

const create = async (user: TestUser, doc: object) => (await ok<{ id: string }>(suite.ctx, user, 'specs/create', { doc, root: null })).id;
const calc = async (user: TestUser, s: object) => (await ok<{ result: Result }>(suite.ctx, user, 'cost/calculate', { spec: s, params: {} })).result;
const centre = async (user: TestUser, name: string, hourlyRate: string, machineHourRate: string) =>
  (await ok<{ workCentre: WorkCentre }>(suite.ctx, user, 'catalog/work-centres/create', { name, hourlyRate, machineHourRate })).workCentre;
const status = (user: TestUser, id: string) => ok<{ stale: boolean; items: { id: string; name: string }[]; nested: { id: string }[] }>(suite.ctx, user, 'specs/status', { id });
const listCost = async (user: TestUser, id: string) => (await ok<{ items: { id: string; fullCost: string | null; stale: boolean; error: string | null }[] }>(suite.ctx, user, 'specs/costs', { ids: [id] })).items[0]!;

describe(`an operation of a specification on a work centre (${testDriver()})`, () => {
  it('is calculated at the caller\'s centre\'s rate exactly as that rate typed; a shared specification takes the reader\'s own centre of that name', async () => {
    const { ctx, alice, bob } = suite;
    const wc = await centre(alice, 'Раскрой', '612.50', '240');
    // Saved at an older rate (500, machine 200): the calculation takes the centre's 612,50 and 240,00.
    const linked = await create(alice, spec('Полка', [cutting('500', { machineRate: '200', workCentreId: wc.id }), assembly]));
    const typed = await calc(alice, spec('Полка', [cutting('612,50', { machineRate: '240' }), assembly]));
    const got = await calc(alice, { specId: linked });
    expect(got).toEqual(typed);
    // 1,5 ч × 612,50 = 918,75 + 2 ч × 300 = 600,00; 0,75 маш.-ч × 240,00 = 180,00.
    expect(got.perOutput.articles['5']).toBe('1518.75');
    expect(got.perOutput.articles['9']).toBe('180.00');
    expect(got.lines.find((l) => l.id === 'o1')!.formula).toBe('1,5 ч × 612,50 ₽/ч = 918,75');
    // A document sent whole (the editor's draft) is resolved the same way; the list shows the same figure.
    expect(await calc(alice, spec('Полка', [cutting('1', { workCentreId: wc.id }), assembly]))).toEqual(typed);
    expect(await listCost(alice, linked)).toMatchObject({ fullCost: typed.perUnit.fullCost, error: null });
    // The same specification nested as a semi-finished good is priced at the centre's rate too.
    const typedShelf = await create(alice, spec('Полка (вручную)', [cutting('612,50', { machineRate: '240' }), assembly]));
    const rack = (id: string) => spec('Стеллаж', [], [{ id: 's', name: 'Полка', unit: 'шт', qty: '2', specId: id }]);
    const [onCentre, byHand] = [await calc(alice, rack(linked)), await calc(alice, rack(typedShelf))];
    expect(onCentre.perOutput.articles).toEqual(byHand.perOutput.articles);
    expect(onCentre.perUnit).toEqual(byHand.perUnit);

    // Bob reads Alice's specification: her centre's rate is not his; with none of that name the saved rate stays.
    await ctx.db.insert(fileShares).values({ objectId: linked, userId: bob.user.id, access: 'read' });
    const saved = await calc(bob, spec('Полка', [cutting('500', { machineRate: '200' }), assembly]));
    expect(await calc(bob, { specId: linked })).toEqual(saved);
    await centre(bob, 'Раскрой', '700', '0');
    const his = await calc(bob, spec('Полка', [cutting('700', { machineRate: '0' }), assembly]));
    expect(await calc(bob, { specId: linked })).toEqual(his);
    expect((await calc(bob, { specId: linked })).perOutput.articles['9']).toBe('0.00');
    expect(await calc(alice, { specId: linked })).toEqual(typed);

    // Not an id of a work centre: a Russian message on the field, not a 500.
    const bad = await callProduct<Body>(ctx, alice, 'cost/calculate', { spec: spec('Полка', [cutting('500', { workCentreId: 'Раскрой' })]), params: {} });
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.['spec.operations.0.workCentreId']).toBe('Рабочий центр операции не найден — выберите его заново.');
  });

  it('a new rate of the centre marks the specification «цены устарели», reaches its cost at once, and «Пересчитать все» writes it into the line', async () => {
    const { ctx, alice } = suite;
    const wc = await centre(alice, 'Фрезеровка', '600', '0');
    const shelf = await create(alice, spec('Полка фрезерованная', [cutting('600', { workCentreId: wc.id }), assembly]));
    const rack = await create(alice, spec('Стеллаж большой', [], [{ id: 's', name: 'Полка', unit: 'шт', qty: '2', specId: shelf }]));
    const other = await create(alice, spec('Табурет', [assembly]));
    expect((await status(alice, shelf)).stale).toBe(false);
    const before = await calc(alice, { specId: shelf });

    const upd = await ok<{ msg: string; workCentre: WorkCentre; specs: { id: string; name: string }[] }>(ctx, alice, 'catalog/work-centres/update', { ...wc, hourlyRate: '660', machineHourRate: '120' });
    expect(upd.specs).toEqual([{ id: shelf, name: 'Полка фрезерованная' }]);
    expect(upd.msg).toContain('отмечены «цены устарели»: 1');
    expect(await status(alice, shelf)).toMatchObject({ stale: true, items: [{ id: wc.id, name: 'Фрезеровка' }] });
    expect(await status(alice, rack)).toMatchObject({ stale: true, nested: [{ id: shelf }] });
    expect((await status(alice, other)).stale).toBe(false);
    const stale = await ok<{ specs: { id: string }[] }>(ctx, alice, 'catalog/stale', {});
    expect(stale.specs.map((s) => s.id).sort()).toEqual([shelf, rack].sort());

    // Every calculation takes the new rate at once, as a process set's operations do.
    const now = await calc(alice, { specId: shelf });
    expect(now).toEqual(await calc(alice, spec('Полка фрезерованная', [cutting('660', { machineRate: '120' }), assembly])));
    expect(now.perOutput.articles['5']).toBe('1590.00');
    expect(now.perOutput.articles['9']).toBe('90.00');
    expect(now.perUnit.fullCost).not.toBe(before.perUnit.fullCost);
    expect(await listCost(alice, shelf)).toMatchObject({ fullCost: now.perUnit.fullCost, stale: true });

    const { runId } = await ok<{ runId: string }>(ctx, alice, 'catalog/recalc-all', {});
    const run = await waitUntil(
      async () => {
        const s = await ok<{ state: string; report: RecalcReportLine[] }>(ctx, alice, 'catalog/recalc-status', { runId });
        return s.state !== 'running' && s;
      },
      { what: '«Пересчитать все» to end' },
    );
    expect(run.state).toBe('done');
    expect(run.report.map((l) => l.id)).toEqual([shelf, rack]);
    // Before: as saved (600); after: the centre's 660 and 120 — the figure every calculation gives now.
    expect(run.report[0]).toMatchObject({ oldCost: before.perUnit.fullCost, newCost: now.perUnit.fullCost, error: null });
    const [row] = await ctx.db.select({ metadata: fileObjects.metadata, version: fileObjects.version }).from(fileObjects).where(eq(fileObjects.id, shelf));
    expect(JSON.parse(row!.metadata).operations[0]).toMatchObject({ id: 'o1', rate: '660.00', machineRate: '120.00', workCentreId: wc.id, hours: '1.5' });
    expect(row!.version).toBe(2);
    expect((await status(alice, shelf)).stale).toBe(false);
    expect((await status(alice, rack)).stale).toBe(false);
    expect(await listCost(alice, shelf)).toMatchObject({ fullCost: now.perUnit.fullCost, stale: false });

    // A centre an operation uses is not deleted (its figures would be lost): archive it instead.
    const refused = await callProduct<Body>(ctx, alice, 'catalog/work-centres/delete', { id: wc.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'WORK_CENTRE_IN_USE', processSets: [], specs: [{ id: shelf, name: 'Полка фрезерованная' }] });
    expect(refused.body.msg).toBe('Рабочий центр используется в операциях спецификаций: «Полка фрезерованная». Удалить его нельзя — отправьте его в архив.');
  });
});
