// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SETTING } from '@/lib/domain/files/chunk-plan';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import type { TestContext } from '../../helpers/context';
import {
  BASE,
  bytesOf,
  call,
  createHarness,
  get,
  ok,
  pattern,
  sendChunk,
  sha256,
  upload,
  users,
  type FileObj,
  type Harness,
  type StoreKind,
} from './harness';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { readZip } from './zip-reader';
import { dropHash } from '@/lib/server/services/files/file-hash-state';

describe.each<StoreKind>(['disk', 's3'])(`file manager on %s (${testDriver()})`, (store) => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    h = await createHarness(store);
    ctx = h.ctx;
    [a, b] = (await users(ctx, 2)) as [TestUser, TestUser];
  });
  afterAll(async () => {
    await h.close();
  });

  const folder = async (user: TestUser, name: string, root?: string) =>
    (await ok<{ object: FileObj }>(ctx, user, 'createFolder', { name, root, type: 'documents' })).object;

  it('refuses every call without a valid token', async () => {
    expect((await call(ctx, null, 'listObjects', {})).status).toBe(401);
    const bad = { ...a, accessToken: 'garbage' };
    expect((await call(ctx, bad, 'listObjects', {})).status).toBe(401);
  });

  it('folders form a tree: path, listing, rename with version, 409 on a stale version, no move into itself', async () => {
    const top = await folder(a, 'Договоры');
    const sub = await folder(a, '2026', top.id);
    const deep = await folder(a, 'Январь', sub.id);
    expect(top).toMatchObject({ kind: 'folder', root: null, version: 1, access: 'owner', mode: 'private', metadata: '{}' });
    const info = await ok<{ path: { id: string; name: string }[] }>(ctx, a, 'getFileInfo', { id: deep.id });
    expect(info.path).toEqual([
      { id: top.id, name: 'Договоры' },
      { id: sub.id, name: '2026' },
    ]);
    const list = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { root: top.id });
    expect(list.objects.map((o) => o.name)).toEqual(['2026']);

    const renamed = await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: sub.id, name: '2026 год', version: 1 });
    expect(renamed.object).toMatchObject({ name: '2026 год', version: 2 });
    const stale = await call(ctx, a, 'updateAttributes', { id: sub.id, name: 'x', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');

    const intoSelf = await call(ctx, a, 'updateAttributes', { id: top.id, root: top.id });
    expect(intoSelf.status).toBe(422);
    const below = await call(ctx, a, 'updateAttributes', { id: top.id, root: deep.id });
    expect(below.status).toBe(422);
    expect(below.body.fields).toHaveProperty('root');

    const moved = await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: deep.id, root: null });
    expect(moved.object.root).toBeNull();
    const badMeta = await call(ctx, a, 'updateAttributes', { id: deep.id, metadata: '{нет' });
    expect(badMeta.status).toBe(422);
    const meta = await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: deep.id, metadata: '{"a":1}' });
    expect(meta.object.metadata).toBe('{"a":1}');
    const badName = await call(ctx, a, 'createFolder', { name: 'a/b', type: 'documents' });
    expect(badName.status).toBe(422);
    expect(badName.body.fields).toHaveProperty('name');
  });

  it('listObjects: type filter, sort, paging, case-insensitive Cyrillic search (ё = е)', async () => {
    const box = await folder(a, 'Поиск');
    for (const n of ['Ёлка.txt', 'елочный отчёт.txt', 'Бюджет.txt', 'акт сверки.txt']) {
      await upload(ctx, a, n, Buffer.from(n), { root: box.id });
    }
    await folder(a, 'Вложенная', box.id);
    const byName = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { root: box.id, sort: 'name' });
    expect(byName.total).toBe(5);
    expect(byName.objects.map((o) => o.name)).toEqual(['Вложенная', 'акт сверки.txt', 'Бюджет.txt', 'Ёлка.txt', 'елочный отчёт.txt']);
    const page = await ok<{ objects: FileObj[]; total: number }>(ctx, a, 'listObjects', { root: box.id, limit: 2, offset: 2 });
    expect(page.total).toBe(5);
    expect(page.objects.map((o) => o.name)).toEqual(['Бюджет.txt', 'Ёлка.txt']);
    const found = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: box.id, search: 'ЕЛ' });
    expect(found.objects.map((o) => o.name).sort()).toEqual(['Ёлка.txt', 'елочный отчёт.txt'].sort());
    const everywhere = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { search: 'бюдж' });
    expect(everywhere.objects.map((o) => o.name)).toEqual(['Бюджет.txt']);
    const noWildcards = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { search: '%' });
    expect(noWildcards.objects).toEqual([]);
    const folders = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: box.id, kind: 'folder' });
    expect(folders.objects.map((o) => o.name)).toEqual(['Вложенная']);
    const bySize = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: box.id, kind: 'file', sort: '-size' });
    expect(bySize.objects[0]?.name).toBe('елочный отчёт.txt');
    const specs = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { type: 'specifications' });
    expect(specs.objects).toEqual([]);
    const tooMany = await call(ctx, a, 'listObjects', { limit: 1001 });
    expect(tooMany.status).toBe(422);
  });

  it('uploads in chunks: plan, re-sent chunk replaces, status, missing → 409, idempotent completion, bytes back', async () => {
    const size = 2 * CHUNK_SETTING + 123_457;
    const bytes = pattern(size);
    const created = await ok<{ upload_id: string; chunk_size: number; chunks: number }>(ctx, a, 'createUpload', {
      name: 'Большой отчёт.bin',
      type: 'documents',
      size,
      sha256: sha256(bytes),
    });
    expect(created.chunks).toBe(2);
    expect(created.chunk_size).toBe(Math.ceil(size / 2));
    const part = (i: number) => bytes.subarray(i * created.chunk_size, Math.min(size, (i + 1) * created.chunk_size));

    // chunk 1 first with wrong bytes, then again with the right ones
    const wrong = Buffer.from(part(1));
    wrong[0] = wrong[0]! ^ 0xff;
    expect((await sendChunk(ctx, a, created.upload_id, 1, wrong)).body.received).toEqual([1]);
    const incomplete = await call(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [0] });
    const again = await sendChunk(ctx, a, created.upload_id, 1, part(1));
    expect(again.body).toMatchObject({ received: [1], sha256: sha256(part(1)) });
    const short = await sendChunk(ctx, a, created.upload_id, 0, part(0).subarray(10));
    expect(short.status).toBe(422);
    const long = await sendChunk(ctx, a, created.upload_id, 0, Buffer.concat([part(0), Buffer.alloc(5)]));
    expect(long.status).toBe(413);
    const outside = await sendChunk(ctx, a, created.upload_id, 2, part(1));
    expect(outside.status).toBe(422);
    const status = await ok<{ received: number[]; chunks: number; size: number }>(ctx, a, 'uploadStatus', { upload_id: created.upload_id });
    expect(status).toMatchObject({ received: [1], chunks: 2, size });
    // someone else cannot touch the upload
    expect((await sendChunk(ctx, b, created.upload_id, 0, part(0))).status).toBe(404);
    expect((await call(ctx, b, 'uploadStatus', { upload_id: created.upload_id })).status).toBe(404);

    expect((await sendChunk(ctx, a, created.upload_id, 0, part(0))).body.received).toEqual([0, 1]);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(done.object).toMatchObject({ name: 'Большой отчёт.bin', size, sha256: sha256(bytes), kind: 'file', upload_id: created.upload_id });
    const twice = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(twice.object.id).toBe(done.object.id);
    const back = await get(ctx, a, `file/${done.object.id}`);
    expect(back.status).toBe(200);
    expect(sha256(await bytesOf(back))).toBe(sha256(bytes));
    // the chunks are gone once the object is committed
    const left = await ctx.db.execute(`select count(*)::int as n from files_upload_chunks where upload_id = '${created.upload_id}'` as never);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('a sha256 mismatch is 422 and leaves no object; abort discards the chunks', async () => {
    const bytes = Buffer.from('содержимое');
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', {
      name: 'битый.txt',
      type: 'documents',
      size: bytes.length,
      sha256: 'a'.repeat(64),
    });
    await sendChunk(ctx, a, created.upload_id, 0, bytes);
    const bad = await call(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('CHECKSUM_MISMATCH');
    const search = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { search: 'битый' });
    expect(search.objects).toEqual([]);
    await ok(ctx, a, 'abortUpload', { upload_id: created.upload_id });
    expect((await call(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).status).toBe(404);
    expect((await sendChunk(ctx, a, created.upload_id, 0, bytes)).status).toBe(404);
  });

  it('uploadChunk refuses a form without data, with data before the ids, or that is not multipart', async () => {
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'форма.txt', type: 'documents', size: 3 });
    const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
      const res = await dispatch(
        services.files,
        new Request(`${BASE}/uploadChunk`, { method: 'POST', headers: { authorization: `Bearer ${a.accessToken}`, ...headers }, body }),
        ctx,
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const noData = new FormData();
    noData.append('upload_id', created.upload_id);
    noData.append('chunk_id', '0');
    expect((await post(noData)).status).toBe(422);
    const dataFirst = new FormData();
    dataFirst.append('data', new Blob(['abc']), 'blob');
    dataFirst.append('upload_id', created.upload_id);
    dataFirst.append('chunk_id', '0');
    const late = await post(dataFirst);
    expect(late.status).toBe(422);
    expect(late.body.fields).toHaveProperty('upload_id');
    expect((await post('{"upload_id":"x"}', { 'content-type': 'application/json' })).status).toBe(422);
    const twoParts = new FormData();
    twoParts.append('upload_id', created.upload_id);
    twoParts.append('chunk_id', '0');
    twoParts.append('data', new Blob(['abc']), 'blob');
    twoParts.append('data', new Blob(['abc']), 'blob');
    expect((await post(twoParts)).status).toBe(422);
    const good = await sendChunk(ctx, a, created.upload_id, 0, Buffer.from('abc'));
    expect(good.body).toMatchObject({ received: [0], size: 3, sha256: sha256(Buffer.from('abc')) });
  });

  it('uploadChunk makes the cross-site check itself (proxy.ts leaves it out so its body streams)', async () => {
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'чужой.txt', type: 'documents', size: 3 });
    const form = new FormData();
    form.append('upload_id', created.upload_id);
    form.append('chunk_id', '0');
    form.append('data', new Blob(['abc']), 'blob');
    const res = await dispatch(
      services.files,
      new Request(`${BASE}/uploadChunk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.accessToken}`, origin: 'https://evil.example', host: 'localhost' },
        body: form,
      }),
      ctx,
    );
    expect(res.status).toBe(403);
    const status = await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: created.upload_id });
    expect(status.received).toEqual([]);
  });

  it('a chunk damaged on the server before completion (power loss) is asked for again, then the file completes', async () => {
    if (store !== 'disk') return; // S3 acknowledges only what it stored durably
    const bytes = pattern(2 * CHUNK_SETTING + 123, 5);
    const created = await ok<{ upload_id: string; chunk_size: number; chunks: number }>(ctx, a, 'createUpload', {
      name: 'повреждён.bin',
      type: 'documents',
      size: bytes.length,
    });
    const part = (i: number) => bytes.subarray(i * created.chunk_size, Math.min(bytes.length, (i + 1) * created.chunk_size));
    for (let i = 0; i < created.chunks; i++) expect((await sendChunk(ctx, a, created.upload_id, i, part(i))).status).toBe(200);
    // A restart forgets the carried hash; the disk lost chunk 1's bytes (same length, other content).
    dropHash(created.upload_id);
    const rows = (await ctx.db.execute(
      `select blob_key from files_upload_chunks where upload_id = '${created.upload_id}' and chunk_id = 1` as never,
    )) as unknown as { rows: { blob_key: string }[] };
    await ctx.blobs.put(rows.rows[0]!.blob_key, Buffer.alloc(part(1).length, 0));
    const first = await call(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [1] });
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).received).toEqual([0]);
    expect((await sendChunk(ctx, a, created.upload_id, 1, part(1))).status).toBe(200);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(done.object.sha256).toBe(sha256(bytes));
    expect(sha256(await bytesOf(await get(ctx, a, `file/${done.object.id}`)))).toBe(sha256(bytes));
  });

  it('a zero-byte file uploads as one empty chunk', async () => {
    const obj = await upload(ctx, a, 'пусто.txt', Buffer.alloc(0));
    expect(obj.size).toBe(0);
    const res = await get(ctx, a, `file/${obj.id}`);
    expect((await bytesOf(res)).length).toBe(0);
    // …or with no chunk at all (a specification is an empty file whose metadata is the document)
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'Спецификация', type: 'specifications', size: 0, metadata: '{"rows":[]}' });
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(done.object).toMatchObject({ size: 0, metadata: '{"rows":[]}', type: 'specifications', sha256: sha256(Buffer.alloc(0)) });
  });

  it('GET file/{id}: Range, ETag / If-None-Match, Cyrillic filename*, inline allowlist, nosniff and CSP sandbox', async () => {
    const bytes = pattern(100_000, 5);
    const obj = await upload(ctx, a, 'Счёт №5 "итог".pdf', bytes);
    const full = await get(ctx, a, `file/${obj.id}`);
    expect(full.headers.get('content-type')).toBe('application/pdf');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const disp = full.headers.get('content-disposition') ?? '';
    expect(disp).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disp.split("UTF-8''")[1] ?? '')).toBe('Счёт №5 "итог".pdf');
    expect(full.headers.get('content-length')).toBe('100000');
    await full.arrayBuffer();
    const etag = full.headers.get('etag');
    expect(etag).toBe(`"${sha256(bytes)}"`);

    const part = await get(ctx, a, `file/${obj.id}`, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/100000');
    expect((await bytesOf(part)).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get(ctx, a, `file/${obj.id}`, { range: 'bytes=-10' });
    expect((await bytesOf(tail)).equals(bytes.subarray(99_990))).toBe(true);
    const open = await get(ctx, a, `file/${obj.id}`, { range: 'bytes=99990-' });
    expect((await bytesOf(open)).equals(bytes.subarray(99_990))).toBe(true);
    const beyond = await get(ctx, a, `file/${obj.id}`, { range: 'bytes=100000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */100000');
    const cached = await get(ctx, a, `file/${obj.id}`, { 'if-none-match': etag ?? '' });
    expect(cached.status).toBe(304);

    const img = await upload(ctx, a, 'фото.png', Buffer.from('not really a png'));
    const imgRes = await get(ctx, a, `file/${img.id}`);
    expect(imgRes.headers.get('content-disposition')).toMatch(/^inline/);
    await imgRes.arrayBuffer();
    const html = await upload(ctx, a, 'page.html', Buffer.from('<script>alert(1)</script>'));
    const htmlRes = await get(ctx, a, `file/${html.id}`);
    expect(htmlRes.headers.get('content-disposition')).toMatch(/^attachment/);
    await htmlRes.arrayBuffer();
    const pdfFrame = await get(ctx, a, `file/${obj.id}?inline=1`);
    expect(pdfFrame.headers.get('content-disposition')).toMatch(/^inline/);
    await pdfFrame.arrayBuffer();

    const folderObj = await folder(a, 'Не файл');
    expect((await get(ctx, a, `file/${folderObj.id}`)).status).toBe(422);
    expect((await get(ctx, null, `file/${obj.id}`)).status).toBe(401);
    expect((await get(ctx, b, `file/${obj.id}`)).status).toBe(404);
  });

  it('GET files?ids=…: a zip with UTF-8 names, folders as directories, duplicates made unique', async () => {
    const dir = await folder(a, 'Папка для архива');
    const inner = await folder(a, 'Внутри', dir.id);
    const one = await upload(ctx, a, 'Отчёт.txt', Buffer.from('первый'), { root: dir.id });
    await upload(ctx, a, 'Отчёт.txt', Buffer.from('второй'), { root: dir.id });
    await upload(ctx, a, 'Вложение.csv', Buffer.from('a;b\n1;2'), { root: inner.id });
    await folder(a, 'Пустая', dir.id);
    const big = pattern(300_000, 9);
    const loose = await upload(ctx, a, 'Отчёт.txt', big);

    const res = await get(ctx, a, `files?ids=${dir.id},${loose.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''.*\.zip$/);
    const entries = readZip(await bytesOf(res));
    expect([...entries.keys()].sort()).toEqual(
      [
        'Отчёт.txt',
        'Папка для архива/',
        'Папка для архива/Внутри/',
        'Папка для архива/Внутри/Вложение.csv',
        'Папка для архива/Отчёт.txt',
        'Папка для архива/Отчёт (2).txt',
        'Папка для архива/Пустая/',
      ].sort(),
    );
    expect(entries.get('Отчёт.txt')?.equals(big)).toBe(true);
    const texts = [entries.get('Папка для архива/Отчёт.txt')?.toString(), entries.get('Папка для архива/Отчёт (2).txt')?.toString()];
    expect(texts.sort()).toEqual(['второй', 'первый']);

    const bare = await get(ctx, a, `files?${one.id}`);
    expect([...readZip(await bytesOf(bare)).keys()]).toEqual(['Отчёт.txt']);
    // nothing is streamed unless every id is readable
    expect((await get(ctx, b, `files?ids=${one.id}`)).status).toBe(404);
    expect((await get(ctx, a, 'files?ids=')).status).toBe(422);
  });

  it('copyFile copies folders deeply with their bytes; deleteFiles removes contents, all or nothing', async () => {
    const src = await folder(a, 'Исходная');
    const sub = await folder(a, 'Под', src.id);
    const f = await upload(ctx, a, 'данные.txt', Buffer.from('копия'), { root: sub.id });
    const dest = await folder(a, 'Назначение');
    const copy = (await ok<{ object: FileObj }>(ctx, a, 'copyFile', { id: src.id, name: 'Копия', root: dest.id })).object;
    expect(copy).toMatchObject({ name: 'Копия', root: dest.id, kind: 'folder', version: 1 });
    const copiedSub = (await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: copy.id })).objects;
    expect(copiedSub.map((o) => o.name)).toEqual(['Под']);
    const copiedFile = (await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { root: copiedSub[0]!.id })).objects[0]!;
    expect(copiedFile.id).not.toBe(f.id);
    expect((await bytesOf(await get(ctx, a, `file/${copiedFile.id}`))).toString()).toBe('копия');
    expect((await call(ctx, a, 'copyFile', { id: src.id, name: 'В себя', root: sub.id })).status).toBe(422);

    // all or nothing: one id the caller may not delete → nothing goes
    const other = await folder(b, 'Чужая');
    const refused = await call(ctx, a, 'deleteFiles', { ids: [src.id, other.id] });
    expect(refused.status).toBe(404);
    expect((await call(ctx, a, 'getFileInfo', { id: src.id })).status).toBe(200);

    const del = await ok<{ deleted: number }>(ctx, a, 'deleteFiles', { ids: [src.id] });
    expect(del.deleted).toBe(3);
    for (const id of [src.id, sub.id, f.id]) expect((await call(ctx, a, 'getFileInfo', { id })).status).toBe(404);
    expect((await bytesOf(await get(ctx, a, `file/${copiedFile.id}`))).toString()).toBe('копия');
    const pending = await ctx.db.execute('select count(*)::int as n from files_pending_blobs' as never);
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('quota: an upload over FILE_QUOTA_MB is 413 QUOTA_EXCEEDED', async () => {
    const big = await call(ctx, a, 'createUpload', { name: 'огромный.bin', type: 'documents', size: ctx.env.FILE_QUOTA_MB * 1024 * 1024 + 1 });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('QUOTA_EXCEEDED');
  });
});
