// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogGroups, catalogItems } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { productSuite } from '../../helpers/product';
import { ok, supplier, waitImport } from './helpers';

/**
 * New items of a price list are filed as the supplier filed them: units written «м2», «м.п.», «пара» become the
 * ОКЕИ units the catalogue already has («м²» 055, «пог. м» 018, «пар» 715), and the «Группа» column puts each item
 * in a group of that name — the owner's own where there is one (case aside), a new one where there is none.
 */

const suite = productSuite();

const poll = (user: TestUser, importId: string, busy: string) => waitImport(suite.ctx, user, importId, busy);

describe(`a price list's new items: ОКЕИ units and groups (${testDriver()})`, () => {
  it('«м2» → «м²» (055), «м.п.» → «пог. м» (018), «пара» → «пар» (715); groups as in the file', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Плитсервис»');
    const { group: own } = await ok<{ group: { id: string } }>(ctx, alice, 'catalog/groups/create', { name: 'Крепёж' });
    const csv = [
      'Артикул;Наименование;Ед.;Цена;Группа',
      'P-1;ЛДСП 16 мм белая;м2;450;Плиты',
      'K-1;Кромка ПВХ 2 мм;м.п.;12,50;Плиты',
      'H-1;Петля накладная;пара;90;крепёж',
      'B-1;Бухта шпагата;бухта;300;',
    ].join('\r\n');
    const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'плиты.csv', data: Buffer.from(csv).toString('base64') });
    expect(up.mapping).toMatchObject({ unit: 2, group: 4 });
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
    expect(await poll(alice, up.importId, 'parsing')).toMatchObject({ state: 'ready', summary: { new: 4 } });
    await ok(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });
    await ok(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(await poll(alice, up.importId, 'applying')).toMatchObject({ state: 'applied' });

    const items = await ctx.db
      .select({ name: catalogItems.name, unit: catalogItems.unit, okei: catalogItems.okei, groupId: catalogItems.groupId })
      .from(catalogItems)
      .where(eq(catalogItems.ownerId, alice.user.id));
    const byName = new Map(items.map((i) => [i.name, i]));
    const [plates] = await ctx.db.select({ id: catalogGroups.id }).from(catalogGroups).where(and(eq(catalogGroups.ownerId, alice.user.id), eq(catalogGroups.name, 'Плиты')));
    expect(plates).toBeDefined();
    expect(byName.get('ЛДСП 16 мм белая')).toEqual({ name: 'ЛДСП 16 мм белая', unit: 'м²', okei: '055', groupId: plates!.id });
    expect(byName.get('Кромка ПВХ 2 мм')).toEqual({ name: 'Кромка ПВХ 2 мм', unit: 'пог. м', okei: '018', groupId: plates!.id });
    expect(byName.get('Петля накладная')).toEqual({ name: 'Петля накладная', unit: 'пар', okei: '715', groupId: own.id });
    expect(byName.get('Бухта шпагата')).toEqual({ name: 'Бухта шпагата', unit: 'бухта', okei: '', groupId: null });
    // One group «Плиты» for both rows, none made for «крепёж» (the owner's «Крепёж»).
    expect(await ctx.db.$count(catalogGroups, eq(catalogGroups.ownerId, alice.user.id))).toBe(2);
  });
});
