// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';

let ctx: TestContext;
let alice: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, body: unknown): Promise<Answer> => callProduct<Answer['body']>(ctx, user, 'cost/sensitivity', body);

const shelf = {
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  materials: [
    { id: 'm1', name: 'Щит мебельный', unit: 'м²', qty: '0,40', wastePct: 10, price: '2 000,00' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150', article: 'purchased' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
};
const shelfParams = {
  additionalWagePct: '10',
  shop: { pct: '100', base: 'wages' },
  general: { pct: '50', base: 'wages' },
  sellingPct: '5',
  markupPct: '30',
  taxRegime: 'osno',
};

describe(`POST /api/v1/cost/sensitivity (${testDriver()})`, () => {
  it('needs sign-in', async () => {
    expect((await call(null, { spec: shelf })).status).toBe(401);
  });
  it('«Полка» at ±10 %: wages first, each move to the kopeck', async () => {
    const r = await call(alice, { spec: shelf, params: shelfParams, date: '2026-03-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.sensitivity;
    expect(s.base).toBe('2313.02');
    expect(s.items[0]).toMatchObject({ group: 'wages', deltaLow: '-123.15', deltaHigh: '123.16' });
    expect(s.items.map((i: { group: string }) => i.group)).toEqual(['wages', 'materials', 'shop', 'general', 'purchased', 'selling']);
  });
  it('a given step; a bad step and a bad spec → 4xx with Russian messages', async () => {
    const r = await call(alice, { spec: shelf, params: shelfParams, stepPct: '20', date: '2026-03-01' });
    expect(r.status).toBe(200);
    expect(r.body.sensitivity.items[1]).toMatchObject({ group: 'materials', deltaHigh: '184.80' });
    const bad = await call(alice, { spec: shelf, stepPct: '150' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toMatch(/[а-я]/);
    const badSpec = await call(alice, { spec: { ...shelf, materials: [{ ...shelf.materials[0], qty: 'много' }] } });
    expect(badSpec.status).toBe(422);
    expect(Object.values(badSpec.body.fields ?? {}).join(' ')).toMatch(/число/);
  });
});
