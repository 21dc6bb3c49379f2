// @vitest-environment node
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/catalog';
import { catalogImportRows, catalogImports, catalogPrices } from '@/lib/server/db/schema';
import { rows } from '@/lib/server/db/rows';
import { expireImports, IMPORT_KEEP_DAYS } from '@/lib/server/services/catalog/import-storage';
import { usedBytes } from '@/lib/server/services/files/access';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';
import { call as filesCall } from '../files/harness';
import { ok, supplier, waitImport, type Body } from './helpers';

const QUOTA = 1024 * 1024; // FILE_QUOTA_MB=1

/** A CSV price list of `n` new items (about 40 bytes a row), each named with `tag`. */
function priceList(n: number, tag: string): Buffer {
  const lines = ['Артикул;Наименование;Ед.;Цена'];
  for (let i = 0; i < n; i++) lines.push(`${tag}-${i};Позиция ${tag} ${i};шт;${100 + (i % 50)},50`);
  return Buffer.from(lines.join('\r\n'));
}

/**
 * Where an uploaded price list is kept, and for how long: at most 20 МБ (413), in its owner's quota while kept,
 * gone once applied or replaced by a newer list of the supplier, and the import itself gone when left unapplied for
 * IMPORT_KEEP_DAYS. On a real database, with a quota of 1 MiB.
 */
describe(`price list files within limits (${testDriver()})`, () => {
  let ctx: TestContext;
  let alice: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ FILE_QUOTA_MB: '1' });
    alice = await createTestUser(ctx);
  });
  afterAll(async () => {
    await ctx.destroy();
  });

  const upload = (sup: string, bytes: Buffer, fileName = 'прайс.csv') =>
    callProduct<Body & { importId: string; mapping: Record<string, number> }>(ctx, alice, 'catalog/import/upload', { supplierId: sup, fileName, data: bytes.toString('base64') });
  const stored = async (importId: string) => {
    const [r] = await rows<{ n: number | null }>(ctx.db, sql`select octet_length(data) as n from catalog_imports where id = ${importId}::uuid`);
    return r === undefined ? undefined : r.n === null ? null : Number(r.n);
  };
  const countImports = async () => (await ctx.db.select({ id: catalogImports.id }).from(catalogImports)).length;
  /** Preview with the guessed mapping, every new row created, applied: the final status. */
  const previewAndApply = async (importId: string, mapping: Record<string, number>) => {
    await ok(ctx, alice, 'catalog/import/preview', { importId, mapping, vatIncluded: false });
    expect(await waitImport(ctx, alice, importId, 'parsing')).toMatchObject({ state: 'ready' });
    await ok(ctx, alice, 'catalog/import/create-all', { importId, create: true });
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    return waitImport(ctx, alice, importId, 'applying');
  };

  it('a file over 20 МБ is 413 in Russian — past the body limit and past the decoded size — and nothing is kept', async () => {
    const sup = await supplier(ctx, alice, 'ООО «Крупный прайс»');
    const before = await countImports();
    for (const size of [IMPORT_MAX_BYTES + 1, IMPORT_MAX_BYTES + 100_000]) {
      const r = await upload(sup, Buffer.alloc(size, 0x41));
      expect(r.status, `${size} bytes`).toBe(413);
      expect(r.body).toEqual({ ok: false, code: 'PAYLOAD_TOO_LARGE', msg: 'Файл больше 20 МБ — разделите прайс-лист на части или сохраните его в XLSX (он занимает меньше).' });
    }
    expect(await countImports()).toBe(before);
  });

  it('a kept file counts in its owner’s quota (the file manager’s too); applying lets it go, and undo still works', async () => {
    const sup = await supplier(ctx, alice, 'ООО «Квота»');
    const list = priceList(15_000, 'kv');
    expect(list.length).toBeGreaterThan(QUOTA / 2);
    const up = await upload(sup, list);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(await stored(up.body.importId)).toBe(list.length);
    expect(await usedBytes(ctx.db, alice.user.id)).toBe(list.length);
    // The file manager sees the space taken: an upload that would have fitted is refused.
    const room = QUOTA - list.length;
    const tooBig = await filesCall(ctx, alice, 'createUpload', { name: 'отчёт.bin', type: 'documents', size: room + 1 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('QUOTA_EXCEEDED');
    // A second list of the same size does not fit either (another supplier: the first keeps its file).
    const other = await supplier(ctx, alice, 'ООО «Вторая квота»');
    const second = await upload(other, priceList(15_000, 'kw'));
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED', msg: expect.stringMatching(/^Не хватает места для прайс-листа: квота на файлы исчерпана/) });

    const done = await previewAndApply(up.body.importId, up.body.mapping);
    expect(done).toMatchObject({ state: 'applied', applied: { created: 15_000 } });
    expect(await stored(up.body.importId)).toBeNull();
    expect(await usedBytes(ctx.db, alice.user.id)).toBe(0);
    const fits = await filesCall(ctx, alice, 'createUpload', { name: 'отчёт.bin', type: 'documents', size: room + 1 });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    await filesCall(ctx, alice, 'abortUpload', { upload_id: fits.body.upload_id });
    // What undo needs is not the file: the prices and items the apply wrote go.
    const undone = await ok<{ removed: { prices: number; items: number } }>(ctx, alice, 'catalog/import/undo', { importId: up.body.importId });
    expect(undone.removed).toMatchObject({ prices: 15_000, items: 15_000 });
  });

  it('a newer list of the supplier abandons the older unfinished one’s file: it applies as previewed, not previewed again', async () => {
    const sup = await supplier(ctx, alice, 'ООО «Обновлённый прайс»');
    const elsewhere = await supplier(ctx, alice, 'ООО «Другой поставщик»');
    const first = await upload(sup, priceList(20, 'a1'));
    await ok(ctx, alice, 'catalog/import/preview', { importId: first.body.importId, mapping: first.body.mapping, vatIncluded: false });
    expect(await waitImport(ctx, alice, first.body.importId, 'parsing')).toMatchObject({ state: 'ready' });
    const untouched = await upload(elsewhere, priceList(10, 'b1'));
    const newer = await upload(sup, priceList(30, 'a2'));
    expect(newer.status).toBe(200);
    expect(await stored(first.body.importId)).toBeNull();
    expect(await stored(newer.body.importId)).toBe(priceList(30, 'a2').length);
    expect(await stored(untouched.body.importId)).toBe(priceList(10, 'b1').length);
    // Read again with another mapping: the file is gone, the import says so in Russian.
    await ok(ctx, alice, 'catalog/import/preview', { importId: first.body.importId, mapping: first.body.mapping, vatIncluded: false });
    expect(await waitImport(ctx, alice, first.body.importId, 'parsing')).toMatchObject({ state: 'failed', error: 'Файл импорта уже не хранится: загрузите его снова.' });
    // The newer one goes all the way.
    expect(await previewAndApply(newer.body.importId, newer.body.mapping)).toMatchObject({ state: 'applied', applied: { created: 30 } });
  });

  it(`an import left unapplied for ${IMPORT_KEEP_DAYS} days is removed with its preview and what a failed apply left; its owner is told`, async () => {
    const sup = await supplier(ctx, alice, 'ООО «Забытый прайс»');
    const uploaded = await upload(sup, priceList(5, 'u'), 'загружен.csv');
    const other = await supplier(ctx, alice, 'ООО «Забытый прайс 2»');
    const ready = await upload(other, priceList(5, 'r'), 'проверен.csv');
    await ok(ctx, alice, 'catalog/import/preview', { importId: ready.body.importId, mapping: ready.body.mapping, vatIncluded: false });
    await waitImport(ctx, alice, ready.body.importId, 'parsing');
    // An apply that failed and could not remove its rows: the run's token is still on the import, its price unseen.
    const third = await supplier(ctx, alice, 'ООО «Сбой»');
    const failed = await upload(third, priceList(5, 'f'), 'сбой.csv');
    await ok(ctx, alice, 'catalog/import/preview', { importId: failed.body.importId, mapping: failed.body.mapping, vatIncluded: false });
    await waitImport(ctx, alice, failed.body.importId, 'parsing');
    const { item } = await ok<{ item: { id: string } }>(ctx, alice, 'catalog/items/create', { name: 'Позиция со следом сбоя', unit: 'шт' });
    await ctx.db.execute(sql`update catalog_imports set options = options || '{"applyRun": "lost-run"}'::jsonb where id = ${failed.body.importId}::uuid`);
    await ctx.db.insert(catalogPrices).values({ ownerId: alice.user.id, itemId: item.id, supplierId: third, priceKop: 12_345, vatIncluded: false, vatRate: 'none', validFrom: '2026-01-01', importId: failed.body.importId });
    const applied = await upload(await supplier(ctx, alice, 'ООО «Применённый»'), priceList(5, 'p'), 'применён.csv');
    await previewAndApply(applied.body.importId, applied.body.mapping);
    const fresh = await upload(await supplier(ctx, alice, 'ООО «Свежий»'), priceList(5, 'n'), 'свежий.csv');
    const old = [uploaded, ready, failed, applied].map((u) => u.body.importId);
    await ctx.db.execute(sql`update catalog_imports set created_at = now() - make_interval(days => ${IMPORT_KEEP_DAYS + 1}) where id in (select value::uuid from json_array_elements_text(${JSON.stringify(old)}::json))`);

    // A day short of the limit: nothing goes.
    expect(await expireImports(ctx, new Date(Date.now() - 2 * 86_400_000))).toBe(0);
    expect(await expireImports(ctx)).toBe(3);
    const left = await ctx.db.select({ id: catalogImports.id, state: catalogImports.state }).from(catalogImports).where(inArray(catalogImports.id, [...old, fresh.body.importId]));
    expect(left.map((r) => r.id).sort()).toEqual([applied.body.importId, fresh.body.importId].sort());
    expect(await ctx.db.select().from(catalogImportRows).where(eq(catalogImportRows.importId, ready.body.importId))).toEqual([]);
    expect(await ctx.db.select().from(catalogPrices).where(eq(catalogPrices.importId, failed.body.importId))).toEqual([]);
    expect(await ctx.db.select().from(catalogPrices).where(eq(catalogPrices.itemId, item.id))).toEqual([]);
    const notifications = await rows<{ title: string; body: string; link: string }>(ctx.db, sql`select title, body, link from noty_notifications where user_id = ${alice.user.id}`);
    const titles = notifications.map((n) => n.title);
    for (const name of ['загружен.csv', 'проверен.csv', 'сбой.csv']) expect(titles).toContain(`Импорт прайс-листа «${name}» удалён`);
    expect(notifications.find((n) => n.title.includes('проверен.csv'))).toMatchObject({ body: expect.stringMatching(/не применили за 7 дней после загрузки/), link: '/catalog' });
    expect(await expireImports(ctx)).toBe(0);
  });
});
