// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { call, createHarness, ok, upload, users, type FileObj, type Harness } from './harness';

/**
 * A folder's page comes from a planned-once function (files_list_folder); the same page of a folder whose
 * subfolders are empty comes from the general statement with `recursive` — both must answer alike for every
 * sort, filter, page and the metadata switch, for the owner and for a user the folder is shared with.
 */
describe(`listObjects of a folder: the function and the general statement agree (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  let folder: FileObj;
  beforeAll(async () => {
    h = await createHarness('disk');
    ctx = h.ctx;
    [a, b] = (await users(ctx, 2)) as [TestUser, TestUser];
    folder = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Смешанная', type: 'documents' })).object;
    // Same names and sizes on purpose: the ties are broken as the general statement breaks them.
    for (const name of ['Ёлка', 'акт', 'Акт 2', 'Банк']) await ok(ctx, a, 'createFolder', { name, root: folder.id, type: 'documents' });
    const files = [['Счёт.txt', 10], ['акт.txt', 3], ['Акт.pdf', 10], ['ёж.txt', 0], ['Банк.txt', 3], ['Договор.docx', 7]] as const;
    for (const [name, size] of files) await upload(ctx, a, name, Buffer.alloc(size, 1), { root: folder.id, metadata: `{"n":"${name}"}` });
    const gone = await upload(ctx, a, 'удалённый.txt', Buffer.from('x'), { root: folder.id });
    await ok(ctx, a, 'deleteFiles', { ids: [gone.id] });
    await ok(ctx, a, 'shareFile', { id: folder.id, login: b.user.email, access: 'read' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('every sort, type and kind filter, page and metadata', async () => {
    let compared = 0;
    for (const who of [a, b]) {
      for (const sort of ['name', '-name', 'updated_at', '-updated_at', 'size', '-size']) {
        for (const filter of [{}, { kind: 'file' }, { kind: 'folder' }, { type: 'documents' }, { type: 'specifications' }, { type: 'documents', kind: 'file' }]) {
          for (const [offset, limit, metadata] of [[0, 100, false], [0, 3, true], [3, 4, false], [9, 5, true], [50, 10, false]] as const) {
            const body = { root: folder.id, sort, offset, limit, metadata, ...filter };
            const page = await ok<{ objects: FileObj[]; total: number }>(ctx, who, 'listObjects', body);
            const general = await ok<{ objects: FileObj[]; total: number }>(ctx, who, 'listObjects', { ...body, recursive: true });
            expect(page, JSON.stringify(body)).toEqual(general);
            compared += page.objects.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('the page answers the folder’s access: not found for a stranger, nothing for a file as the root', async () => {
    const [c] = (await users(ctx, 1)) as [TestUser];
    const r = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: folder.id, kind: 'file', sort: 'name', limit: 1 });
    expect(await ok(ctx, a, 'listObjects', { root: r.objects[0]!.id })).toMatchObject({ objects: [], total: 0 });
    expect((await call(ctx, c, 'listObjects', { root: folder.id })).status).toBe(404);
  });
});
