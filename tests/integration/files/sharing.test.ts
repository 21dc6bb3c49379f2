// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { bytesOf, call, createHarness, get, ok, sendChunk, sha256, upload, users, type FileObj, type Harness, type StoreKind } from './harness';

/**
 * The cross-user matrix: user B gets 404 for every call on user A's private objects, and exactly what a
 * share allows (read or edit, inherited by the contents) — nothing more. Links and public mode.
 */
describe.each<StoreKind>(['disk', 's3'])(`file manager sharing and links on %s (${testDriver()})`, (store) => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  let dir: FileObj;
  let sub: FileObj;
  let file: FileObj;
  let other: FileObj;
  beforeAll(async () => {
    h = await createHarness(store);
    ctx = h.ctx;
    [a, b, c] = (await users(ctx, 3)) as [TestUser, TestUser, TestUser];
    dir = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Общая', type: 'documents' })).object;
    sub = (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name: 'Подпапка', root: dir.id })).object;
    file = await upload(ctx, a, 'секрет.txt', Buffer.from('секрет'), { root: sub.id });
    other = await upload(ctx, a, 'другой.txt', Buffer.from('другой'));
  });
  afterAll(async () => {
    await h.close();
  });

  /** Every call B might try on an object, with the status expected for `none`, `read` and `edit`. */
  const matrix = (id: string, root: string) =>
    [
      ['getFileInfo', { id }, 200, 200],
      ['listObjects', { root: id }, 200, 200],
      ['updateAttributes', { id, name: 'переименовано' }, 403, 200],
      ['updateAttributes', { id, metadata: '{"x":1}' }, 403, 200],
      ['setFileMode', { id, mode: 'public' }, 403, 403],
      ['createFileLink', { id }, 403, 403],
      ['listFileLinks', { id }, 403, 403],
      ['shareFile', { id, login: c.user.email, access: 'read' }, 403, 403],
      ['unshareFile', { id, login: c.user.email }, 403, 403],
      ['listShares', { id }, 403, 403],
      ['copyFile', { id, name: 'копия', root }, 403, 200],
      ['createFolder', { name: 'новая', root: id }, 403, 200],
      ['createUpload', { name: 'новый.txt', root: id, size: 3 }, 403, 200],
    ] as const;

  it('without a share, B gets 404 for every call on A’s private objects', async () => {
    for (const target of [dir, sub, file, other]) {
      for (const [name, body] of matrix(target.id, target.id)) {
        const res = await call(ctx, b, name, body);
        expect(res.status, `${name} on ${target.name}`).toBe(404);
      }
      expect((await call(ctx, b, 'deleteFiles', { ids: [target.id] })).status).toBe(404);
      expect((await get(ctx, b, `file/${target.id}`)).status).toBe(404);
      expect((await get(ctx, b, `files?ids=${target.id}`)).status).toBe(404);
    }
    const own = await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { scope: 'all' });
    expect(own.objects).toEqual([]);
    const search = await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { search: 'секрет' });
    expect(search.objects).toEqual([]);
  });

  it('a read share on a folder: B reads it and everything inside, changes nothing', async () => {
    await ok(ctx, a, 'shareFile', { id: dir.id, login: b.user.email.toUpperCase(), access: 'read' });
    const shared = await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { scope: 'shared' });
    expect(shared.objects.map((o) => [o.name, o.access])).toEqual([['Общая', 'read']]);
    const inside = await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { root: sub.id });
    expect(inside.objects.map((o) => [o.name, o.access])).toEqual([['секрет.txt', 'read']]);
    const info = await ok<{ object: FileObj; path: { name: string }[] }>(ctx, b, 'getFileInfo', { id: file.id });
    expect(info.object.access).toBe('read');
    expect(info.path.map((p) => p.name)).toEqual(['Общая', 'Подпапка']);
    expect((await bytesOf(await get(ctx, b, `file/${file.id}`))).toString()).toBe('секрет');
    for (const target of [dir, sub, file]) {
      // copy into B's own top level is allowed with read; into A's folder is not
      for (const [name, body, readStatus] of matrix(target.id, target.id)) {
        if (name === 'copyFile' || name === 'listObjects' || name === 'getFileInfo') continue;
        const res = await call(ctx, b, name, body);
        expect(res.status, `${name} on ${target.name}`).toBe(name === 'createFolder' || name === 'createUpload' ? (target.kind === 'folder' ? readStatus : 403) : readStatus);
      }
      expect((await call(ctx, b, 'deleteFiles', { ids: [target.id] })).status).toBe(403);
    }
    const mine = await ok<{ object: FileObj }>(ctx, b, 'copyFile', { id: file.id, name: 'моя копия.txt' });
    expect(mine.object).toMatchObject({ owner: b.user.id, access: 'owner', root: null });
    // the object outside the shared folder stays invisible
    expect((await call(ctx, b, 'getFileInfo', { id: other.id })).status).toBe(404);
  });

  it('an edit share: B renames, adds and deletes inside, but cannot share, link, change the mode or move it out', async () => {
    await ok(ctx, a, 'shareFile', { id: dir.id, login: b.user.email, access: 'edit' });
    const renamed = await ok<{ object: FileObj }>(ctx, b, 'updateAttributes', { id: file.id, name: 'переименован.txt' });
    expect(renamed.object).toMatchObject({ access: 'edit', owner: a.user.id });
    const made = await ok<{ object: FileObj }>(ctx, b, 'createFolder', { name: 'от Б', root: sub.id });
    expect(made.object).toMatchObject({ owner: a.user.id, access: 'edit' });
    const added = await upload(ctx, b, 'от Б.txt', Buffer.from('б'), { root: sub.id });
    expect(added).toMatchObject({ access: 'edit' });
    for (const [name, body] of [
      ['shareFile', { id: file.id, login: c.user.email, access: 'read' }],
      ['createFileLink', { id: file.id }],
      ['setFileMode', { id: file.id, mode: 'public' }],
      ['updateAttributes', { id: file.id, root: null }],
    ] as const) {
      expect((await call(ctx, b, name, body)).status, name).toBe(403);
    }
    expect((await ok<{ deleted: number }>(ctx, b, 'deleteFiles', { ids: [made.object.id, added.id] })).deleted).toBe(2);
    // C has nothing
    expect((await call(ctx, c, 'getFileInfo', { id: file.id })).status).toBe(404);
    const shares = await ok<{ shares: { login: string; access: string }[] }>(ctx, a, 'listShares', { id: dir.id });
    expect(shares.shares).toEqual([expect.objectContaining({ login: b.user.email, access: 'edit' })]);
  });

  it('unshare takes the rights away at once', async () => {
    await ok(ctx, a, 'unshareFile', { id: dir.id, login: b.user.email });
    expect((await call(ctx, b, 'getFileInfo', { id: file.id })).status).toBe(404);
    expect((await call(ctx, a, 'unshareFile', { id: dir.id, login: b.user.email })).status).toBe(404);
    // An address with no account is answered as a registered one (share-invites.test.ts).
    expect((await call(ctx, a, 'shareFile', { id: dir.id, login: 'nobody@example.ru', access: 'read' })).status).toBe(200);
    await ok(ctx, a, 'unshareFile', { id: dir.id, login: 'nobody@example.ru' });
    expect((await call(ctx, a, 'shareFile', { id: dir.id, login: b.user.email, access: 'all' })).status).toBe(422);
  });

  it('public links: random token, opens without sign-in, expiry, password, revocation', async () => {
    const made = await ok<{ link: string; token: string; link_id: string }>(ctx, a, 'createFileLink', { id: other.id });
    expect(made.token.length).toBeGreaterThanOrEqual(43); // 256 bits base64url
    expect(made.link).toBe(`http://localhost/file/${other.id}?link=${made.token}`);
    const stored = await ctx.db.execute('select token_hash from files_links' as never);
    expect(JSON.stringify(stored)).not.toContain(made.token);
    const anon = await get(ctx, null, `file/${other.id}?link=${made.token}`);
    expect((await bytesOf(anon)).toString()).toBe('другой');
    expect((await get(ctx, null, `file/${file.id}?link=${made.token}`)).status).toBe(404);
    expect((await get(ctx, null, `file/${other.id}?link=${made.token}x`)).status).toBe(404);
    const opened = await ok<{ object: FileObj; grant: string | null }>(ctx, null, 'openFileLink', { token: made.token });
    expect(opened.object.name).toBe('другой.txt');

    // a link to a folder opens what is inside
    const folderLink = await ok<{ token: string }>(ctx, a, 'createFileLink', { id: dir.id });
    expect((await get(ctx, null, `file/${file.id}?link=${folderLink.token}`)).status).toBe(200);
    // …and is browsed without sign-in: the folder's contents, an inner object with its path from the linked
    // folder (nothing above it), and nothing outside it
    const top = await ok<{ objects: FileObj[]; total: number }>(ctx, null, 'listLinkObjects', { token: folderLink.token });
    expect(top.objects.map((o) => [o.name, o.access])).toEqual([['Подпапка', 'read']]);
    const inner = await ok<{ objects: FileObj[] }>(ctx, null, 'listLinkObjects', { token: folderLink.token, root: sub.id });
    expect(inner.objects.map((o) => o.id)).toEqual([file.id]);
    const deep = await ok<{ object: FileObj; path: { id: string; name: string }[]; link_root: string }>(ctx, null, 'openFileLink', {
      token: folderLink.token,
      id: file.id,
    });
    expect(deep.object).toMatchObject({ id: file.id, access: 'read' });
    expect(deep.path.map((p) => p.name)).toEqual(['Общая', 'Подпапка']);
    expect(deep.link_root).toBe(dir.id);
    expect((await call(ctx, null, 'openFileLink', { token: folderLink.token, id: other.id })).status).toBe(404);
    expect((await call(ctx, null, 'listLinkObjects', { token: folderLink.token, root: other.id })).status).toBe(404);
    expect((await call(ctx, null, 'listLinkObjects', { token: `${folderLink.token}x` })).status).toBe(404);
    const zip = await get(ctx, null, `files?ids=${sub.id}&link=${folderLink.token}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toContain('zip');
    await zip.arrayBuffer();

    const locked = await ok<{ token: string }>(ctx, a, 'createFileLink', { id: other.id, password: 'пароль-123' });
    const noPw = await get(ctx, null, `file/${other.id}?link=${locked.token}`);
    expect(noPw.status).toBe(403);
    expect((await call(ctx, null, 'openFileLink', { token: locked.token, password: 'не тот' })).status).toBe(403);
    const unlocked = await ok<{ grant: string }>(ctx, null, 'openFileLink', { token: locked.token, password: 'пароль-123' });
    expect((await get(ctx, null, `file/${other.id}?link=${locked.token}&grant=${unlocked.grant}`)).status).toBe(200);
    expect((await get(ctx, null, `file/${other.id}?link=${locked.token}&grant=x${unlocked.grant}`)).status).toBe(403);
    // the grant stands for the password in the other link calls
    expect((await call(ctx, null, 'openFileLink', { token: locked.token })).status).toBe(403);
    expect((await ok<{ object: FileObj }>(ctx, null, 'openFileLink', { token: locked.token, grant: unlocked.grant })).object.id).toBe(other.id);

    const past = await call(ctx, a, 'createFileLink', { id: other.id, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    const soon = await ok<{ token: string; link_id: string }>(ctx, a, 'createFileLink', {
      id: other.id,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await ctx.db.execute(`update files_links set expires_at = now() - interval '1 second' where id = '${soon.link_id}'` as never);
    expect((await get(ctx, null, `file/${other.id}?link=${soon.token}`)).status).toBe(404);

    const links = await ok<{ links: { id: string; has_password: boolean }[] }>(ctx, a, 'listFileLinks', { id: other.id });
    expect(links.links.length).toBe(3);
    await ok(ctx, a, 'revokeFileLink', { link_id: made.link_id });
    expect((await get(ctx, null, `file/${other.id}?link=${made.token}`)).status).toBe(404);
    expect((await call(ctx, b, 'revokeFileLink', { link_id: soon.link_id })).status).toBe(404);
  });

  it('public mode: anyone reads the object (and what is inside a public folder); private again closes it', async () => {
    await ok(ctx, a, 'setFileMode', { id: dir.id, mode: 'public' });
    expect((await bytesOf(await get(ctx, null, `file/${file.id}`))).toString()).toBe('секрет');
    const info = await ok<{ object: FileObj }>(ctx, b, 'getFileInfo', { id: file.id });
    expect(info.object.access).toBe('read');
    expect((await call(ctx, b, 'updateAttributes', { id: file.id, name: 'x.txt' })).status).toBe(403);
    await ok(ctx, a, 'setFileMode', { id: dir.id, mode: 'private' });
    expect((await get(ctx, null, `file/${file.id}`)).status).toBe(401);
    expect((await get(ctx, b, `file/${file.id}`)).status).toBe(404);
  });
  it('a share on a nested folder: B’s path starts at the shared folder, nothing above it is shown', async () => {
    const folder = async (name: string, root?: string) =>
      (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name, root, type: 'documents' })).object;
    const personal = await folder('Личное');
    const shared = await folder('Общая', personal.id);
    const inner = await folder('Внутри', shared.id);
    const doc = await upload(ctx, a, 'Документ.txt', Buffer.from('документ'), { root: inner.id });
    await ok(ctx, a, 'shareFile', { id: shared.id, login: b.user.email, access: 'read' });
    type Info = { object: FileObj; path: { id: string; name: string }[] };

    // the owner still sees the whole path
    expect((await ok<Info>(ctx, a, 'getFileInfo', { id: doc.id })).path.map((p) => p.name)).toEqual(['Личное', 'Общая', 'Внутри']);
    // B: from the share root down
    const ofDoc = await ok<Info>(ctx, b, 'getFileInfo', { id: doc.id });
    expect(ofDoc.path).toEqual([
      { id: shared.id, name: 'Общая' },
      { id: inner.id, name: 'Внутри' },
    ]);
    expect((await ok<Info>(ctx, b, 'getFileInfo', { id: inner.id })).path).toEqual([{ id: shared.id, name: 'Общая' }]);
    const ofRoot = await ok<Info>(ctx, b, 'getFileInfo', { id: shared.id });
    expect(ofRoot.path).toEqual([]);
    // the share root's parent is not B's to know: its `root` is null, as for a top-level object
    expect(ofRoot.object.root).toBeNull();
    expect(ofDoc.object.root).toBe(inner.id);
    expect((await ok<Info>(ctx, a, 'getFileInfo', { id: shared.id })).object.root).toBe(personal.id);
    for (const info of [ofDoc, ofRoot]) expect(JSON.stringify(info)).not.toContain(personal.id);
    expect((await call(ctx, b, 'getFileInfo', { id: personal.id })).status).toBe(404);

    // a public ancestor: C (no share) sees the path from the public folder, never above
    await ok(ctx, a, 'setFileMode', { id: inner.id, mode: 'public' });
    const ofC = await ok<Info>(ctx, c, 'getFileInfo', { id: doc.id });
    expect(ofC.object.access).toBe('read');
    expect(ofC.path).toEqual([{ id: inner.id, name: 'Внутри' }]);
    expect(JSON.stringify(ofC)).not.toContain(shared.id);
    const ofPublic = await ok<Info>(ctx, c, 'getFileInfo', { id: inner.id });
    expect(ofPublic).toMatchObject({ path: [], object: { root: null } });
    expect(JSON.stringify(ofPublic)).not.toContain(shared.id);
    // B's share is above the public folder: B's path still starts at the share
    expect((await ok<Info>(ctx, b, 'getFileInfo', { id: doc.id })).path.map((p) => p.name)).toEqual(['Общая', 'Внутри']);
    // with the topmost folder public, the path starts there for everyone
    await ok(ctx, a, 'setFileMode', { id: personal.id, mode: 'public' });
    for (const user of [b, c]) {
      expect((await ok<Info>(ctx, user, 'getFileInfo', { id: doc.id })).path.map((p) => p.name)).toEqual(['Личное', 'Общая', 'Внутри']);
    }
    await ok(ctx, a, 'setFileMode', { id: personal.id, mode: 'private' });
    await ok(ctx, a, 'setFileMode', { id: inner.id, mode: 'private' });
    expect((await call(ctx, c, 'getFileInfo', { id: doc.id })).status).toBe(404);
    expect((await ok<Info>(ctx, b, 'getFileInfo', { id: doc.id })).path.map((p) => p.name)).toEqual(['Общая', 'Внутри']);
    await ok(ctx, a, 'unshareFile', { id: shared.id, login: b.user.email });
  });

  it('B cannot send chunks to, complete or abort A’s upload: 404 and the upload is unchanged', async () => {
    const bytes = Buffer.from('загрузка пользователя А');
    const created = await ok<{ upload_id: string; chunks: number }>(ctx, a, 'createUpload', {
      name: 'загрузка А.txt',
      type: 'documents',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(created.chunks).toBe(1);
    const id = created.upload_id;
    const statusOfA = () => ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: id });

    expect((await sendChunk(ctx, b, id, 0, Buffer.alloc(bytes.length, 0x41))).status).toBe(404);
    expect((await call(ctx, b, 'completeUpload', { upload_id: id })).status).toBe(404);
    expect((await call(ctx, b, 'abortUpload', { upload_id: id })).status).toBe(404);
    expect((await statusOfA()).received).toEqual([]);

    expect((await sendChunk(ctx, a, id, 0, bytes)).status).toBe(200);
    // every chunk has arrived: B still cannot complete it (no object appears), overwrite it or abort it
    expect((await call(ctx, b, 'completeUpload', { upload_id: id })).status).toBe(404);
    expect((await sendChunk(ctx, b, id, 0, Buffer.alloc(bytes.length, 0x41))).status).toBe(404);
    expect((await call(ctx, b, 'abortUpload', { upload_id: id })).status).toBe(404);
    expect((await statusOfA()).received).toEqual([0]);
    const search = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { search: 'загрузка А' });
    expect(search.objects).toEqual([]);
    expect((await ok<{ objects: FileObj[] }>(ctx, b, 'listObjects', { scope: 'all', search: 'загрузка А' })).objects).toEqual([]);

    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: id });
    expect(done.object).toMatchObject({ owner: a.user.id, sha256: sha256(bytes), size: bytes.length });
    expect((await bytesOf(await get(ctx, a, `file/${done.object.id}`))).equals(bytes)).toBe(true);
    // after completion B still gets 404 (not the idempotent answer with A's object)
    expect((await call(ctx, b, 'completeUpload', { upload_id: id })).status).toBe(404);
    expect((await call(ctx, b, 'abortUpload', { upload_id: id })).status).toBe(404);
    expect((await bytesOf(await get(ctx, a, `file/${done.object.id}`))).equals(bytes)).toBe(true);

    // an abort by B does not discard A's open upload
    const second = await ok<{ upload_id: string }>(ctx, a, 'createUpload', {
      name: 'вторая А.txt',
      type: 'documents',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect((await call(ctx, b, 'abortUpload', { upload_id: second.upload_id })).status).toBe(404);
    expect((await sendChunk(ctx, a, second.upload_id, 0, bytes)).status).toBe(200);
    expect((await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: second.upload_id })).object.sha256).toBe(sha256(bytes));
  });

  it('B cannot revoke A’s link: 404 and the link still opens', async () => {
    const made = await ok<{ token: string; link_id: string }>(ctx, a, 'createFileLink', { id: other.id });
    expect((await call(ctx, b, 'revokeFileLink', { link_id: made.link_id })).status).toBe(404);
    // not even with a share on the object
    await ok(ctx, a, 'shareFile', { id: other.id, login: b.user.email, access: 'edit' });
    expect((await call(ctx, b, 'revokeFileLink', { link_id: made.link_id })).status).toBe(404);
    await ok(ctx, a, 'unshareFile', { id: other.id, login: b.user.email });
    const res = await get(ctx, null, `file/${other.id}?link=${made.token}`);
    expect(res.status).toBe(200);
    expect((await bytesOf(res)).toString()).toBe('другой');
    expect((await ok<{ object: FileObj }>(ctx, null, 'openFileLink', { token: made.token })).object.id).toBe(other.id);
    const links = await ok<{ links: { id: string }[] }>(ctx, a, 'listFileLinks', { id: other.id });
    expect(links.links.map((l) => l.id)).toContain(made.link_id);
    await ok(ctx, a, 'revokeFileLink', { link_id: made.link_id });
    expect((await get(ctx, null, `file/${other.id}?link=${made.token}`)).status).toBe(404);
  });
});
