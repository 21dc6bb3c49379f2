// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { call, createHarness, ok, upload, users, type FileObj, type Harness } from './harness';

/** `listObjects` with `recursive: true`: the whole tree (the nested-spec picker finds specifications in every folder). */
describe(`listObjects recursive (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  let top: FileObj;
  let sub: FileObj;
  beforeAll(async () => {
    h = await createHarness('disk');
    ctx = h.ctx;
    [a, b] = (await users(ctx, 2)) as [TestUser, TestUser];
    top = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Изделия', type: 'specifications' })).object;
    sub = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Узлы', root: top.id, type: 'specifications' })).object;
    const spec = { type: 'specifications', metadata: '{"schemaVersion":1}' };
    await upload(ctx, a, 'Стол', new Uint8Array(), spec);
    await upload(ctx, a, 'Столешница', new Uint8Array(), { ...spec, root: top.id });
    await upload(ctx, a, 'Ножка', new Uint8Array(), { ...spec, root: sub.id });
    const docs = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Договоры', type: 'documents' })).object;
    await upload(ctx, a, 'договор.txt', Buffer.from('договор'), { root: docs.id });
    await upload(ctx, b, 'Чужая', new Uint8Array(), spec);
  });
  afterAll(async () => {
    await h.close();
  });

  const names = (r: { objects: FileObj[] }) => r.objects.map((o) => o.name).sort();

  it('without it only the top level is listed', async () => {
    const r = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { type: 'specifications', kind: 'file' });
    expect(names(r)).toEqual(['Стол']);
  });

  it('at the top level it lists every folder of the caller, with the type and kind filters', async () => {
    const r = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { type: 'specifications', kind: 'file', recursive: true });
    expect(names(r)).toEqual(['Ножка', 'Стол', 'Столешница']);
    expect(r.total).toBe(3);
    const all = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { recursive: true });
    expect(names(all)).toEqual(['Договоры', 'Изделия', 'Ножка', 'Стол', 'Столешница', 'Узлы', 'договор.txt'].sort());
  });

  it('below a folder it lists that folder’s whole subtree, and combines with search', async () => {
    const r = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: top.id, kind: 'file', recursive: true });
    expect(names(r)).toEqual(['Ножка', 'Столешница']);
    const withFolders = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: top.id, recursive: true });
    expect(withFolders.objects.map((o) => o.name)).toEqual(['Узлы', 'Ножка', 'Столешница']);
    const found = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { type: 'specifications', recursive: true, search: 'стол' });
    expect(names(found)).toEqual(['Стол', 'Столешница']);
  });

  it('never shows another user’s objects, and refuses a folder the caller may not read', async () => {
    const r = await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { type: 'specifications', recursive: true });
    expect(names(r)).toEqual(['Чужая']);
    expect((await call(ctx, b, 'listObjects', { root: top.id, recursive: true })).status).toBe(404);
    expect((await call(ctx, a, 'listObjects', { recursive: 'да' })).status).toBe(422);
  });

  it('leaves each object’s document out of the list unless asked, and pages with the total', async () => {
    const plain = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { type: 'specifications', kind: 'file', recursive: true });
    expect(plain.objects.every((o) => !('metadata' in o))).toBe(true);
    expect(plain.objects.every((o) => o.access === 'owner' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(o.updated_at))).toBe(true);
    const full = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { type: 'specifications', kind: 'file', recursive: true, metadata: true });
    expect(full.objects.map((o) => o.metadata)).toEqual(['{"schemaVersion":1}', '{"schemaVersion":1}', '{"schemaVersion":1}']);
    const info = await ok<{ object: FileObj }>(ctx, a, 'getFileInfo', { id: full.objects[0]!.id });
    expect({ ...full.objects[0], metadata: info.object.metadata }).toEqual(info.object);
    const page = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { root: top.id, recursive: true, limit: 1, offset: 1 });
    expect([page.objects.length, page.total]).toEqual([1, 3]);
    const past = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { root: top.id, recursive: true, offset: 10 });
    expect([past.objects.length, past.total]).toEqual([0, 3]);
  });
});
