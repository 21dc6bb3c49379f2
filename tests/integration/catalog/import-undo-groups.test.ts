// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogGroups, catalogImportRows, catalogItems } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { productSuite } from '../../helpers/product';
import { ok, supplier, waitImport } from './helpers';

/**
 * «Отменить импорт» removes the groups the import made from its «Группа» column once they hold nothing — a group
 * the owner had before, one another import or the owner has filed an item in since, or one holding an item a
 * specification uses (archived, not removed) stays. A failed apply leaves none of its groups behind.
 */

const suite = productSuite();

type Applied = { state: string; applied: { prices: number; created: number; groups: number } | null };

/** A price list of `lines` («Наименование;Цена;Группа») read, every new row marked to create. */
async function ready(user: TestUser, supplierName: string, lines: string[]) {
  const { ctx } = suite;
  const sup = await supplier(ctx, user, supplierName);
  const csv = ['Наименование;Цена;Группа', ...lines].join('\n');
  const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, user, 'catalog/import/upload', { supplierId: sup, fileName: 'прайс.csv', data: Buffer.from(csv).toString('base64') });
  expect(up.mapping).toEqual({ name: 0, price: 1, group: 2 });
  await ok(ctx, user, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
  expect(await waitImport(ctx, user, up.importId, 'parsing')).toMatchObject({ state: 'ready' });
  await ok(ctx, user, 'catalog/import/create-all', { importId: up.importId, create: true });
  return up.importId;
}

async function apply(user: TestUser, importId: string): Promise<Applied> {
  await ok(suite.ctx, user, 'catalog/import/apply', { importId });
  return (await waitImport(suite.ctx, user, importId, 'applying')) as Applied;
}

const groupsOf = async (user: TestUser) =>
  (await suite.ctx.db.select({ name: catalogGroups.name, importId: catalogGroups.importId }).from(catalogGroups).where(eq(catalogGroups.ownerId, user.user.id))).sort((a, b) => a.name.localeCompare(b.name));
const itemId = async (user: TestUser, name: string) => (await suite.ctx.db.select({ id: catalogItems.id }).from(catalogItems).where(and(eq(catalogItems.ownerId, user.user.id), eq(catalogItems.name, name))))[0]!.id;
const groupId = async (user: TestUser, name: string) => (await suite.ctx.db.select({ id: catalogGroups.id }).from(catalogGroups).where(and(eq(catalogGroups.ownerId, user.user.id), eq(catalogGroups.name, name))))[0]!.id;

describe(`undo of a price list import and its groups (${testDriver()})`, () => {
  it('the empty groups it made go; one the owner had, one holding other items, one holding an item in use stay', async () => {
    const { ctx, alice } = suite;
    await ok(ctx, alice, 'catalog/groups/create', { name: 'Крепёж' });
    const first = await ready(alice, 'ООО «Плитсервис»', [
      'ЛДСП 16 мм белая;450;Плиты',
      'ЛДСП 18 мм дуб;520;Плиты',
      'Фасад МДФ;1200;Фасады',
      'Петля накладная;90;Петли',
      'Кромка ПВХ 2 мм;12,50;Кромка',
      'Саморез 4×16;0,85;крепёж',
    ]);
    // Four groups made («крепёж» is the owner's «Крепёж»).
    expect(await apply(alice, first)).toMatchObject({ state: 'applied', applied: { prices: 6, created: 6, groups: 4 } });
    expect((await groupsOf(alice)).map((g) => [g.name, g.importId])).toEqual([
      ['Крепёж', null],
      ['Кромка', first],
      ['Петли', first],
      ['Плиты', first],
      ['Фасады', first],
    ]);

    // Since then: the owner files an item of its own under «Фасады»; another supplier's list files one under «Петли»;
    // a specification takes the edge banding.
    await ok(ctx, alice, 'catalog/items/create', { name: 'Фасад стеклянный', unit: 'шт', groupId: await groupId(alice, 'Фасады') });
    const second = await ready(alice, 'ООО «Петли и ручки»', ['Амортизатор Blum;180;ПЕТЛИ']);
    expect(await apply(alice, second)).toMatchObject({ state: 'applied', applied: { created: 1, groups: 0 } });
    const edge = await itemId(alice, 'Кромка ПВХ 2 мм');
    const doc = { schemaVersion: 1, name: 'Тумба', unit: 'шт', outputQty: '1', materials: [{ id: 'e', name: 'Кромка ПВХ 2 мм', unit: 'м', qty: '2', price: '12.50', itemId: edge }], operations: [] };
    await ok(ctx, alice, 'specs/create', { doc, root: null });

    const undone = await ok<{ msg: string; removed: Record<string, number> }>(ctx, alice, 'catalog/import/undo', { importId: first });
    expect(undone.removed).toEqual({ prices: 6, items: 5, archived: 1, groups: 1 });
    expect(undone.msg).toBe('Импорт отменён: удалено цен — 6, позиций — 5, групп — 1.');
    // Only «Плиты» went; the groups that stay are the owner's own from now on.
    expect(await groupsOf(alice)).toEqual([
      { name: 'Крепёж', importId: null },
      { name: 'Кромка', importId: null },
      { name: 'Петли', importId: null },
      { name: 'Фасады', importId: null },
    ]);
    const [archived] = await ctx.db.select({ archived: catalogItems.archived, groupId: catalogItems.groupId }).from(catalogItems).where(eq(catalogItems.id, edge));
    expect(archived).toEqual({ archived: true, groupId: await groupId(alice, 'Кромка') });

    // The second list made no group: its undo leaves «Петли», now empty, alone.
    expect((await ok<{ removed: Record<string, number> }>(ctx, alice, 'catalog/import/undo', { importId: second })).removed).toEqual({ prices: 1, items: 1, archived: 0, groups: 0 });
    expect((await groupsOf(alice)).map((g) => g.name)).toEqual(['Крепёж', 'Кромка', 'Петли', 'Фасады']);
  });

  it('a failed apply leaves no group it made; applied again, the groups are made once', async () => {
    const { ctx, bob } = suite;
    const importId = await ready(bob, 'ООО «Сбой»', ['Полка;300;Полки', 'Штанга;150;Штанги', 'Кронштейн;40;Полки']);
    // The last row cannot be written (no price): the batch fails after its groups were made.
    const broken = and(eq(catalogImportRows.importId, importId), eq(catalogImportRows.row, 4));
    await ctx.db.update(catalogImportRows).set({ priceKop: null }).where(broken);
    expect(await apply(bob, importId)).toMatchObject({ state: 'ready', applied: null });
    expect(await groupsOf(bob)).toEqual([]);
    await ctx.db.update(catalogImportRows).set({ priceKop: 4000 }).where(broken);
    expect(await apply(bob, importId)).toMatchObject({ state: 'applied', applied: { created: 3, groups: 2 } });
    expect((await groupsOf(bob)).map((g) => g.name)).toEqual(['Полки', 'Штанги']);
  });
});
