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

const doc = (name: string, qty: string, extra: Record<string, unknown>[] = [], outputQty = '1') => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty,
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

describe(`specs/costs: the list's current cost and staleness in one call (${testDriver()})`, () => {
  const tag = Date.now().toString(36);
  const leaf = `leaf-${tag}`;
  const top = `top-${tag}`;
  const batch = `batch-${tag}`;
  const broken = `broken-${tag}`;

  it('полная себестоимость per unit by the caller\'s defaults; a changed nested spec marks the parent stale', async () => {
    await storeSpec(suite.alice, leaf, doc('Брусок', '2'));
    await storeSpec(suite.alice, top, doc('Рама', '1', [{ id: 'n1', name: 'Брусок', unit: 'шт', qty: '4', specId: leaf, article: 'purchased' }]));
    // 10 units for 30 м of Брус: 3 000,00 on the output, 300,00 per unit.
    await storeSpec(suite.alice, batch, doc('Партия', '30', [], '10'));
    await storeSpec(suite.alice, broken, { ...doc('Сломанная', 'много'), name: 'Сломанная' });

    const r = await call(suite.alice, 'specs/costs', { ids: [leaf, top, batch, broken] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const by = Object.fromEntries(r.body.items.map((i: { id: string }) => [i.id, i]));
    // Брусок: 2 × 100 = 200,00; Рама: 100 + 4 × 200 = 900,00 (no overheads in the defaults).
    expect(by[leaf]).toMatchObject({ fullCost: '200.00', unit: 'шт', error: null, stale: false });
    expect(by[top]).toMatchObject({ fullCost: '900.00', error: null, stale: false, nested: [], processSet: null });
    expect(by[batch]).toMatchObject({ fullCost: '300.00', outputQty: '10' });
    expect(by[broken].fullCost).toBeNull();
    expect(by[broken].error).toMatch(/Сломанная/);

    // The user's saved defaults are what the list uses: 10 % коммерческие.
    expect((await call(suite.alice, 'cost/defaults/save', { params: { sellingPct: '10' } })).status).toBe(200);
    const d = await call(suite.alice, 'specs/costs', { ids: [leaf] });
    expect(d.body.items[0].fullCost).toBe('220.00');
    expect(d.body.defaults).toEqual({ kind: 'user' });

    // The nested specification changes after the parent was saved.
    await aSecondEarlier(suite.ctx, suite.alice.user.id);
    expect((await call(suite.alice, 'specs/save', { id: leaf, doc: doc('Брусок', '3') })).status).toBe(200);
    const st = await call(suite.alice, 'specs/costs', { ids: [top] });
    expect(st.body.items[0]).toMatchObject({ stale: true, processSet: null, fullCost: '1430.00' });
    expect(st.body.items[0].nested.map((n: { name: string }) => n.name)).toEqual(['Брусок']);
  });

  it('access: others get «не найдена» per item until shared; signed out is 401; bad input is a Russian 422', async () => {
    const foreign = await call(suite.bob, 'specs/costs', { ids: [leaf] });
    expect(foreign.status).toBe(200);
    expect(foreign.body.items[0]).toMatchObject({ id: leaf, fullCost: null, stale: false, error: 'Спецификация не найдена.' });
    await suite.ctx.db.insert(fileShares).values({ objectId: leaf, userId: suite.bob.user.id, access: 'read' });
    // Bob's own (empty) defaults apply: 3 × 100.
    expect((await call(suite.bob, 'specs/costs', { ids: [leaf] })).body.items[0].fullCost).toBe('300.00');

    expect((await call(null, 'specs/costs', { ids: [leaf] })).status).toBe(401);
    const none = await call(suite.alice, 'specs/costs', { ids: [] });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toMatch(/хотя бы одну/);
    const many = await call(suite.alice, 'specs/costs', { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) });
    expect(many.status).toBe(422);
    expect(JSON.stringify(many.body)).toMatch(/Не больше 100/);
  });
});
