// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/lib/server/db/rows';
import { sweepUploads } from '@/lib/server/services/files/sweep-uploads';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';
import type { TestContext } from '../../helpers/context';
import { bytesOf, call, createHarness, get, ok, pattern, sha256, upload, users, type FileObj, type Harness } from './harness';

interface Item {
  object: FileObj & { size: number };
  deleted_at: string;
  expires_at: string;
  path: { id: string; name: string }[];
  restores_to_root: boolean;
}

describe(`the recycle bin (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    h = await createHarness('disk', { FILE_QUOTA_MB: '1' });
    ctx = h.ctx;
    [a, b] = (await users(ctx, 2)) as [TestUser, TestUser];
  });
  afterAll(async () => {
    await h.close();
  });

  const folder = async (user: TestUser, name: string, root?: string, type = 'documents') =>
    (await ok<{ object: FileObj }>(ctx, user, 'createFolder', { name, root, type })).object;
  const trash = async (user: TestUser, type = 'documents') => (await ok<{ items: Item[]; days: number }>(ctx, user, 'listTrash', { type })).items;
  const names = async (user: TestUser, root?: string) =>
    (await ok<{ objects: FileObj[] }>(ctx, user, 'listObjects', { root, type: 'documents' })).objects.map((o) => o.name);
  const count = async (table: string) => (await rows<{ n: number }>(ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  const blobKeys = async (id: string) =>
    (
      await rows<{ key: string }>(
        ctx.db,
        sql`select blob_key as key from files_objects where id = ${id} and blob_key is not null
            union select blob_key from files_object_parts where object_id = ${id}`,
      )
    ).map((r) => r.key);

  it('delete → bin → restore brings back the same bytes, shares and place; the child of a deleted folder is invisible', async () => {
    const dir = await folder(a, 'Договоры');
    const bytes = pattern(200_000, 3);
    const file = await upload(ctx, a, 'договор.pdf', bytes, { root: dir.id });
    await ok(ctx, a, 'shareFile', { id: dir.id, login: b.user.email, access: 'read' });
    const link = await ok<{ token: string }>(ctx, a, 'createFileLink', { id: file.id });

    const del = await ok<{ deleted: number; msg: string }>(ctx, a, 'deleteFiles', { ids: [dir.id] });
    expect(del.deleted).toBe(2);
    expect(await names(a)).not.toContain('Договоры');
    // Invisible everywhere: get, path, list, search, share, link, zip — to the owner and to those it was shared with.
    for (const id of [dir.id, file.id]) {
      expect((await call(ctx, a, 'getFileInfo', { id })).status).toBe(404);
      expect((await get(ctx, a, `file/${id}`)).status).toBe(404);
      expect((await get(ctx, a, `files?ids=${id}`)).status).toBe(404);
      expect((await call(ctx, b, 'getFileInfo', { id })).status).toBe(404);
    }
    expect((await call(ctx, a, 'listObjects', { root: dir.id })).status).toBe(404);
    expect((await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { search: 'договор', type: 'documents' })).objects).toEqual([]);
    expect((await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { scope: 'shared' })).objects).toEqual([]);
    expect((await call(ctx, a, 'shareFile', { id: file.id, login: b.user.email, access: 'edit' })).status).toBe(404);
    expect((await call(ctx, null, 'openFileLink', { token: link.token })).status).toBe(404);

    const items = await trash(a);
    expect(items.map((i) => i.object.name)).toEqual(['Договоры']);
    const item = items[0]!;
    expect(item.object.size).toBe(bytes.length);
    expect(item.restores_to_root).toBe(true);
    const days = (new Date(item.expires_at).getTime() - new Date(item.deleted_at).getTime()) / 86_400_000;
    expect(days).toBe(30);
    // Not the other user's bin (they could only read it); not the bin of another type.
    expect(await trash(b)).toEqual([]);
    expect(await trash(a, 'specifications')).toEqual([]);

    const back = await ok<{ restored: FileObj[] }>(ctx, a, 'restoreFiles', { ids: [dir.id] });
    expect(back.restored.map((o) => o.name)).toEqual(['Договоры']);
    const again = await ok<{ object: FileObj }>(ctx, a, 'getFileInfo', { id: file.id });
    expect(again.object).toMatchObject({ root: dir.id, sha256: sha256(bytes) });
    expect(sha256(await bytesOf(await get(ctx, a, `file/${file.id}`)))).toBe(sha256(bytes));
    expect((await call(ctx, b, 'getFileInfo', { id: file.id })).status).toBe(200);
    expect((await call(ctx, null, 'openFileLink', { token: link.token })).status).toBe(200);
    expect(await trash(a)).toEqual([]);
  });

  it('a file deleted from a folder goes back there; from a folder deleted for good, to the top level', async () => {
    const dir = await folder(a, 'Акты');
    const f = await upload(ctx, a, 'акт.txt', Buffer.from('акт'), { root: dir.id });
    await ok(ctx, a, 'deleteFiles', { ids: [f.id] });
    expect(await names(a, dir.id)).toEqual([]);
    let [item] = await trash(a);
    expect(item).toMatchObject({ path: [{ id: dir.id, name: 'Акты' }], restores_to_root: false });
    await ok(ctx, a, 'restoreFiles', { ids: [f.id] });
    expect(await names(a, dir.id)).toEqual(['акт.txt']);

    await ok(ctx, a, 'deleteFiles', { ids: [f.id] });
    await ok(ctx, a, 'deleteFiles', { ids: [dir.id] });
    expect((await trash(a)).map((i) => i.object.name).sort()).toEqual(['Акты', 'акт.txt']);
    [item] = (await trash(a)).filter((i) => i.object.id === f.id);
    expect(item!.restores_to_root).toBe(true); // its folder is in the bin too
    await ok(ctx, a, 'deleteForever', { ids: [dir.id] });
    expect((await trash(a)).map((i) => i.object.name)).toEqual(['акт.txt']);
    await ok(ctx, a, 'restoreFiles', { ids: [f.id] });
    const info = await ok<{ object: FileObj }>(ctx, a, 'getFileInfo', { id: f.id });
    expect(info.object.root).toBeNull();
    expect((await bytesOf(await get(ctx, a, `file/${f.id}`))).toString()).toBe('акт');
  });

  it('restoring onto a taken name: 409 with a suggestion, or «Оставить оба» as «name (2).ext»', async () => {
    const old = await upload(ctx, a, 'смета.xlsx', Buffer.from('старая'));
    await ok(ctx, a, 'deleteFiles', { ids: [old.id] });
    await upload(ctx, a, 'Смета.xlsx', Buffer.from('новая'));
    const refused = await call(ctx, a, 'restoreFiles', { ids: [old.id] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'NAME_TAKEN', msg: 'В этой папке уже есть «Смета.xlsx».', suggested: 'смета (2).xlsx' });
    const both = await ok<{ restored: FileObj[] }>(ctx, a, 'restoreFiles', { ids: [old.id], keep_both: true });
    expect(both.restored[0]!.name).toBe('смета (2).xlsx');
  });

  it('the bin counts toward the quota; delete forever frees it and removes the blobs', async () => {
    const big = pattern(700_000, 5);
    const f = await upload(ctx, a, 'большой.bin', big);
    const keys = await blobKeys(f.id);
    expect(keys.length).toBeGreaterThan(0);
    await ok(ctx, a, 'deleteFiles', { ids: [f.id] });
    const over = await call(ctx, a, 'createUpload', { name: 'ещё.bin', type: 'documents', size: 500_000 });
    expect(over.status).toBe(413);
    await ok(ctx, a, 'deleteForever', { ids: [f.id] });
    expect((await call(ctx, a, 'getFileInfo', { id: f.id })).status).toBe(404);
    for (const key of keys) expect(await ctx.blobs.stat(key)).toBeNull();
    expect(await count('files_pending_blobs')).toBe(0);
    expect((await call(ctx, a, 'createUpload', { name: 'ещё.bin', type: 'documents', size: 500_000 })).status).toBe(200);
    expect((await call(ctx, a, 'restoreFiles', { ids: [f.id] })).status).toBe(404);
  });

  it('the sweeper empties what is older than TRASH_DAYS and leaves younger items; emptyTrash empties the rest', async () => {
    const oldFile = await upload(ctx, a, 'давний.txt', Buffer.from('давний'));
    const young = await upload(ctx, a, 'свежий.txt', Buffer.from('свежий'));
    await ok(ctx, a, 'deleteFiles', { ids: [oldFile.id, young.id] });
    const oldKeys = await blobKeys(oldFile.id);
    await ctx.db.execute(sql`update files_objects set deleted_at = now() - interval '31 days' where id = ${oldFile.id}`);
    const swept = await sweepUploads(ctx);
    expect(swept.trash).toBe(1);
    for (const key of oldKeys) expect(await ctx.blobs.stat(key)).toBeNull();
    expect((await trash(a)).map((i) => i.object.name)).toContain('свежий.txt');
    expect((await trash(a)).map((i) => i.object.name)).not.toContain('давний.txt');
    const emptied = await ok<{ deleted: number }>(ctx, a, 'emptyTrash', { type: 'documents' });
    expect(emptied.deleted).toBeGreaterThan(0);
    expect(await trash(a)).toEqual([]);
  });

  it('someone with edit rights deletes into the owner’s bin; a reader may not delete; others see nothing', async () => {
    const shared = await folder(a, 'Общая');
    await ok(ctx, a, 'shareFile', { id: shared.id, login: b.user.email, access: 'edit' });
    const f = await upload(ctx, b, 'от Бориса.txt', Buffer.from('б'), { root: shared.id });
    await ok(ctx, b, 'deleteFiles', { ids: [f.id] });
    expect((await trash(a)).map((i) => i.object.name)).toContain('от Бориса.txt');
    expect((await trash(b)).map((i) => i.object.name)).toEqual(['от Бориса.txt']);
    await ok(ctx, b, 'restoreFiles', { ids: [f.id] });
    await ok(ctx, a, 'shareFile', { id: shared.id, login: b.user.email, access: 'read' });
    expect((await call(ctx, b, 'deleteFiles', { ids: [f.id] })).status).toBe(403);
  });

  it('a specification in the bin keeps its versions: restored, its history is the same', async () => {
    const created = await callProduct<{ id: string }>(ctx, a, 'specs/create', {
      doc: { schemaVersion: 1, name: 'Полка', unit: 'шт', outputQty: '1', materials: [{ id: 'm', name: 'Доска', unit: 'м', qty: '2', price: '100' }], operations: [] },
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    const saved = await callProduct(ctx, a, 'specs/save', {
      id,
      doc: { schemaVersion: 1, name: 'Полка', unit: 'шт', outputQty: '1', materials: [{ id: 'm', name: 'Доска', unit: 'м', qty: '3', price: '100' }], operations: [] },
    });
    expect(saved.status).toBe(200);
    const before = await callProduct<{ versions: unknown[] }>(ctx, a, 'specs/history', { id });
    await ok(ctx, a, 'deleteFiles', { ids: [id] });
    expect((await callProduct(ctx, a, 'specs/history', { id })).status).toBe(404);
    expect((await trash(a, 'specifications')).map((i) => i.object.name)).toEqual(['Полка']);
    await ok(ctx, a, 'restoreFiles', { ids: [id] });
    const after = await callProduct<{ versions: unknown[] }>(ctx, a, 'specs/history', { id });
    expect(after.body.versions).toEqual(before.body.versions);
    expect(after.body.versions).toHaveLength(2);
  });
});
