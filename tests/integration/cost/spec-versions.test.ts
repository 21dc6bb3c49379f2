// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileObjects, fileShares } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { aSecondEarlier } from './earlier';

const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, path, body);

const doc = (name: string, qty: string, extra: Record<string, unknown>[] = []) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty, price: '100' }, ...extra],
  operations: [],
});

async function storeSpec(owner: TestUser, id: string, d: { name: string }) {
  await suite.ctx.db.insert(fileObjects).values({
    id,
    ownerId: owner.user.id,
    name: d.name,
    searchName: d.name.toLowerCase(),
    type: 'specifications',
    kind: 'file',
    metadata: JSON.stringify(d),
  });
}

describe(`specification versions and where-used (${testDriver()})`, () => {
  const frame = `frame-${Date.now().toString(36)}`;
  const table = `table-${Date.now().toString(36)}`;

  it('each save keeps the previous document: history, view, restore', async () => {
    await storeSpec(suite.alice, frame, doc('Каркас', '4'));
    const s1 = await call(suite.alice, 'specs/save', { id: frame, version: 1, doc: doc('Каркас', '5') });
    expect(s1.status, JSON.stringify(s1.body)).toBe(200);
    expect(s1.body.version).toBe(2);
    const s2 = await call(suite.alice, 'specs/save', { id: frame, version: 2, doc: doc('Каркас v3', '6') });
    expect(s2.body.version).toBe(3);

    const h = await call(suite.alice, 'specs/history', { id: frame });
    expect(h.status).toBe(200);
    expect(h.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(h.body.versions[0]).toMatchObject({ current: true, name: 'Каркас v3', author: { id: suite.alice.user.id } });
    expect(h.body.versions[2]).toMatchObject({ current: false, author: null });

    const v1 = await call(suite.alice, 'specs/version', { id: frame, version: 1 });
    expect(v1.body.doc.materials[0].qty).toBe('4');
    const v2 = await call(suite.alice, 'specs/version', { id: frame, version: 2 });
    expect(v2.body.doc.materials[0].qty).toBe('5');

    const r = await call(suite.alice, 'specs/restore', { id: frame, version: 1, currentVersion: 3 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.version).toBe(4);
    const cur = await call(suite.alice, 'specs/version', { id: frame, version: 4 });
    expect(cur.body.doc.materials[0].qty).toBe('4');
    expect(cur.body.name).toBe('Каркас');
    const h2 = await call(suite.alice, 'specs/history', { id: frame });
    expect(h2.body.versions[0]).toMatchObject({ version: 4, restoredFrom: 1, current: true });
  });

  it('a stale version answers 409; a bad document 422 with Russian field messages; a missing version 404', async () => {
    const stale = await call(suite.alice, 'specs/save', { id: frame, version: 1, doc: doc('Каркас', '7') });
    expect(stale.status).toBe(409);
    expect(stale.body.ok).toBe(false);
    const bad = await call(suite.alice, 'specs/save', { id: frame, doc: doc('Каркас', 'много') });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.fields)).toMatch(/число/i);
    const slash = await call(suite.alice, 'specs/save', { id: frame, doc: doc('Каркас/2', '7') });
    expect(slash.status).toBe(422);
    expect(slash.body.fields['doc.name']).toBeTruthy();
    const missing = await call(suite.alice, 'specs/version', { id: frame, version: 99 });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('Версия 99 не найдена.');
    const same = await call(suite.alice, 'specs/restore', { id: frame, version: 4 });
    expect(same.status).toBe(422);
  });

  it('others see nothing without a share; a read share reads the history but cannot save', async () => {
    expect((await call(suite.bob, 'specs/history', { id: frame })).status).toBe(404);
    expect((await call(suite.bob, 'specs/save', { id: frame, doc: doc('Чужой', '1') })).status).toBe(404);
    await suite.ctx.db.insert(fileShares).values({ objectId: frame, userId: suite.bob.user.id, access: 'read' });
    expect((await call(suite.bob, 'specs/history', { id: frame })).status).toBe(200);
    const w = await call(suite.bob, 'specs/save', { id: frame, doc: doc('Чужой', '1') });
    expect(w.status).toBe(403);
    expect((await call(null, 'specs/history', { id: frame })).status).toBe(401);
  });

  it('where-used lists the specifications that take this one as a semi-finished good', async () => {
    await storeSpec(suite.alice, table, doc('Стол', '1', [{ id: 'm2', name: 'Каркас', unit: 'шт', qty: '1', specId: frame, article: 'purchased' }]));
    await storeSpec(suite.alice, `${table}-other`, doc('Табурет', '1', [{ id: 'm2', name: `упоминание ${frame}`, unit: 'шт', qty: '1', price: '1' }]));
    const r = await call(suite.alice, 'specs/where-used', { id: frame });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.specs).toEqual([{ id: table, name: 'Стол', lines: 1 }]);
    const none = await call(suite.alice, 'specs/where-used', { id: table });
    expect(none.body.specs).toEqual([]);
  });

  it('«цены устарели» when a nested spec changes after this one; «Пересчитать» saves bottom-up', async () => {
    const leaf = `${table}-leaf`;
    const mid = `${table}-mid`;
    const top = `${table}-top`;
    await storeSpec(suite.alice, leaf, doc('Брусок', '1'));
    await storeSpec(suite.alice, mid, doc('Рама', '1', [{ id: 'n1', name: 'Брусок', unit: 'шт', qty: '4', specId: leaf, article: 'purchased' }]));
    await storeSpec(suite.alice, top, doc('Шкаф', '1', [{ id: 'n1', name: 'Рама', unit: 'шт', qty: '2', specId: mid, article: 'purchased' }]));
    const fresh = await call(suite.alice, 'specs/status', { id: top });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.stale).toBe(false);

    // The leaf changes after the specifications that contain it were saved.
    await aSecondEarlier(suite.ctx, suite.alice.user.id);
    expect((await call(suite.alice, 'specs/save', { id: leaf, doc: doc('Брусок', '2') })).status).toBe(200);
    const st = await call(suite.alice, 'specs/status', { id: top });
    expect(st.body).toMatchObject({ stale: true, processSet: null });
    expect(st.body.nested.map((n: { name: string }) => n.name)).toEqual(['Брусок']);
    expect((await call(suite.alice, 'specs/status', { id: mid })).body.stale).toBe(true);
    expect((await call(suite.alice, 'specs/status', { id: leaf })).body.stale).toBe(false);

    expect((await call(suite.bob, 'specs/recalculate', { id: top })).status).toBe(404);
    const rc = await call(suite.alice, 'specs/recalculate', { id: top });
    expect(rc.status, JSON.stringify(rc.body)).toBe(200);
    expect(rc.body.recalculated.map((x: { name: string }) => x.name)).toEqual(['Рама', 'Шкаф']);
    expect((await call(suite.alice, 'specs/status', { id: top })).body.stale).toBe(false);
    expect((await call(suite.alice, 'specs/status', { id: mid })).body.stale).toBe(false);
    const h = await call(suite.alice, 'specs/history', { id: top });
    expect(h.body.versions[0]).toMatchObject({ version: 2, current: true });
    const again = await call(suite.alice, 'specs/recalculate', { id: top });
    expect(again.body.recalculated).toEqual([]);
  });

  it('a change in a linked process set marks the specification «требует пересчёта»', async () => {
    const set = await call(suite.alice, 'processes/save', { name: 'Сборка', steps: [{ id: 's1', name: 'Сверление', time: '6', timeUnit: 'мин', rate: '600' }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const linked = `${table}-linked`;
    await storeSpec(suite.alice, linked, { ...doc('Полка', '1'), processSetId: set.body.set.id } as { name: string });
    expect((await call(suite.alice, 'specs/status', { id: linked })).body.stale).toBe(false);
    // The set changes after the specification was saved.
    await aSecondEarlier(suite.ctx, suite.alice.user.id);
    const changed = await call(suite.alice, 'processes/save', { id: set.body.set.id, name: 'Сборка', steps: [{ id: 's1', name: 'Сверление', time: '8', timeUnit: 'мин', rate: '600' }] });
    expect(changed.status).toBe(200);
    const st = await call(suite.alice, 'specs/status', { id: linked });
    expect(st.body).toMatchObject({ stale: true, nested: [], processSet: { id: set.body.set.id, name: 'Сборка' } });
    const ln = await call(suite.alice, 'processes/linked', { id: set.body.set.id });
    expect(ln.body.specs).toEqual([{ id: linked, name: 'Полка', stale: true }]);
    expect((await call(suite.bob, 'processes/linked', { id: set.body.set.id })).status).toBe(404);
    const rc = await call(suite.alice, 'specs/recalculate', { id: linked });
    expect(rc.body.recalculated.map((x: { name: string }) => x.name)).toEqual(['Полка']);
    expect((await call(suite.alice, 'specs/status', { id: linked })).body.stale).toBe(false);
    expect((await call(suite.alice, 'processes/linked', { id: set.body.set.id })).body.specs[0].stale).toBe(false);
  });

  it('versions go with the object', async () => {
    await suite.ctx.db.delete(fileObjects).where((await import('drizzle-orm')).eq(fileObjects.id, frame));
    expect((await call(suite.alice, 'specs/history', { id: frame })).status).toBe(404);
  });
});

describe(`specs/read-xlsx (${testDriver()})`, () => {
  it('reads the first sheet of a book; a broken file is a Russian 422', async () => {
    const { bookOf } = await import('../../helpers/xlsx-read');
    const book = await bookOf('Материалы', [
      ['Наименование', 'Ед.', 'Кол-во', 'Цена'],
      ['Брус', 'м', { n: '4' }, { n: '100.5' }],
    ]);
    const r = await call(suite.alice, 'specs/read-xlsx', { xlsx: Buffer.from(book).toString('base64') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows).toEqual([
      ['Наименование', 'Ед.', 'Кол-во', 'Цена'],
      ['Брус', 'м', '4', '100.5'],
    ]);
    const bad = await call(suite.alice, 'specs/read-xlsx', { xlsx: Buffer.from('не книга').toString('base64') });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toMatch(/XLSX/);
    expect((await call(null, 'specs/read-xlsx', { xlsx: 'AA==' })).status).toBe(401);
  });
});
