// @vitest-environment node
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { catalogImportRows, catalogImports, catalogItems, catalogPrices } from '@/lib/server/db/schema';
import { liveApply } from '@/lib/server/services/catalog/import-apply-run';
import { cleanLostApplies, priceVisible } from '@/lib/server/services/catalog/pending';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier, type Body } from './helpers';

/** Faults put in on purpose: the clean-up of a failed apply fails; a check of the state read before an apply's claim. */
const fault = vi.hoisted(() => ({ dropFails: false, staleReady: false }));
vi.mock('@/lib/server/services/catalog/pending', async (importOriginal) => {
  const m = await importOriginal<typeof import('@/lib/server/services/catalog/pending')>();
  return { ...m, dropPending: (...a: Parameters<typeof m.dropPending>) => (fault.dropFails ? Promise.reject(new Error('the database went away')) : m.dropPending(...a)) };
});
vi.mock('@/lib/server/services/catalog/import-model', async (importOriginal) => {
  const m = await importOriginal<typeof import('@/lib/server/services/catalog/import-model')>();
  return { ...m, findImport: async (...a: Parameters<typeof m.findImport>) => ({ ...(await m.findImport(...a)), ...(fault.staleReady && { state: 'ready' }) }) };
});

const suite = productSuite();
type Status = { state: string; error: string | null; applied: { prices: number; created: number } | null };

/** A ready preview of `n` new rows (`name 0` …), each marked to create. */
async function prepared(user: TestUser, name: string, n: number) {
  const { ctx } = suite;
  const sup = await supplier(ctx, user, `ООО «${name}»`);
  const csv = ['Наименование;Цена'].concat(Array.from({ length: n }, (_, i) => `${name} ${i};${10 + (i % 90)},50`)).join('\n');
  const up = await ok<{ importId: string; mapping: Record<string, number> }>(ctx, user, 'catalog/import/upload', { supplierId: sup, fileName: 'p.csv', data: Buffer.from(csv).toString('base64') });
  await ok(ctx, user, 'catalog/import/preview', { importId: up.importId, mapping: up.mapping, vatIncluded: false });
  const read = await waitUntil(
    async () => {
      const s = await ok<{ state: string }>(ctx, user, 'catalog/import/status', { importId: up.importId });
      return s.state !== 'parsing' && s;
    },
    { what: 'the preview to be read' },
  );
  expect(read.state).toBe('ready');
  await ok(ctx, user, 'catalog/import/create-all', { importId: up.importId, create: true });
  return { sup, importId: up.importId };
}

/** Waits until this process no longer runs the apply; the import's status then. */
async function ended(user: TestUser, importId: string) {
  await waitUntil(() => !liveApply(user.user.id, importId), { what: 'the apply run of this process to end' });
  return ok<Status>(suite.ctx, user, 'catalog/import/status', { importId });
}

const seen = async (user: TestUser, q: string) => (await ok<{ total: number }>(suite.ctx, user, 'catalog/items/list', { q })).total;
const row = async (id: string) => (await suite.ctx.db.select().from(catalogImports).where(eq(catalogImports.id, id)))[0]!;
const marked = (id: string) => suite.ctx.db.$count(catalogItems, eq(catalogItems.importId, id));

describe(`catalog price list apply: who owns it (${testDriver()})`, () => {
  it('a run whose import another run has claimed writes, finishes and removes nothing more; the new run applies it', async () => {
    const { ctx, alice } = suite;
    const n = 2500;
    const { sup, importId } = await prepared(alice, 'Петля', n);
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    // Another instance takes the apply over (as it does one it takes as lost) and writes a row of its own.
    const imp = await row(importId);
    await ctx.db.update(catalogImports).set({ options: { ...imp.options, applyRun: 'other', applyStartedAt: new Date().toISOString() } }).where(eq(catalogImports.id, importId));
    const [its] = await ctx.db.insert(catalogItems).values({ ownerId: alice.user.id, name: 'Петля чужая', nameNorm: 'петля чужая', unit: 'шт', importId }).returning({ id: catalogItems.id });
    await ok(ctx, alice, 'catalog/import/status', { importId });
    expect(await ended(alice, importId)).toMatchObject({ state: 'applying', applied: null });
    const after = await row(importId);
    expect(after).toMatchObject({ state: 'applying', options: { applyRun: 'other', applied: null } });
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.id, its!.id))).toBe(1);
    // PostgreSQL: the run stops at its next batch; PGlite: one process, which never takes over an apply it runs.
    if (testDriver() === 'pglite') expect(await marked(importId)).toBe(n + 1);
    else expect(await marked(importId)).toBeLessThan(n);
    expect(await seen(alice, 'Петля')).toBe(0);

    // That run is lost in turn: applying again removes what both wrote and applies the whole list once.
    await ctx.db.update(catalogImports).set({ options: { ...after.options, applyStartedAt: new Date(Date.now() - 3_600_000).toISOString() } }).where(eq(catalogImports.id, importId));
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    expect(await ended(alice, importId)).toMatchObject({ state: 'applied', applied: { prices: n, created: n } });
    expect(await seen(alice, 'Петля')).toBe(n);
    expect(await ctx.db.$count(catalogItems, eq(catalogItems.id, its!.id))).toBe(0);
    expect(await ctx.db.$count(catalogPrices, eq(catalogPrices.supplierId, sup))).toBe(n);
    expect(await ctx.db.$count(catalogItems, like(catalogItems.name, 'Петля%'))).toBe(n);
  });

  it('the start-up clean-up leaves alone an apply this process runs', async () => {
    const { ctx, alice } = suite;
    const n = 2500;
    const { importId } = await prepared(alice, 'Ручка', n);
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    expect(liveApply(alice.user.id, importId)).toBeDefined();
    await cleanLostApplies(ctx);
    expect(await ended(alice, importId)).toMatchObject({ state: 'applied', error: null, applied: { prices: n, created: n } });
    expect(await seen(alice, 'Ручка')).toBe(n);
  });

  it('a supplier is not deleted while its price list is applied; the unseen items of a lost apply go with it', async () => {
    const { ctx, alice } = suite;
    const n = 2500;
    const live = await prepared(alice, 'Шуруп', n);
    await ok(ctx, alice, 'catalog/import/apply', { importId: live.importId });
    const refused = await callProduct<Body>(ctx, alice, 'companies/delete', { id: live.sup });
    expect(refused).toMatchObject({ status: 409, body: { ok: false, msg: 'Сейчас применяется прайс-лист этого поставщика — удалите его, когда применение закончится.' } });
    expect(await ended(alice, live.importId)).toMatchObject({ state: 'applied', applied: { created: n } });
    await ok(ctx, alice, 'companies/delete', { id: live.sup });
    expect(await seen(alice, 'Шуруп')).toBe(n);

    // An apply lost with its process has written an item: it goes with the supplier, never seen.
    const lost = await prepared(alice, 'Саморез', 2);
    const imp = await row(lost.importId);
    await ctx.db.update(catalogImports).set({ state: 'applying', options: { ...imp.options, applyStartedAt: new Date(Date.now() - 3_600_000).toISOString() } }).where(eq(catalogImports.id, lost.importId));
    await ctx.db.insert(catalogItems).values({ ownerId: alice.user.id, name: 'Саморез 0', nameNorm: 'саморез 0', unit: 'шт', importId: lost.importId });
    await ok(ctx, alice, 'companies/delete', { id: lost.sup });
    expect(await seen(alice, 'Саморез')).toBe(0);
    expect(await ctx.db.$count(catalogItems, like(catalogItems.name, 'Саморез%'))).toBe(0);
  });

  it('a failed apply whose rows cannot be removed is ready again, its rows unseen until the next apply removes them', async () => {
    const { ctx, alice } = suite;
    const n = 1500;
    const { sup, importId } = await prepared(alice, 'Полкодержатель', n);
    // The second batch fails (a row without a price), and then so does the removal of the first.
    const broken = and(eq(catalogImportRows.importId, importId), eq(catalogImportRows.row, 1400));
    await ctx.db.update(catalogImportRows).set({ priceKop: null }).where(broken);
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    fault.dropFails = true;
    try {
      expect(await ended(alice, importId)).toMatchObject({ state: 'ready', applied: null, error: 'Применить не удалось из-за ошибки на сервере; каталог не изменился. Попробуйте ещё раз.' });
    } finally {
      fault.dropFails = false;
    }
    expect(await marked(importId)).toBe(1000);
    expect(await seen(alice, 'Полкодержатель')).toBe(0);
    expect(await ctx.db.$count(catalogPrices, and(eq(catalogPrices.supplierId, sup), priceVisible()))).toBe(0);

    await ctx.db.update(catalogImportRows).set({ priceKop: 1050 }).where(broken);
    await ok(ctx, alice, 'catalog/import/apply', { importId });
    expect(await ended(alice, importId)).toMatchObject({ state: 'applied', applied: { prices: n, created: n } });
    expect(await seen(alice, 'Полкодержатель')).toBe(n);
    expect(await ctx.db.$count(catalogPrices, eq(catalogPrices.supplierId, sup))).toBe(n);
  });

  it('the review is written only while the import is ready, however late the check read it', async () => {
    const { ctx, alice } = suite;
    const { importId } = await prepared(alice, 'Заглушка', 2);
    // An apply claims the import between the review's read and its write.
    await ctx.db.update(catalogImports).set({ state: 'applying' }).where(eq(catalogImports.id, importId));
    fault.staleReady = true;
    try {
      const all = await callProduct<Body>(ctx, alice, 'catalog/import/create-all', { importId, create: false });
      const one = await callProduct<Body>(ctx, alice, 'catalog/import/resolve', { importId, decisions: [{ row: 2, action: 'skip' }] });
      for (const r of [all, one]) expect(r).toMatchObject({ status: 409, body: { ok: false, msg: 'Проверять строки можно, когда предпросмотр готов и ещё не применён.' } });
    } finally {
      fault.staleReady = false;
    }
    const rows = await ctx.db.select({ status: catalogImportRows.status, create: catalogImportRows.create }).from(catalogImportRows).where(eq(catalogImportRows.importId, importId));
    expect(rows).toEqual([{ status: 'new', create: true }, { status: 'new', create: true }]);
  });
});
