// @vitest-environment node
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogImportRows, catalogImports, catalogItems, catalogPrices, companies } from '@/lib/server/db/schema';
import { cleanLostApplies } from '@/lib/server/services/catalog/pending';
import type { CatalogItem, ImportRow, ImportSummary } from '@/lib/schemas/catalog';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier, type Body } from './helpers';

const suite = productSuite();

async function waitPreview(user: TestUser, importId: string) {
  return waitUntil(
    async () => {
      const s = await ok<{ state: string; summary: ImportSummary; error: string | null; done: number }>(suite.ctx, user, 'catalog/import/status', { importId });
      return s.state !== 'parsing' && s;
    },
    { what: 'the preview to be read' },
  );
}

type ImportStatus = { state: string; done: number; total: number; error: string | null; applied: { prices: number; created: number } | null };

/** Polls the import while it is applied in the background; the `done` figures seen on the way, the last status. */
async function waitApply(user: TestUser, importId: string) {
  const seen: number[] = [];
  const last = await waitUntil(
    async () => {
      const s = await ok<ImportStatus>(suite.ctx, user, 'catalog/import/status', { importId });
      seen.push(s.done);
      return s.state !== 'applying' && s;
    },
    { what: 'the apply to end', intervalMs: 5 },
  );
  return { last, seen };
}

const cp1251 = (text: string) => Buffer.from(new TextDecoder('utf-8').decode(Buffer.from(text)).split('').map((ch) => {
  const c = ch.charCodeAt(0);
  if (c < 128) return c;
  if (c === 0x401) return 0xa8;
  if (c === 0x451) return 0xb8;
  return c - 0x410 + 0xc0;
}));

describe(`catalog price list import (${testDriver()})`, () => {
  it('CSV in Windows-1251: preview, review, apply in one go, undo', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Плита»');
    const mk = (name: string, article: string, unit: string) => ok<{ item: CatalogItem }>(ctx, alice, 'catalog/items/create', { name, article, unit });
    const { item: white } = await mk('ЛДСП 16 мм Белый', 'LD-16-W', 'лист');
    const { item: oak } = await mk('ЛДСП 16 мм Дуб сонома', 'LD-16-DS', 'лист');
    const { item: edge } = await mk('Кромка ПВХ 2 мм белая', '', 'м');
    await ok(ctx, alice, 'catalog/prices/add', { itemId: white.id, supplierId: sup, price: '2000', validFrom: '2026-01-01' });
    await ok(ctx, alice, 'catalog/prices/add', { itemId: oak.id, supplierId: sup, price: '2500', validFrom: '2026-01-01' });

    const csv = [
      'Артикул;Наименование;Ед.;Цена, руб.',
      'ld-16-w;ЛДСП белая;лист;2 200,00',
      ';ЛДСП 16мм Дуб Сонома;лист;2500',
      ';Кромка ПВХ белая 2мм (рулон);м;15,50',
      ';Петля накладная;шт;45',
      ';Саморез;шт;дёшево',
    ].join('\r\n');
    const up = await ok<{ importId: string; format: string; columns: { header: string; samples: string[] }[]; mapping: Record<string, number>; vat: { vatIncluded: boolean; vatRate: string; from: string; regime: string } }>(ctx, alice, 'catalog/import/upload', {
      supplierId: sup,
      fileName: 'прайс.csv',
      data: cp1251(csv).toString('base64'),
    });
    expect(up.format).toBe('csv');
    // A VAT payer's (ОСНО) price list starts as «с НДС» at the general rate.
    expect(up.vat).toMatchObject({ vatIncluded: true, from: 'regime', regime: 'ОСНО' });
    expect(Number(up.vat.vatRate)).toBeGreaterThan(0);
    expect(up.columns.map((c) => c.header)).toEqual(['Артикул', 'Наименование', 'Ед.', 'Цена, руб.']);
    expect(up.mapping).toEqual({ article: 0, name: 1, unit: 2, price: 3 });

    const bad = await callProduct<Body>(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: { name: 1, price: 1 } });
    expect(bad.status).toBe(422);
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, validFrom: '2026-03-01', vatIncluded: false });
    const st = await waitPreview(alice, up.importId);
    expect(st).toMatchObject({ state: 'ready', done: 5, summary: { total: 5, changed: 1, unchanged: 1, uncertain: 1, new: 1, errors: 1 } });
    const { rows } = await ok<{ rows: ImportRow[] }>(ctx, alice, 'catalog/import/rows', { importId: up.importId });
    expect(rows.map((r) => r.status)).toEqual(['changed', 'unchanged', 'uncertain', 'new', 'error']);
    expect(rows[0]).toMatchObject({ row: 2, itemId: white.id, oldPrice: '2000.00', price: '2200.00', changePct: '10.00' });
    expect(rows[2]).toMatchObject({ itemId: edge.id });
    expect(rows[4]!.error).toBe('Строка 6, столбец 4 «Цена»: «дёшево» — не число.');
    // Nothing changed before apply.
    expect((await ok<{ prices: unknown[] }>(ctx, alice, 'catalog/prices/list', { itemId: white.id })).prices).toHaveLength(1);

    // A specification using the white board (saved before the import): applying makes it «цены устарели».
    const doc = { schemaVersion: 1, name: 'Тумба', unit: 'шт', outputQty: '1', materials: [{ id: 'w', name: white.name, unit: 'лист', qty: '1', price: '2000', itemId: white.id }], operations: [] };
    const { id: tumba } = await ok<{ id: string }>(ctx, alice, 'specs/create', { doc, root: null });
    const stale = async () => (await ok<{ stale: boolean }>(ctx, alice, 'specs/status', { id: tumba })).stale;
    expect(await stale()).toBe(false);
    await ok(ctx, alice, 'catalog/import/resolve', { importId: up.importId, decisions: [{ row: 4, action: 'match', itemId: edge.id }] });
    const { summary } = await ok<{ summary: ImportSummary }>(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });
    expect(summary).toMatchObject({ changed: 2, uncertain: 0, new: 1 });
    const started = await ok<ImportStatus>(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(started).toMatchObject({ state: 'applying', done: 0, total: 3 });
    const { last } = await waitApply(alice, up.importId);
    expect(last).toMatchObject({ state: 'applied', done: 3, total: 3, error: null, applied: { prices: 3, created: 1 } });
    const twice = await callProduct<Body>(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ ok: false, code: 'IMPORT_STATE', msg: 'Этот импорт уже применён.' });
    expect(await stale()).toBe(true);
    const on = await ok<{ prices: Record<string, { price: string } | null> }>(ctx, alice, 'catalog/prices/on-date', { itemIds: [white.id, edge.id], date: '2026-03-02' });
    expect(on.prices[white.id]!.price).toBe('2200.00');
    expect(on.prices[edge.id]!.price).toBe('15.50');
    const hinge = await ok<{ items: CatalogItem[] }>(ctx, alice, 'catalog/items/list', { q: 'петля' });
    expect(hinge.items[0]).toMatchObject({ name: 'Петля накладная', unit: 'шт', okei: '796' });

    const undone = await ok<{ removed: { prices: number; items: number } }>(ctx, alice, 'catalog/import/undo', { importId: up.importId });
    expect(undone.removed).toMatchObject({ prices: 3, items: 1 });
    const back = await ok<{ prices: Record<string, { price: string } | null> }>(ctx, alice, 'catalog/prices/on-date', { itemIds: [white.id, edge.id], date: '2026-03-02' });
    expect(back.prices[white.id]!.price).toBe('2000.00');
    expect(back.prices[edge.id]).toBeNull();
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'петля' })).total).toBe(0);

    // The mapping is remembered for the supplier.
    const again = await ok<{ mapping: Record<string, number>; remembered: boolean }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'b.csv', data: Buffer.from('a,b,c,d\n1,2,3,4').toString('base64') });
    expect(again).toMatchObject({ remembered: true, mapping: up.mapping });
  });

  it('apply runs as a background job: other requests answered between its batches, nothing seen or left before the end, refused while running and after, undo', async () => {
    const { ctx, alice, bob } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Склад»');
    const n = 4500;
    const csv = ['Артикул;Наименование;Цена'].concat(Array.from({ length: n }, (_, i) => `J-${i};Фурнитура ${i};${10 + (i % 90)},50`)).join('\n');
    const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'job.csv', data: Buffer.from(csv).toString('base64') });
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
    expect(await waitPreview(alice, up.importId)).toMatchObject({ state: 'ready', summary: { new: n } });
    await ok(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });

    // All or nothing: a row that fails in the third batch (no price) removes the items of the first two.
    const broken = and(eq(catalogImportRows.importId, up.importId), eq(catalogImportRows.row, 4400));
    await ctx.db.update(catalogImportRows).set({ priceKop: null }).where(broken);
    await ok(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    const failed = await waitApply(alice, up.importId);
    expect(failed.last).toMatchObject({ state: 'ready', applied: null, error: 'Применить не удалось из-за ошибки на сервере; каталог не изменился. Попробуйте ещё раз.' });
    expect(failed.seen.some((d) => d >= 4000)).toBe(true);
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'Фурнитура' })).total).toBe(0);
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.importId, up.importId))).toBe(0);
    expect(await ctx.db.$count(catalogPrices, eq(catalogPrices.importId, up.importId))).toBe(0);
    await ctx.db.update(catalogImportRows).set({ priceKop: 1050 }).where(broken);

    const started = await ok<ImportStatus>(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(started).toMatchObject({ importId: up.importId, state: 'applying', done: 0, total: n });
    // A second apply while the first runs is refused at once.
    const again = await callProduct<Body>(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Этот импорт уже применяется — дождитесь конца.');
    // Another request while it applies (on PGlite too: one connection) is answered between its batches, before the
    // end, and sees none of the rows written so far.
    const seen: number[] = [];
    const during: number[] = [];
    let last: ImportStatus;
    for (;;) {
      last = await ok<ImportStatus>(ctx, alice, 'catalog/import/status', { importId: up.importId });
      seen.push(last.done);
      if (last.state !== 'applying') break;
      const { total } = await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'Фурнитура' });
      const after = await ok<ImportStatus>(ctx, alice, 'catalog/import/status', { importId: up.importId });
      seen.push(after.done);
      if (after.state === 'applying') during.push(total);
      else expect([0, n]).toContain(total);
    }
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((t) => t === 0)).toBe(true);
    expect(last).toMatchObject({ state: 'applied', done: n, total: n, error: null, applied: { prices: n, created: n } });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect((await callProduct<Body>(ctx, bob, 'catalog/import/status', { importId: up.importId })).status).toBe(404);
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'Фурнитура 4499' })).total).toBe(1);
    expect((await callProduct<Body>(ctx, alice, 'catalog/import/apply', { importId: up.importId })).body.msg).toBe('Этот импорт уже применён.');

    const undone = await ok<{ removed: { prices: number; items: number } }>(ctx, alice, 'catalog/import/undo', { importId: up.importId });
    expect(undone.removed).toMatchObject({ prices: n, items: n });
    expect((await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'Фурнитура' })).total).toBe(0);
    expect(await ok<ImportStatus>(ctx, alice, 'catalog/import/status', { importId: up.importId })).toMatchObject({ state: 'undone', applied: null });
  });

  it('an apply lost with its process: its rows stay unseen, go at start-up (PGlite) or when applied again', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Обрыв»');
    const csv = 'Наименование;Цена\nСтяжка эксцентриковая;12\nШкант 8×30;1,20';
    const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'lost.csv', data: Buffer.from(csv).toString('base64') });
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
    expect(await waitPreview(alice, up.importId)).toMatchObject({ state: 'ready', summary: { new: 2 } });
    await ok(ctx, alice, 'catalog/import/create-all', { importId: up.importId, create: true });
    // What a process that died in the middle of the apply left: the import `applying` (an hour ago) and a written row.
    const [imp] = await ctx.db.select({ options: catalogImports.options }).from(catalogImports).where(eq(catalogImports.id, up.importId));
    const options = { ...imp!.options, applyStartedAt: new Date(Date.now() - 3_600_000).toISOString() };
    await ctx.db.update(catalogImports).set({ state: 'applying', options }).where(eq(catalogImports.id, up.importId));
    const [left] = await ctx.db.insert(catalogItems).values({ ownerId: alice.user.id, name: 'Стяжка эксцентриковая', nameNorm: 'стяжка эксцентриковая', unit: 'шт', importId: up.importId }).returning({ id: catalogItems.id });
    await ctx.db.insert(catalogPrices).values({ ownerId: alice.user.id, itemId: left!.id, supplierId: sup, priceKop: 1200, validFrom: '2026-01-01', importId: up.importId });
    const found = async () => (await ok<{ total: number }>(ctx, alice, 'catalog/items/list', { q: 'Стяжка' })).total;
    expect(await found()).toBe(0);
    expect((await callProduct<Body>(ctx, alice, 'catalog/items/get', { id: left!.id })).status).toBe(404);

    await cleanLostApplies(ctx);
    const st = await ok<ImportStatus>(ctx, alice, 'catalog/import/status', { importId: up.importId });
    expect(st).toMatchObject({ state: 'ready', error: 'Применение прервалось (сервер перезапускался); каталог не изменился. Примените снова.' });
    // PGlite: one process owns the database, so the rows are removed at start-up; PostgreSQL: another instance may
    // be applying, so they stay (unseen) until the import is applied again.
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.importId, up.importId))).toBe(testDriver() === 'pglite' ? 0 : 1);

    await ok(ctx, alice, 'catalog/import/apply', { importId: up.importId });
    expect((await waitApply(alice, up.importId)).last).toMatchObject({ state: 'applied', applied: { prices: 2, created: 2 } });
    expect(await found()).toBe(1);
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.id, left!.id))).toBe(0);
  });

  it('XLSX: reads the first sheet; a broken book is a Russian 422', async () => {
    const { ctx, alice } = suite;
    const sup = await supplier(ctx, alice, 'ООО «Книга»');
    await ctx.db.update(companies).set({ taxRegime: 'usn6' }).where(eq(companies.id, sup));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Прайс');
    ws.addRow(['Наименование', 'Цена']);
    ws.addRow(['Клей ПВА', 120.5]);
    ws.addRow(['Лак', 'abc']);
    const data = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const up = await ok<{ importId: string; format: string; mapping: Record<string, number>; vat: unknown }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'p.xlsx', data });
    // An УСН supplier's price list starts as «без НДС».
    expect(up).toMatchObject({ format: 'xlsx', mapping: { name: 0, price: 1 }, vat: { vatIncluded: false, vatRate: 'none', from: 'regime' } });
    await ok(ctx, alice, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping });
    expect(await waitPreview(alice, up.importId)).toMatchObject({ state: 'ready', summary: { new: 1, errors: 1 } });
    const { rows } = await ok<{ rows: ImportRow[] }>(ctx, alice, 'catalog/import/rows', { importId: up.importId, filter: 'errors' });
    expect(rows[0]!.error).toBe('Строка 3, столбец B «Цена»: «abc» — не число.');
    const broken = await callProduct<Body>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'x.xlsx', data: Buffer.from('PK\u0003\u0004garbage').toString('base64') });
    expect(broken.status).toBe(422);
    expect(broken.body.msg).toMatch(/XLSX/);
    // A hostile book (the sheet nested 200 000 deep) is refused by the bounded reader at once, in Russian.
    const parts = unzipSync(Buffer.from(data, 'base64'));
    parts['xl/worksheets/sheet1.xml'] = strToU8(`<worksheet><sheetData>${'<a>'.repeat(200_000)}</sheetData></worksheet>`);
    const deep = await callProduct<Body>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName: 'd.xlsx', data: Buffer.from(zipSync(parts)).toString('base64') });
    expect(deep.status).toBe(422);
    // Refused by the reader's depth bound, not by its time limit (which would say «не удалось прочитать за …»).
    expect(deep.body.msg).toBe('Файл не похож на книгу Excel (XLSX) или повреждён.');
  });
});
