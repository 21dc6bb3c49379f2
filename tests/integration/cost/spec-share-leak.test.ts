// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '@/lib/schemas/catalog';
import { fileObjects } from '@/lib/server/db/schema';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ok, supplier } from '../catalog/helpers';
import { ok as files } from '../files/harness';

/**
 * A specification's name reaches another user only while they may read it. User B takes A's specification
 * as a semi-finished good while it is shared with B; user C only knows its id and wrote it into a line. After
 * A ends the share, renames the specification three times and changes a price under it, neither B nor C learns
 * a name of it by the bell, the search, where-used, the staleness marks or the name lookup; B's own document
 * keeps saving.
 */
const suite = productSuite();

type Notification = { kind: string; title: string; body: string };

const doc = (name: string, line: Record<string, unknown>) => ({ schemaVersion: 1, name, unit: 'шт', outputQty: '1', materials: [{ id: 'm', unit: 'шт', qty: '1', ...line }], operations: [] });

async function bell(user: TestUser): Promise<Notification[]> {
  const res = await dispatch(
    services.noty,
    new Request('http://localhost/noty/api/v1/list', { method: 'POST', headers: user.headers, body: JSON.stringify({ limit: 100 }) }),
    suite.ctx,
  );
  const body = (await res.json()) as { notifications: Notification[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.notifications;
}

const search = (user: TestUser, q: string) => ok<{ groups: { kind: string; items: { id: string; title: string }[] }[] }>(suite.ctx, user, 'search/query', { q });
const found = async (user: TestUser, q: string) => (await search(user, q)).groups.flatMap((g) => g.items.map((i) => i.id));

describe(`a specification's name after its share ends (${testDriver()})`, () => {
  it('reaches the reader while shared, and no one by any way once it is not', async () => {
    const { ctx, alice: a, bob: b } = suite;
    const c = await createTestUser(ctx);
    const sup = await supplier(ctx, a, 'ООО «Лес»');
    const { item } = await ok<{ item: CatalogItem }>(ctx, a, 'catalog/items/create', { name: 'Брус 50×50', unit: 'м', preferredSupplierId: sup });
    await ok(ctx, a, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '100', validFrom: '2026-01-01' });
    const x = (await ok<{ id: string }>(ctx, a, 'specs/create', { doc: doc('Каркас', { name: 'брус', unit: 'м', price: '100', itemId: item.id }), root: null })).id;
    await files(ctx, a, 'shareFile', { id: x, login: b.user.email, access: 'read' });

    // B takes it while shared; C only writes its id into a line of a document of theirs.
    const line = { name: 'Полуфабрикат', specId: x, article: 'purchased' };
    const y = (await ok<{ id: string }>(ctx, b, 'specs/create', { doc: doc('Стол', line), root: null })).id;
    const z = 'leak-c-spec';
    const zDoc = doc('Табурет', line);
    await ctx.db.insert(fileObjects).values({ id: z, ownerId: c.user.id, name: 'Табурет', searchName: 'табурет', type: 'specifications', kind: 'file', metadata: JSON.stringify(zDoc) });

    // While shared, B gets everything by the current name; C nothing.
    await ok(ctx, a, 'specs/save', { id: x, doc: doc('Каркас общий', { name: 'брус', unit: 'м', price: '100', itemId: item.id }) });
    const staleTitle = 'Цены устарели: изменилась спецификация «Каркас общий»';
    expect((await bell(b)).filter((n) => n.kind === 'spec_stale')).toMatchObject([{ title: staleTitle }]);
    expect((await bell(b))[0]!.body).toContain('«Стол»');
    expect(await bell(c)).toEqual([]);
    expect(await ok(ctx, b, 'specs/where-used', { id: x })).toMatchObject({ specs: [{ id: y, name: 'Стол', lines: 1 }] });
    expect(await ok(ctx, b, 'specs/status', { id: y })).toMatchObject({ stale: true, nested: [{ id: x, name: 'Каркас общий' }] });
    expect(await found(b, 'Каркас общий')).toContain(x);
    expect(await ok(ctx, b, 'specs/pick', { ids: [x] })).toMatchObject({ items: [{ id: x, name: 'Каркас общий' }], denied: [] });
    expect(await ok(ctx, c, 'specs/pick', { ids: [x] })).toMatchObject({ items: [], denied: [x] });
    expect((await callProduct(ctx, c, 'specs/where-used', { id: x })).status).toBe(404);

    // A ends the share, renames it three times and changes a price under it (recalculated: a new version).
    await files(ctx, a, 'unshareFile', { id: x, login: b.user.email });
    const secrets = ['Секрет первый', 'Секрет второй', 'Секрет третий'];
    for (const name of secrets) await ok(ctx, a, 'specs/save', { id: x, doc: doc(name, { name: 'брус', unit: 'м', price: '100', itemId: item.id }) });
    await ok(ctx, a, 'catalog/prices/add', { itemId: item.id, supplierId: sup, price: '150', validFrom: '2026-02-01' });
    const recalculated = await ok<{ recalculated: { id: string }[] }>(ctx, a, 'specs/recalculate', { id: x });
    expect(recalculated.recalculated.map((r) => r.id)).toEqual([x]);

    // Every name A gave it after the share ended starts with «Секрет».
    const leaks = (answer: unknown) => JSON.stringify(answer).match(/Секрет[^"]*/g) ?? [];
    for (const reader of [b, c]) {
      const own = reader === b ? y : z;
      const seen: unknown[] = [];
      const notes = await bell(reader);
      seen.push(notes);
      expect(notes.filter((n) => n.kind === 'spec_stale')).toHaveLength(reader === b ? 1 : 0);
      for (const q of ['Секрет', ...secrets]) {
        const s = await search(reader, q);
        seen.push(s);
        expect(s.groups.flatMap((g) => g.items)).toEqual([]);
      }
      const whereUsed = await callProduct(ctx, reader, 'specs/where-used', { id: x });
      expect(whereUsed.status).toBe(404);
      seen.push(whereUsed.body);
      const status = await ok<{ nested: unknown[] }>(ctx, reader, 'specs/status', { id: own });
      expect(status.nested).toEqual([]);
      seen.push(status);
      seen.push(await ok(ctx, reader, 'catalog/stale', {}));
      const costs = await ok<{ items: { error: string | null }[] }>(ctx, reader, 'specs/costs', { ids: [own] });
      expect(costs.items[0]!.error).toBe(`Спецификация не найдена (${x}).`);
      seen.push(costs);
      const picked = await ok(ctx, reader, 'specs/pick', { ids: [x] });
      expect(picked).toMatchObject({ items: [], total: 0, denied: [x] });
      seen.push(picked);
      expect(leaks(seen), reader === b ? 'B' : 'C').toEqual([]);
    }

    // The author of a line pointing at the specification they can no longer read still saves their own document.
    const saved = await callProduct(ctx, b, 'specs/save', { id: y, doc: doc('Стол обеденный', line) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(leaks(saved.body)).toEqual([]);

    // Shared again: the current name reaches B at once (the rule is the access at the moment, not a history).
    await files(ctx, a, 'shareFile', { id: x, login: b.user.email, access: 'read' });
    await ok(ctx, a, 'specs/save', { id: x, doc: doc('Каркас снова общий', { name: 'брус', unit: 'м', price: '150', itemId: item.id }) });
    expect((await bell(b)).filter((n) => n.kind === 'spec_stale').map((n) => n.title)).toEqual(['Цены устарели: изменилась спецификация «Каркас снова общий»', staleTitle]);
    expect(await bell(c)).toEqual([]);
  });
});
