// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { shelf, shelfParams } from './fixtures';

const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, 'cost/sensitivity', body);

describe(`POST /api/v1/cost/sensitivity (${testDriver()})`, () => {
  it('needs sign-in', async () => {
    expect((await call(null, { spec: shelf })).status).toBe(401);
  });
  it('«Полка» at ±10 %: wages first, each move to the kopeck', async () => {
    const r = await call(suite.alice, { spec: shelf, params: shelfParams, date: '2026-03-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.sensitivity;
    expect(s.base).toBe('2313.02');
    expect(s.items[0]).toMatchObject({ group: 'wages', deltaLow: '-123.15', deltaHigh: '123.16' });
    expect(s.items.map((i: { group: string }) => i.group)).toEqual(['wages', 'materials', 'shop', 'general', 'purchased', 'selling']);
  });
  it('a given step; a bad step and a bad spec → 4xx with Russian messages', async () => {
    const r = await call(suite.alice, { spec: shelf, params: shelfParams, stepPct: '20', date: '2026-03-01' });
    expect(r.status).toBe(200);
    expect(r.body.sensitivity.items[1]).toMatchObject({ group: 'materials', deltaHigh: '184.80' });
    const bad = await call(suite.alice, { spec: shelf, stepPct: '150' });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toMatch(/[а-я]/);
    const badSpec = await call(suite.alice, { spec: { ...shelf, materials: [{ ...shelf.materials[0], qty: 'много' }] } });
    expect(badSpec.status).toBe(422);
    expect(Object.values(badSpec.body.fields ?? {}).join(' ')).toMatch(/число/);
  });
});
