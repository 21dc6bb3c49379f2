// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';
import { call, createHarness, ok, users, type FileObj, type Harness } from './harness';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = (name: string, qty: string, specId?: string) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [specId ? { id: 'm', name: 'Каркас', unit: 'шт', qty, specId, article: 'purchased' } : { id: 'm', name: 'Брус', unit: 'м', qty, price: '100' }],
  operations: [],
});

describe(`a move or a rename of a specification is not an edit (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  beforeAll(async () => {
    h = await createHarness('disk');
    ctx = h.ctx;
    [a] = (await users(ctx, 1)) as [TestUser];
  });
  afterAll(async () => {
    await h.close();
  });

  const product = async (path: string, body: unknown) => {
    const r = await callProduct<Body>(ctx, a, path, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };
  const history = async (id: string) =>
    ((await product('specs/history', { id })).versions as { version: number; author: unknown }[]).map((v) => [v.version, v.author !== null]);
  const stale = async (id: string) => (await product('specs/status', { id })).stale as boolean;

  it('no new version, no author-less version, no change of «цены устарели» for the parent or the child', async () => {
    const child = (await product('specs/create', { doc: doc('Каркас', '4') })).id as string;
    const parent = (await product('specs/create', { doc: doc('Стол', '1', child) })).id as string;
    const folder = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Мебель', type: 'specifications' })).object;
    expect(await stale(parent)).toBe(false);
    const childHistory = await history(child);
    const parentHistory = await history(parent);

    // The child moved and renamed: the parent does not become stale, the child gets no version.
    await ok(ctx, a, 'updateAttributes', { id: child, root: folder.id });
    await ok(ctx, a, 'updateAttributes', { id: child, name: 'Каркас стола' });
    expect(await stale(parent)).toBe(false);
    expect(await history(child)).toEqual(childHistory);
    const info = await ok<{ object: FileObj }>(ctx, a, 'getFileInfo', { id: child });
    expect(info.object).toMatchObject({ name: 'Каркас стола', root: folder.id, version: 1 });

    // The child edited: the parent is stale; moving and renaming the parent does not clear it.
    await product('specs/save', { id: child, doc: doc('Каркас стола', '5') });
    expect(await stale(parent)).toBe(true);
    await ok(ctx, a, 'updateAttributes', { id: parent, root: folder.id });
    await ok(ctx, a, 'updateAttributes', { id: parent, name: 'Стол обеденный' });
    await ok(ctx, a, 'setFileMode', { id: parent, mode: 'public' });
    expect(await stale(parent)).toBe(true);
    expect(await history(parent)).toEqual(parentHistory);
    expect(await history(parent)).toEqual([[1, true]]);

    // Only a recalculation clears it, as a new version with its author.
    await product('specs/recalculate', { id: parent });
    expect(await stale(parent)).toBe(false);
    expect(await history(parent)).toEqual([
      [2, true],
      [1, true],
    ]);
  });

  it('a new document through updateAttributes is a version with its author; a save onto a taken name is 409', async () => {
    const id = (await product('specs/create', { doc: doc('Верстак', '2') })).id as string;
    await product('specs/create', { doc: doc('Табурет', '1') });
    await ok(ctx, a, 'updateAttributes', { id, metadata: JSON.stringify(doc('Верстак', '3')) });
    expect(await history(id)).toEqual([
      [2, true],
      [1, true],
    ]);
    const taken = await callProduct<Body>(ctx, a, 'specs/save', { id, doc: doc('табурет', '3') });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'NAME_TAKEN', msg: 'В этой папке уже есть «Табурет».' });
    const dup = await callProduct<Body>(ctx, a, 'specs/create', { doc: doc('ТАБУРЕТ', '1') });
    expect(dup.status).toBe(409);
    expect((await call(ctx, a, 'updateAttributes', { id, name: 'Табурет' })).status).toBe(409);
  });
});
