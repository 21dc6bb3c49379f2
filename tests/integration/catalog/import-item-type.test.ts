// @vitest-environment node
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportRow } from '@/lib/schemas/catalog';
import { catalogItems } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier, waitImport, type Body } from './helpers';

/**
 * The type of the items a price list creates: a «Тип» column read by its Russian synonyms («ПКИ», «Материалы»,
 * «Услуги»…), a text that is no type an error of a row that would create an item, and in the review a type set for
 * one row or for all rows selected. Applying creates each item with its type; an empty one is a material.
 */

const suite = productSuite();

type Up = { importId: string; mapping: Record<string, number> };

async function upload(user: TestUser, supplierName: string, csv: string): Promise<Up> {
  const { ctx } = suite;
  const sup = await supplier(ctx, user, supplierName);
  return ok<Up>(ctx, user, 'catalog/import/upload', { supplierId: sup, fileName: 'прайс.csv', data: Buffer.from(csv).toString('base64') });
}

async function preview(user: TestUser, up: Up) {
  await ok(suite.ctx, user, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
  return waitImport(suite.ctx, user, up.importId, 'parsing');
}

const rowsOf = async (user: TestUser, importId: string) => (await ok<{ rows: ImportRow[] }>(suite.ctx, user, 'catalog/import/rows', { importId })).rows;

async function apply(user: TestUser, importId: string) {
  await ok(suite.ctx, user, 'catalog/import/apply', { importId });
  expect(await waitImport(suite.ctx, user, importId, 'applying')).toMatchObject({ state: 'applied' });
}

async function typesByName(user: TestUser) {
  const items = await suite.ctx.db.select({ name: catalogItems.name, type: catalogItems.type }).from(catalogItems).where(eq(catalogItems.ownerId, user.user.id));
  return Object.fromEntries(items.map((i) => [i.name, i.type]));
}

describe(`a price list's item types (${testDriver()})`, () => {
  it('a mapped «Тип» column: synonyms read, an unknown type an error of a new row only, a review change wins', async () => {
    const { ctx, alice, bob } = suite;
    const { item: hinge } = await ok<{ item: { id: string } }>(ctx, alice, 'catalog/items/create', { name: 'Петля накладная', article: 'H-1', unit: 'шт', type: 'purchased' });
    const csv = [
      'Артикул;Наименование;Ед.;Цена;Тип позиции',
      'S-1;Саморез 4×16;шт;0,85;ПКИ',
      'G-1;Клей ПВА;кг;150;Материалы',
      'D-1;Доставка по городу;усл;500;Услуги',
      'E-1;Электроэнергия цеха;кВт·ч;7,20;электроэнергия',
      'L-1;Лак мебельный;л;700;',
      'F-1;Ручка-скоба;шт;120;Фурнитура',
      'H-1;Петля накладная;шт;95;Фурнитура',
    ].join('\r\n');
    const up = await upload(alice, 'ООО «Комплект»', csv);
    // The column is found by its header.
    expect(up.mapping).toEqual({ article: 0, name: 1, unit: 2, price: 3, type: 4 });
    expect(await preview(alice, up)).toMatchObject({ state: 'ready', summary: { new: 5, errors: 1, changed: 1 } });
    const rows = await rowsOf(alice, up.importId);
    expect(rows.map((r) => [r.row, r.status, r.type])).toEqual([
      [2, 'new', 'purchased'],
      [3, 'new', 'material'],
      [4, 'new', 'service'],
      [5, 'new', 'energy'],
      [6, 'new', null],
      [7, 'error', null],
      // Matched to an item: its type is the item's, the file's text is not asked about.
      [8, 'changed', null],
    ]);
    expect(rows[5]!.error).toBe('Строка 7, столбец 5 «Тип»: «Фурнитура» — не тип позиции; нужен материал, покупное изделие, энергия или услуга.');

    // The review: the glue is a purchased item after all; the varnish and the delivery are set together. Rows that
    // create nothing (the error, the matched hinge) are left as they are.
    expect(await ok(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [3], type: 'purchased' })).toMatchObject({ updated: 1 });
    const both = await ok<{ updated: number; msg: string }>(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [4, 6, 7, 8], type: 'energy' });
    expect(both).toMatchObject({ updated: 2, msg: 'Тип «Энергия»: строк — 2.' });
    expect((await rowsOf(alice, up.importId)).map((r) => r.type)).toEqual(['purchased', 'purchased', 'energy', 'energy', 'energy', null, null]);
    const wrong = await callProduct<Body>(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [4], type: 'wood' });
    expect(wrong).toMatchObject({ status: 422, body: { ok: false, fields: { type: 'Тип: материал, покупное изделие, энергия или услуга.' } } });
    expect((await callProduct<Body>(ctx, bob, 'catalog/import/row-type', { importId: up.importId, rows: [4], type: 'service' })).status).toBe(404);

    await ok(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });
    await apply(alice, up.importId);
    expect(await typesByName(alice)).toEqual({
      'Петля накладная': 'purchased',
      'Саморез 4×16': 'purchased',
      'Клей ПВА': 'purchased',
      'Доставка по городу': 'energy',
      'Электроэнергия цеха': 'energy',
      'Лак мебельный': 'energy',
    });
    const late = await callProduct<Body>(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [2], type: 'service' });
    expect(late).toMatchObject({ status: 409, body: { ok: false, code: 'IMPORT_STATE' } });
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.id, hinge.id))).toBe(1);
  });

  it('without a type column: one row set, the rows selected set together, the rest materials', async () => {
    const { ctx, alice } = suite;
    const csv = ['Наименование;Цена', 'Сверление отверстий;25', 'Петля с доводчиком;180', 'Ручка-кнопка;60', 'ЛДСП 18 мм;2 400'].join('\n');
    const up = await upload(alice, 'ООО «Услуги и фурнитура»', csv);
    expect(up.mapping).toEqual({ name: 0, price: 1 });
    expect(await preview(alice, up)).toMatchObject({ state: 'ready', summary: { new: 4 } });
    expect((await rowsOf(alice, up.importId)).map((r) => r.type)).toEqual([null, null, null, null]);
    await ok(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [2], type: 'service' });
    await ok(ctx, alice, 'catalog/import/row-type', { importId: up.importId, rows: [3, 4, 3], type: 'purchased' });
    await ok(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });
    await apply(alice, up.importId);
    const types = await typesByName(alice);
    expect(types).toMatchObject({
      'Сверление отверстий': 'service',
      'Петля с доводчиком': 'purchased',
      'Ручка-кнопка': 'purchased',
      'ЛДСП 18 мм': 'material',
    });
  });
});
