// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogItem, ImportRow, ImportSummary, RecalcReportLine } from '@/lib/schemas/catalog';
import { catalogPrices, fileObjects } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { productSuite } from '../../helpers/product';
import { waitUntil } from '../../helpers/wait-until';
import { ok, supplier } from './helpers';

/**
 * The VAT basis of every price, from a supplier's price list to the калькуляция: a row «без НДС» of a list whose
 * «цены в файле с НДС» switch is on is stored without VAT, and a specification line that takes it — by the picker's
 * rule or by «Пересчитать все» — is costed at the whole price (3,3 × 99,00 = 326,70), not with 22 % taken out of
 * a price that has none (267,79).
 */

const suite = productSuite();

const spec = (name: string, materials: Record<string, unknown>[]) => ({ schemaVersion: 1, name, unit: 'шт', outputQty: '1', materials, operations: [] });

const poll = (user: TestUser, path: string, body: object, busy: string, what: string) =>
  waitUntil(
    async () => {
      const s = await ok<{ state: string } & Record<string, unknown>>(suite.ctx, user, path, body);
      return s.state !== busy && s;
    },
    { what },
  );

describe(`the VAT basis of a price, from the price list to the калькуляция (${testDriver()})`, () => {
  it('a row «без НДС» stays without VAT under the file switch «с НДС»; its line costs the whole price', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Фурнитура»');
    const { item: leg } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Ножка опорная', article: 'NG-1', unit: 'шт', preferredSupplierId: sup });
    const { item: screw } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Саморез 4×16', article: 'SAM-416', unit: 'шт', preferredSupplierId: sup });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: leg.id, supplierId: sup, price: '90', vatIncluded: true, vatRate: '22', validFrom: '2026-01-01' });
    const table = (await ok<{ id: string }>(ctx, alice, 'specs/create', {
      doc: spec('Стол', [
        { id: 'l', name: 'Ножка опорная', unit: 'шт', qty: '3.3', price: '90', priceIncludesVat: true, itemId: leg.id },
        { id: 's', name: 'Саморез 4×16', unit: 'шт', qty: '10', price: '1', itemId: screw.id },
      ]),
      root: null,
    })).id;

    const csv = ['Артикул;Наименование;Ед.;Цена;Ставка НДС', 'NG-1;Ножка опорная;шт;99,00;без НДС', 'SAM-416;Саморез 4×16;шт;1,22;22%'].join('\r\n');
    const up = await ok<{ importId: string; mapping: Record<string, number>; vat: { vatIncluded: boolean; vatRate: string } }>(ctx, alice, 'catalog/import/upload', {
      supplierId: sup,
      fileName: 'прайс.csv',
      data: Buffer.from(csv).toString('base64'),
    });
    // An ОСНО supplier: the file's prices start as «с НДС».
    expect(up.vat.vatIncluded).toBe(true);
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, validFrom: '2026-02-01', vatIncluded: true, vatRate: '22' });
    expect(await poll(alice, 'catalog/import/status', { importId: up.importId }, 'parsing', 'the preview')).toMatchObject({ state: 'ready', summary: { changed: 2 } satisfies Partial<ImportSummary> });
    await ok(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(await poll(alice, 'catalog/import/status', { importId: up.importId }, 'applying', 'the apply')).toMatchObject({ state: 'applied' });

    const stored = async (itemId: string) =>
      (await ctx.db.select({ vatIncluded: catalogPrices.vatIncluded, vatRate: catalogPrices.vatRate }).from(catalogPrices).where(and(eq(catalogPrices.itemId, itemId), eq(catalogPrices.validFrom, '2026-02-01'))))[0];
    expect(await stored(leg.id)).toEqual({ vatIncluded: false, vatRate: 'none' });
    expect(await stored(screw.id)).toEqual({ vatIncluded: true, vatRate: '22' });

    // «Цена на дату» and /cost on that date price the lines by their own basis.
    const onDate = await ok<{ costOnDate: string; lines: { itemId: string; price: string; priceIncludesVat: boolean; vatRate: string }[] }>(ctx, alice, 'catalog/spec-on-date', { id: table, date: '2026-03-01' });
    expect(onDate.lines.find((l) => l.itemId === leg.id)).toMatchObject({ price: '99.00', priceIncludesVat: false, vatRate: 'none' });
    const byCost = await ok<{ result: { lines: { id: string; amount: string; formula: string }[]; perUnit: { fullCost: string } } }>(ctx, alice, 'cost/calculate', {
      spec: { specId: table },
      params: { taxRegime: 'osno' },
      priceDate: '2026-03-01',
    });
    // 3,3 × 99,00 = 326,70 (not / 1,22 = 267,79); 10 × 1,22 / 1,22 = 10,00.
    expect(byCost.result.lines.find((l) => l.id === 'l')).toMatchObject({ amount: '326.70' });
    expect(byCost.result.lines.find((l) => l.id === 's')).toMatchObject({ amount: '10.00' });

    // «Пересчитать все» writes the basis into the lines: the saved document then costs the same.
    const { runId } = await ok<{ runId: string }>(ctx, alice, 'catalog/recalc-all', {});
    const run = (await poll(alice, 'catalog/recalc-status', { runId }, 'running', '«Пересчитать все»')) as unknown as { state: string; report: RecalcReportLine[] };
    expect(run.state).toBe('done');
    const [saved] = await ctx.db.select({ metadata: fileObjects.metadata }).from(fileObjects).where(eq(fileObjects.id, table));
    const lines = JSON.parse(saved!.metadata).materials as Record<string, unknown>[];
    expect(lines.find((l) => l.id === 'l')).toMatchObject({ price: '99.00', priceVatPct: 'none' });
    expect(lines.find((l) => l.id === 'l')).not.toHaveProperty('priceIncludesVat');
    expect(lines.find((l) => l.id === 's')).toMatchObject({ price: '1.22', priceIncludesVat: true, priceVatPct: '22' });
    const now = await ok<{ result: { lines: { id: string; amount: string }[] } }>(ctx, alice, 'cost/calculate', { spec: { specId: table }, params: { taxRegime: 'osno' } });
    expect(now.result.lines.find((l) => l.id === 'l')?.amount).toBe('326.70');
  });

  it('the review compares prices without VAT: 35,50 without VAT → 35,50 with 22 % is a change (−18,03 %), not «без изменений»', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Метиз»');
    const mk = async (name: string, article: string) => (await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name, article, unit: 'шт' })).item;
    const [bolt, nut, washer] = [await mk('Болт М8', 'B-8'), await mk('Гайка М8', 'G-8'), await mk('Шайба М8', 'S-8')];
    await ok(ctx, alice, 'catalog/prices/add', { itemId: bolt.id, supplierId: sup, price: '35.50', vatIncluded: false, vatRate: '22', validFrom: '2026-01-01' });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: nut.id, supplierId: sup, price: '12', vatIncluded: true, vatRate: '22', validFrom: '2026-01-01' });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: washer.id, supplierId: sup, price: '3', vatIncluded: false, vatRate: 'none', validFrom: '2026-01-01' });
    const csv = ['Артикул;Наименование;Цена;Ставка НДС', 'B-8;Болт М8;35,50;22', 'G-8;Гайка М8;12,00;22', 'S-8;Шайба М8;3,00;без НДС'].join('\r\n');
    const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'метиз.csv', data: Buffer.from(csv).toString('base64') });
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, validFrom: '2026-02-01', vatIncluded: true, vatRate: '22' });
    const ready = await poll(alice, 'catalog/import/status', { importId: up.importId }, 'parsing', 'the preview');
    expect(ready).toMatchObject({ state: 'ready', summary: { changed: 1, unchanged: 2 } });
    const { rows } = await ok<{ rows: ImportRow[] }>(ctx, alice, 'catalog/import/rows', { importId: up.importId, filter: 'all' });
    expect(rows.find((r) => r.itemId === bolt.id)).toMatchObject({ status: 'changed', oldPrice: '35.50', price: '35.50', changePct: '-18.03', oldVat: 'без НДС 22 %', vat: 'с НДС 22 %' });
    expect(rows.find((r) => r.itemId === nut.id)).toMatchObject({ status: 'unchanged', changePct: '0.00', oldVat: 'с НДС 22 %', vat: 'с НДС 22 %' });
    expect(rows.find((r) => r.itemId === washer.id)).toMatchObject({ status: 'unchanged', oldVat: 'без НДС', vat: 'без НДС' });
  });

  it('a price added by hand «с НДС» at «без НДС» is stored without VAT', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Клей»');
    const { item } = await ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name: 'Клей ПВА', unit: 'кг' });
    const { price } = await ok<{ price: { vatIncluded: boolean; vatRate: string; priceNoVat: string } }>(ctx, alice, 'catalog/prices/add', {
      itemId: item.id,
      supplierId: sup,
      price: '120.50',
      vatIncluded: true,
      vatRate: 'none',
      validFrom: '2026-01-01',
    });
    expect(price).toMatchObject({ vatIncluded: false, vatRate: 'none', priceNoVat: '120.50' });
  });
});
