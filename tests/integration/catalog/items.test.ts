// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CatalogGroup, CatalogItem, PriceRow } from '@/lib/schemas/catalog';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier, type Body } from './helpers';

const suite = productSuite();

describe(`catalog items, groups, prices (${testDriver()})`, () => {
  it('keeps items in a group tree, searches them, versions every save', async () => {
    const { ctx, alice, bob } = suite;
    const { group: top } = await ok<{ group: CatalogGroup }>(ctx, alice, 'catalog/groups/create', { name: 'Плиты' });
    const { group: sub } = await ok<{ group: CatalogGroup }>(ctx, alice, 'catalog/groups/create', { name: 'ЛДСП', parentId: top.id });
    const moved = await callProduct<Body>(ctx, alice, 'catalog/groups/update', { id: top.id, version: 1, name: 'Плиты', parentId: sub.id });
    expect(moved.status).toBe(422);
    expect(moved.body.code).toBe('GROUP_CYCLE');

    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', {
      name: 'ЛДСП 16 мм Белый',
      article: 'LD-16-W',
      groupId: sub.id,
      unit: 'лист',
      okei: '625',
      sheetWidthMm: '2800',
      sheetHeightMm: 2070,
      wastePct: '5,5',
    });
    expect(item).toMatchObject({ version: 1, groupName: 'ЛДСП', sheetWidthMm: '2800', sheetHeightMm: '2070', wastePct: '5.5', type: 'material', price: null });
    await ok(ctx, alice, 'catalog/items/create', { name: 'Кромка ПВХ 2 мм', unit: 'м', groupId: null, type: 'material' });

    const byTop = await ok<{ items: CatalogItem[]; total: number }>(ctx, alice, 'catalog/items/list', { groupId: top.id });
    expect(byTop.items.map((i) => i.name)).toEqual(['ЛДСП 16 мм Белый']);
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'белы ld-16' })).total).toBe(1);
    expect((await ok<{ total: number }>(ctx, bob, 'catalog/items/list', {})).total).toBe(0);

    const saved = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/update', { ...item, name: 'ЛДСП 16 мм Белый гладкий', version: 1 });
    expect(saved.item.version).toBe(2);
    const stale = await callProduct<Body>(ctx, alice, 'catalog/items/update', { ...item, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT', version: 2 });
    expect((await callProduct<Body>(ctx, bob, 'catalog/items/get', { id: item.id })).status).toBe(404);

    const full = await callProduct<Body>(ctx, alice, 'catalog/groups/delete', { id: sub.id });
    expect(full.body.code).toBe('GROUP_NOT_EMPTY');
    const bulk = await ok<{ items: CatalogItem[] }>(ctx, alice, 'catalog/items/bulk-update', { items: [{ id: item.id, version: 2 }], patch: { archived: true } });
    expect(bulk.items[0]).toMatchObject({ archived: true, version: 3 });
    expect((await callProduct<Body>(ctx, alice, 'catalog/items/bulk-update', { items: [{ id: item.id, version: 2 }], patch: { archived: false } })).status).toBe(409);
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { archived: 'yes' })).total).toBe(1);
  });

  it('prices by date, supplier and setting', async () => {
    const { ctx, alice } = suite;
    const a = await supplier(ctx, alice, 'ООО «Альфа»');
    const b = await supplier(ctx, alice, 'ООО «Бета»');
    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Петля', unit: 'шт', preferredSupplierId: a });
    const add = (supplierId: string, price: string, validFrom: string) =>
      ok<{ price: PriceRow }>(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId, price, validFrom, vatIncluded: true, vatRate: '20' });
    await add(a, '120', '2026-01-01');
    await add(b, '96,00', '2026-02-01');
    const bad = await callProduct<Body>(ctx, alice, 'catalog/prices/add', { itemId: item.id, supplierId: a, price: 'дорого', validFrom: '2026-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.price).toBeTruthy();

    const on = (date: string) => ok<{ prices: Record<string, { supplierName: string; price: string; priceNoVat: string } | null> }>(ctx, alice, 'catalog/prices/on-date', { itemIds: [item.id], date });
    expect((await on('2025-12-31')).prices[item.id]).toBeNull();
    expect((await on('2026-03-01')).prices[item.id]).toMatchObject({ supplierName: 'ООО «Альфа»', price: '120.00', priceNoVat: '100.00' });
    await ok(ctx, alice, 'catalog/settings/save', { priceChoice: 'lowest' });
    expect((await on('2026-03-01')).prices[item.id]).toMatchObject({ supplierName: 'ООО «Бета»', priceNoVat: '80.00' });
    expect((await on('2026-01-15')).prices[item.id]).toMatchObject({ supplierName: 'ООО «Альфа»' });
    const { prices } = await ok<{ prices: PriceRow[] }>(ctx, alice, 'catalog/prices/list', { itemId: item.id });
    expect(prices.map((p) => p.validFrom)).toEqual(['2026-02-01', '2026-01-01']);
    await ok(ctx, alice, 'catalog/prices/delete', { id: prices[0]!.id });
    expect((await on('2026-03-01')).prices[item.id]).toMatchObject({ supplierName: 'ООО «Альфа»' });
    await ok(ctx, alice, 'catalog/settings/save', { priceChoice: 'preferred' });
  });
});
