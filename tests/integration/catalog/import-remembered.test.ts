// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CatalogItem, ImportRow } from '@/lib/schemas/catalog';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { productSuite } from '../../helpers/product';
import { ok, supplier, waitImport } from './helpers';

/**
 * A match confirmed in a price list's review («SAM-416» → «Саморез 4×16») is remembered for that supplier: its
 * next list matches the article to the item at once, whatever the row's name says; another supplier's same article
 * is not taken for it.
 */

const suite = productSuite();

const poll = (user: TestUser, importId: string, busy: string) => waitImport(suite.ctx, user, importId, busy);

async function preview(user: TestUser, supplierId: string, rows: string[]) {
  const csv = ['Артикул;Наименование;Цена', ...rows].join('\r\n');
  const up = await ok<{ importId: string; mapping: Record<string, number> }>(suite.ctx, user, 'catalog/import/upload', { supplierId, fileName: 'прайс.csv', data: Buffer.from(csv).toString('base64') });
  await ok(suite.ctx, user, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
  expect(await poll(user, up.importId, 'parsing')).toMatchObject({ state: 'ready' });
  const { rows: out } = await ok<{ rows: ImportRow[] }>(suite.ctx, user, 'catalog/import/rows', { importId: up.importId, filter: 'all' });
  return { importId: up.importId, rows: out };
}

describe(`remembered matches of a supplier's articles (${testDriver()})`, () => {
  it('«SAM-416 → Саморез 4×16» is asked once', async () => {
    const { ctx, alice } = suite;
    const [sup, other] = [await supplier(ctx, alice, 'ООО «Крепёж-Опт»'), await supplier(ctx, alice, 'ООО «Другой»')];
    const { item: screw } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Саморез 4×16', unit: 'шт' });

    const first = await preview(alice, sup, ['SAM-416;Шуруп универсальный жёлтый;0,85']);
    expect(first.rows[0]).toMatchObject({ status: 'new', itemId: null });
    await ok(ctx, alice, 'catalog/import/resolve', { importId: first.importId, decisions: [{ row: 2, action: 'match', itemId: screw.id }] });
    await ok(ctx, alice, 'catalog/import/apply', { importId: first.importId });
    expect(await poll(alice, first.importId, 'applying')).toMatchObject({ state: 'applied' });

    const next = await preview(alice, sup, ['sam 416;Саморез универсальный 4,0х16 жёлтый цинк;0,90']);
    expect(next.rows[0]).toMatchObject({ status: 'changed', itemId: screw.id, itemName: 'Саморез 4×16', score: 1, oldPrice: '0.85', price: '0.90' });
    const elsewhere = await preview(alice, other, ['SAM-416;Шуруп универсальный жёлтый;0,80']);
    expect(elsewhere.rows[0]).toMatchObject({ status: 'new', itemId: null });
  });
});
