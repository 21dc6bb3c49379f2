// @vitest-environment node
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogItem, RecalcReportLine } from '@/lib/schemas/catalog';
import { activityEvents, fileObjects } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { productSuite } from '../../helpers/product';
import { waitUntil } from '../../helpers/wait-until';
import { ok, supplier } from '../catalog/helpers';

const suite = productSuite();

const spec = (name: string, materials: Record<string, unknown>[]) => ({ schemaVersion: 1, name, unit: 'шт', outputQty: '1', materials, operations: [] });

type Summary = { weeks: { counts: Record<string, number> }[]; totals: Record<string, number>; achievements: { id: string; done: number }[] };

describe(`«Мой прогресс» counts the versions a recalculation writes as saves (${testDriver()})`, () => {
  const savesOf = async (user: TestUser) => {
    const s = await ok<Summary>(suite.ctx, user, 'activity/summary', {});
    return { total: s.totals['spec.saved'], week: s.weeks.at(-1)!.counts['spec.saved'], tenSaves: s.achievements.find((a) => a.id === 'ten-saves')!.done };
  };
  const savedSubjects = async (user: TestUser) =>
    (await suite.ctx.db.select().from(activityEvents).where(eq(activityEvents.userId, user.user.id)))
      .filter((r) => r.kind === 'spec.saved')
      .map((r) => r.subjectId)
      .sort();
  const versionOf = async (id: string) => (await suite.ctx.db.select({ version: fileObjects.version }).from(fileObjects).where(eq(fileObjects.id, id)))[0]!.version;

  it('«Пересчитать все» and «Пересчитать» add one save per new version, like a manual save', async () => {
    const { ctx, alice, bob } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Лес»');
    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Брус 50×50', unit: 'м', preferredSupplierId: sup });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '100', validFrom: '2026-01-01' });
    const frameDoc = spec('Рама', [{ id: 'b', name: 'брус', unit: 'м', qty: '2', price: '100', itemId: item.id }]);
    const frame = (await ok<{ id: string }>(ctx, alice, 'specs/create', { doc: frameDoc, root: null })).id;
    const table = (await ok<{ id: string }>(ctx, alice, 'specs/create', { doc: spec('Стол', [{ id: 's', name: 'Рама', unit: 'шт', qty: '1', specId: frame }]), root: null })).id;

    // A manual save: one save in the week, the total and the «ten saves» achievement.
    await ok(ctx, alice, 'specs/save', { id: frame, doc: { ...frameDoc, name: 'Рама' } });
    expect(await savesOf(alice)).toEqual({ total: 1, week: 1, tenSaves: 1 });
    expect(await savedSubjects(alice)).toEqual([frame]);

    // A price rise makes both out of date; «Пересчитать все» writes a new version of each.
    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '150', validFrom: '2026-02-01' });
    const before = { frame: await versionOf(frame), table: await versionOf(table) };
    const { runId } = await ok<{ runId: string }>(ctx, alice, 'catalog/recalc-all', {});
    const run = await waitUntil(
      async () => {
        const s = await ok<{ state: string; report: RecalcReportLine[] }>(ctx, alice, 'catalog/recalc-status', { runId });
        return s.state !== 'running' && s;
      },
      { what: '«Пересчитать все» to end' },
    );
    expect(run.state).toBe('done');
    expect(run.report.map((l) => [l.id, l.error])).toEqual([
      [frame, null],
      [table, null],
    ]);
    expect({ frame: await versionOf(frame), table: await versionOf(table) }).toEqual({ frame: before.frame + 1, table: before.table + 1 });
    expect(await savesOf(alice)).toEqual({ total: 3, week: 3, tenSaves: 3 });
    expect(await savedSubjects(alice)).toEqual([frame, frame, table].sort());

    // «Пересчитать» of one specification: its new versions count as well; nothing out of date — nothing counted.
    await ok(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '170', validFrom: '2026-03-01' });
    const recalculated = await ok<{ recalculated: { id: string }[] }>(ctx, alice, 'specs/recalculate', { id: table });
    expect(recalculated.recalculated.map((r) => r.id)).toEqual([frame, table]);
    expect(await savesOf(alice)).toEqual({ total: 5, week: 5, tenSaves: 5 });
    expect((await ok<{ recalculated: unknown[] }>(ctx, alice, 'specs/recalculate', { id: table })).recalculated).toEqual([]);
    expect(await savesOf(alice)).toEqual({ total: 5, week: 5, tenSaves: 5 });

    // The saves are the user's who recalculated: another user's progress is untouched.
    expect((await savesOf(bob)).total).toBe(0);
  });
});
