// @vitest-environment node
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SETTING } from '@/lib/domain/files/chunk-plan';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { createTestContext, type TestContext } from '../../helpers/context';
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
  crc32,
  upload,
  users,
  type FileObj,
  type Harness,
  type StoreKind,
} from './harness';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { readZip } from './zip-reader';
import { dropHash } from '@/lib/server/services/files/chunk-hasher';
import { noteMultipart, notePending } from '@/lib/server/services/files/pending-blobs';
import { sweepUploads } from '@/lib/server/services/files/sweep-uploads';
import { createS3Store, ensureBucket } from '@/lib/server/storage/s3';
import { startS3rverWithMultipart, type S3rverWithMultipart } from '../storage/s3rver-multipart';

/**
 * Sends a chunk form whose last 60 bytes (the second of two data parts, and the end) arrive only once the server
 * has read the rest and asks for more: the first part is on its way to the store by then (the server reads
 * the body only as fast as the part's store takes it).
 */
async function sendLateTail(ctx: TestContext, user: TestUser, form: FormData): Promise<number> {
  const asBody = new Response(form);
  const type = asBody.headers.get('content-type')!;
  const encoded = new Uint8Array(await asBody.arrayBuffer());
  const split = encoded.length - 60;
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        c.enqueue(encoded.subarray(0, split));
      },
      // With no queue of its own (highWaterMark 0) the stream is pulled only when the reader asks for more.
      pull(c) {
        c.enqueue(encoded.subarray(split));
        c.close();
      },
    },
    { highWaterMark: 0 },
  );
  const init = { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': type }, body, duplex: 'half' };
  const res = await dispatch(services.files, new Request(`${BASE}/uploadChunk`, init as RequestInit), ctx);
  await res.arrayBuffer();
  return res.status;
}

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

  /** Starts an upload of `bytes` as `a` and sends every chunk of its plan. */
  const sendAll = async (name: string, bytes: Buffer) => {
    const created = await ok<{ upload_id: string; chunk_size: number; chunks: number }>(ctx, a, 'createUpload', {
      name,
      type: 'documents',
      size: bytes.length,
    });
    const part = (i: number) => bytes.subarray(i * created.chunk_size, Math.min(bytes.length, (i + 1) * created.chunk_size));
    for (let i = 0; i < created.chunks; i++) expect((await sendChunk(ctx, a, created.upload_id, i, part(i))).status).toBe(200);
    return { created, part };
  };
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

    // A rename is not an edit: the version stays; a new metadata is one, and then version 1 is stale.
    const renamed = await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: sub.id, name: '2026 год', version: 1 });
    expect(renamed.object).toMatchObject({ name: '2026 год', version: 1, updated_at: sub.updated_at });
    expect((await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: sub.id, metadata: '{"b":2}', version: 1 })).object.version).toBe(2);
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
    expect(again.body).toMatchObject({ received: [1], crc32: crc32(part(1)) });
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
    // The same with the second part arriving late, once the first one is on its way to the store.
    expect(await sendLateTail(ctx, a, twoParts)).toBe(422);
    // The failed request stores nothing, not even its first, complete data part; its journal entry goes too.
    const journalled = async () =>
      Number(
        ((await ctx.db.execute(`select count(*)::int as n from files_pending_blobs` as never)) as unknown as { rows: { n: number }[] })
          .rows[0]!.n,
      );
    // The answer may come before the clean-up of what the first part stored has removed its journal entry.
    await waitUntil(async () => (await journalled()) === 0, { what: 'the journal entry of the refused chunk to go' });
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).received).toEqual([]);
    const good = await sendChunk(ctx, a, created.upload_id, 0, Buffer.from('abc'));
    expect(good.body).toMatchObject({ received: [0], size: 3, crc32: '352441c2' });
  });

  it('a chunk refused while its bytes flow (revoked session, someone else’s upload, off the plan, too long) leaves nothing behind', async () => {
    const bytes = pattern(300_000, 7);
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'отказы.bin', type: 'documents', size: bytes.length });
    const id = created.upload_id;
    // Journal entries of this upload's chunk blobs (keys uploads/<upload>/…).
    const pending = async () =>
      Number(
        (
          (await ctx.db.execute(
            `select count(*)::int as n from files_pending_blobs where key like 'uploads/${id}/%'` as never,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    // A session ended after its token was issued: the token still verifies, the session check (made while the
    // body streams) refuses it.
    const c = (await users(ctx, 1))[0]!;
    await ctx.db.execute(`update auth_sessions set revoked_at = now() where user_id = '${c.user.id}'` as never);
    const blobs = path.join(ctx.env.dataDir, 'blobs');
    const tempFiles = () => (fsSync.existsSync(path.join(blobs, '.tmp')) ? fsSync.readdirSync(path.join(blobs, '.tmp')) : []);
    expect((await sendChunk(ctx, c, id, 0, bytes)).status).toBe(401);
    expect((await sendChunk(ctx, b, id, 0, bytes)).status).toBe(404);
    expect((await sendChunk(ctx, a, id, 1, bytes)).status).toBe(422);
    // Refused by the checks: not a byte was written anywhere (on disk not even the upload's file exists).
    if (store === 'disk') expect(fsSync.existsSync(path.join(blobs, 'uploads', id))).toBe(false);
    expect((await sendChunk(ctx, a, id, 0, Buffer.concat([bytes, Buffer.from('лишнее')]))).status).toBe(413);
    expect((await sendChunk(ctx, a, id, 0, bytes.subarray(1))).status).toBe(422);
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: id })).received).toEqual([]);
    expect(await pending()).toBe(0);
    if (store === 'disk') {
      expect(tempFiles()).toEqual([]);
      // A chunk refused for its length wrote only into its own range of the upload's file (never past it):
      // nothing committed refers to those bytes, and the file goes with the upload.
      expect(fsSync.statSync(path.join(blobs, 'uploads', id, 'data')).size).toBeLessThanOrEqual(bytes.length);
      const other = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'брошена.bin', type: 'documents', size: bytes.length });
      expect((await sendChunk(ctx, a, other.upload_id, 0, bytes.subarray(7))).status).toBe(422);
      expect(fsSync.existsSync(path.join(blobs, 'uploads', other.upload_id))).toBe(true);
      await ok(ctx, a, 'abortUpload', { upload_id: other.upload_id });
      expect(fsSync.existsSync(path.join(blobs, 'uploads', other.upload_id))).toBe(false);
    }
    expect((await sendChunk(ctx, a, id, 0, bytes)).body).toMatchObject({ received: [0], crc32: crc32(bytes) });
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: id });
    expect(done.object.sha256).toBe(sha256(bytes));
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
    const { created, part } = await sendAll('повреждён.bin', bytes);
    // A restart forgets the carried hash; the disk lost chunk 1's bytes (same length, other content).
    dropHash(created.upload_id);
    const rows = (await ctx.db.execute(
      `select blob_key from files_upload_chunks where upload_id = '${created.upload_id}' and chunk_id = 1` as never,
    )) as unknown as { rows: { blob_key: string }[] };
    // Chunks are written in place into the upload's one file: chunk 1's range of it is zeroed.
    const file = path.join(ctx.env.dataDir, 'blobs', ...rows.rows[0]!.blob_key.split('/'));
    const handle = await fs.open(file, 'r+');
    await handle.write(Buffer.alloc(part(1).length, 0), 0, part(1).length, created.chunk_size);
    await handle.close();
    const first = await call(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [1] });
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).received).toEqual([0]);
    expect((await sendChunk(ctx, a, created.upload_id, 1, part(1))).status).toBe(200);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(done.object.sha256).toBe(sha256(bytes));
    expect(sha256(await bytesOf(await get(ctx, a, `file/${done.object.id}`)))).toBe(sha256(bytes));
  });

  it('an upload begun with a blob per chunk (before chunks were written in place) asks for those chunks again', async () => {
    if (store !== 'disk') return;
    const bytes = pattern(2 * CHUNK_SETTING + 77, 9);
    const { created, part } = await sendAll('старая загрузка.bin', bytes);
    // Chunk 0 as the earlier format stored it: a blob of its own.
    const legacy = `uploads/${created.upload_id}/0-legacy`;
    await ctx.blobs.put(legacy, part(0));
    await ctx.db.execute(`update files_upload_chunks set blob_key = '${legacy}' where upload_id = '${created.upload_id}' and chunk_id = 0` as never);
    dropHash(created.upload_id);
    const first = await call(ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [0] });
    expect(await ctx.blobs.stat(legacy)).toBeNull();
    expect((await sendChunk(ctx, a, created.upload_id, 0, part(0))).status).toBe(200);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: created.upload_id });
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
    const other = await folder(a, 'Другая');
    const second = await upload(ctx, a, 'Отчёт.txt', Buffer.from('второй'), { root: other.id });
    await upload(ctx, a, 'Вложение.csv', Buffer.from('a;b\n1;2'), { root: inner.id });
    await folder(a, 'Пустая', dir.id);
    const big = pattern(300_000, 9);
    const loose = await upload(ctx, a, 'Отчёт.txt', big);

    // Two chosen files of one name (from different folders) are made unique in the archive.
    const res = await get(ctx, a, `files?ids=${dir.id},${loose.id},${second.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''.*\.zip$/);
    const entries = readZip(await bytesOf(res));
    expect([...entries.keys()].sort()).toEqual(
      [
        'Отчёт.txt',
        'Отчёт (2).txt',
        'Папка для архива/',
        'Папка для архива/Внутри/',
        'Папка для архива/Внутри/Вложение.csv',
        'Папка для архива/Отчёт.txt',
        'Папка для архива/Пустая/',
      ].sort(),
    );
    expect(entries.get('Отчёт.txt')?.equals(big)).toBe(true);
    expect(entries.get('Отчёт (2).txt')?.toString()).toBe('второй');
    expect(entries.get('Папка для архива/Отчёт.txt')?.toString()).toBe('первый');

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

describe(`S3 multipart uploads behind chunks ≥ 5 MiB (${testDriver()})`, () => {
  const BUCKET = 'kalkulus-parts';
  let ctx: TestContext;
  let shim: S3rverWithMultipart;
  let dir: string;
  let a: TestUser;
  let s3: S3Client;
  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_IDLE_HOURS: '24' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kalkulus-s3rver-mp-'));
    shim = await startS3rverWithMultipart(dir);
    const opts = { endpoint: shim.endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
    await ensureBucket(opts);
    ctx.blobs = createS3Store(opts);
    s3 = new S3Client({ endpoint: opts.endpoint, region: opts.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    [a] = (await users(ctx, 1)) as [TestUser];
  });
  afterAll(async () => {
    s3.destroy();
    await ctx.destroy();
    await shim.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const MiB = 1024 * 1024;
  const objectKeys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();
  const count = async (table: string) =>
    ((await ctx.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const uploadRow = async (id: string) =>
    ((await ctx.db.execute(`select multipart_key, multipart_id from files_uploads where id = '${id}'` as never)) as unknown as {
      rows: { multipart_key: string | null; multipart_id: string | null }[];
    }).rows[0];
  const start = async (name: string, bytes: Buffer, withSha = true) => {
    const created = await ok<{ upload_id: string; chunk_size: number; chunks: number }>(ctx, a, 'createUpload', {
      name,
      type: 'documents',
      size: bytes.length,
      ...(withSha ? { sha256: sha256(bytes) } : {}),
    });
    const part = (i: number) => bytes.subarray(i * created.chunk_size, Math.min(bytes.length, (i + 1) * created.chunk_size));
    return { ...created, part };
  };

  it('a 2-chunk upload (chunks ≥ 5 MiB) is one multipart upload: byte-identical, right sha256, no chunk objects, nothing pending', async () => {
    const bytes = pattern(10 * MiB + 1000, 11);
    const up = await start('Большой.bin', bytes);
    expect(up.chunks).toBe(2);
    expect(up.chunk_size).toBeGreaterThanOrEqual(5 * MiB);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]); // created lazily, with the first chunk
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0))).body).toMatchObject({ received: [0], crc32: crc32(up.part(0)) });
    const row = await uploadRow(up.upload_id);
    expect(row?.multipart_id).toBeTruthy();
    expect(await shim.pendingUploads(BUCKET)).toEqual([row!.multipart_id]);
    // The upload's row holds the UploadId (a crash now leaves it to the sweep of idle uploads), so nothing is left
    // in the journal; no chunk object was written.
    expect(await count('files_pending_blobs')).toBe(0);
    expect(await objectKeys()).toEqual([]);
    expect((await sendChunk(ctx, a, up.upload_id, 1, up.part(1))).body.received).toEqual([0, 1]);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(done.object).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect((await bytesOf(await get(ctx, a, `file/${done.object.id}`))).equals(bytes)).toBe(true);
    const range = await get(ctx, a, `file/${done.object.id}`, { range: `bytes=${5 * MiB - 2}-${5 * MiB + 5}` });
    expect((await bytesOf(range)).equals(bytes.subarray(5 * MiB - 2, 5 * MiB + 6))).toBe(true);
    expect(await objectKeys()).toEqual([row!.multipart_key]);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await count('files_upload_chunks')).toBe(0);
    expect(await count('files_pending_blobs')).toBe(0);
    expect((await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id })).object.id).toBe(done.object.id);
    await ok(ctx, a, 'deleteFiles', { ids: [done.object.id] });
    await ok(ctx, a, 'deleteForever', { ids: [done.object.id] });
    expect(await objectKeys()).toEqual([]);
  });

  it('a chunk request that fails after its data part stores nothing and leaves nothing in the journal', async () => {
    const bytes = pattern(10 * MiB + 1000, 13);
    const up = await start('Оборванный.bin', bytes);
    const twoParts = new FormData();
    twoParts.append('upload_id', up.upload_id);
    twoParts.append('chunk_id', '0');
    twoParts.append('data', new Blob([up.part(0) as Uint8Array<ArrayBuffer>]), 'blob');
    twoParts.append('data', new Blob(['abc']), 'blob');
    expect(await sendLateTail(ctx, a, twoParts)).toBe(422);
    // The multipart upload made for the chunk stays the upload's (its row holds it), not the journal's.
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: up.upload_id })).received).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0))).body.received).toEqual([0]);
    expect((await sendChunk(ctx, a, up.upload_id, 1, up.part(1))).body.received).toEqual([0, 1]);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(done.object).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect(await count('files_pending_blobs')).toBe(0);
    await ok(ctx, a, 'deleteFiles', { ids: [done.object.id] });
    await ok(ctx, a, 'deleteForever', { ids: [done.object.id] });
    expect(await objectKeys()).toEqual([]);
  });

  it('a chunk sent again replaces the part; out of order, the finished object is read once for the sha256', async () => {
    const bytes = pattern(11 * MiB + 7, 12);
    const up = await start('Заново.bin', bytes);
    const wrong = Buffer.from(up.part(1));
    wrong[100] = wrong[100]! ^ 0xff;
    expect((await sendChunk(ctx, a, up.upload_id, 1, wrong)).status).toBe(200);
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0))).status).toBe(200);
    // Wrong lengths are refused as on the other path, and leave the part as it was.
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0).subarray(5))).status).toBe(422);
    expect((await sendChunk(ctx, a, up.upload_id, 0, Buffer.concat([up.part(0), Buffer.alloc(3)]))).status).toBe(413);
    expect((await sendChunk(ctx, a, up.upload_id, 1, up.part(1))).body).toMatchObject({ received: [0, 1], crc32: crc32(up.part(1)) });
    expect(await shim.pendingUploads(BUCKET)).toHaveLength(1);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(done.object.sha256).toBe(sha256(bytes));
    expect((await bytesOf(await get(ctx, a, `file/${done.object.id}`))).equals(bytes)).toBe(true);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect((await objectKeys()).filter((k) => k.startsWith('uploads/'))).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    await ok(ctx, a, 'deleteFiles', { ids: [done.object.id] });
    await ok(ctx, a, 'deleteForever', { ids: [done.object.id] });
  });

  it('a sha256 mismatch: 422 before anything is joined when the hash was carried; else 422 and the upload starts over', async () => {
    const bytes = pattern(10 * MiB + 10, 13);
    const up = await start('Битый.bin', bytes, false);
    await ctx.db.execute(`update files_uploads set sha256 = '${'b'.repeat(64)}' where id = '${up.upload_id}'` as never);
    for (const i of [0, 1]) expect((await sendChunk(ctx, a, up.upload_id, i, up.part(i))).status).toBe(200);
    const early = await call(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(early.status).toBe(422);
    expect(await shim.pendingUploads(BUCKET)).toHaveLength(1); // the parts stay
    dropHash(up.upload_id); // as after a restart
    const late = await call(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(late).toMatchObject({ status: 422, body: { code: 'CHECKSUM_MISMATCH', sha256: sha256(bytes) } });
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await objectKeys()).toEqual([]);
    expect((await ok<{ received: number[] }>(ctx, a, 'uploadStatus', { upload_id: up.upload_id })).received).toEqual([]);
    await ok(ctx, a, 'abortUpload', { upload_id: up.upload_id });
    expect(await count('files_pending_blobs')).toBe(0);
  });

  it('abortUpload aborts the multipart upload', async () => {
    const bytes = pattern(10 * MiB + 10, 14);
    const up = await start('Отмена.bin', bytes);
    expect((await sendChunk(ctx, a, up.upload_id, 1, up.part(1))).status).toBe(200);
    expect(await shim.pendingUploads(BUCKET)).toHaveLength(1);
    await ok(ctx, a, 'abortUpload', { upload_id: up.upload_id });
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await objectKeys()).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0))).status).toBe(404);
  });

  it('two first chunks at once make one multipart upload', async () => {
    const bytes = pattern(10 * MiB + 10, 15);
    const up = await start('Разом.bin', bytes);
    const both = await Promise.all([sendChunk(ctx, a, up.upload_id, 0, up.part(0)), sendChunk(ctx, a, up.upload_id, 1, up.part(1))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await shim.pendingUploads(BUCKET)).toEqual([(await uploadRow(up.upload_id))!.multipart_id]);
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect((await bytesOf(await get(ctx, a, `file/${done.object.id}`))).equals(bytes)).toBe(true);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    await ok(ctx, a, 'deleteFiles', { ids: [done.object.id] });
    await ok(ctx, a, 'deleteForever', { ids: [done.object.id] });
  });

  it('two completions at once answer the same object, once committed', async () => {
    const bytes = pattern(10 * MiB + 20, 16);
    const up = await start('Дважды.bin', bytes);
    for (const i of [0, 1]) expect((await sendChunk(ctx, a, up.upload_id, i, up.part(i))).status).toBe(200);
    dropHash(up.upload_id); // both read the finished object: the widest window between joining and the commit
    const both = await Promise.all([0, 1].map(() => call(ctx, a, 'completeUpload', { upload_id: up.upload_id })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const ids = both.map((r) => (r.body as unknown as { object: FileObj }).object.id);
    expect(ids[0]).toBe(ids[1]);
    expect((await bytesOf(await get(ctx, a, `file/${ids[0]}`))).equals(bytes)).toBe(true);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    await ok(ctx, a, 'deleteFiles', { ids: [ids[0]] });
    await ok(ctx, a, 'deleteForever', { ids: [ids[0]] });
  });

  it('the sweeper aborts an idle upload’s multipart upload, and one a crash left journalled (with or without its UploadId)', async () => {
    const bytes = pattern(10 * MiB + 10, 16);
    const up = await start('Брошен.bin', bytes);
    expect((await sendChunk(ctx, a, up.upload_id, 0, up.part(0))).status).toBe(200);
    // A crash right after CreateMultipartUpload was journalled (no upload row refers to it) …
    const parts = ctx.blobs.multipart!;
    await notePending(ctx.db, ['files/crashed-1']);
    const crashed = await parts.create('files/crashed-1');
    await noteMultipart(ctx.db, 'files/crashed-1', crashed);
    await parts.putPart('files/crashed-1', crashed, 1, Buffer.from('x'), 1);
    // … and one before its UploadId was: found by listing.
    await notePending(ctx.db, ['files/crashed-2']);
    await parts.create('files/crashed-2');
    expect(await shim.pendingUploads(BUCKET)).toHaveLength(3);
    expect(await sweepUploads(ctx, new Date(Date.now() + 23 * 3600_000))).toEqual({ uploads: 0, blobs: 0, trash: 0 });
    expect(await shim.pendingUploads(BUCKET)).toHaveLength(3);
    expect(await sweepUploads(ctx, new Date(Date.now() + 25 * 3600_000))).toEqual({ uploads: 1, blobs: 2, trash: 0 });
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
    expect(await objectKeys()).toEqual([]);
    expect(await count('files_pending_blobs')).toBe(0);
    expect(await count('files_uploads')).toBe(0);
  });

  it('chunks < 5 MiB (the plan’s 5 000 000 B) keep the chunk objects, joined at completion', async () => {
    const bytes = pattern(2 * CHUNK_SETTING + 10, 17);
    const up = await start('Мелкие.bin', bytes);
    expect(up.chunk_size).toBeLessThan(5 * MiB);
    for (const i of [0, 1]) expect((await sendChunk(ctx, a, up.upload_id, i, up.part(i))).status).toBe(200);
    expect((await objectKeys()).filter((k) => k.startsWith('uploads/'))).toHaveLength(2);
    expect((await uploadRow(up.upload_id))?.multipart_id).toBeNull();
    const done = await ok<{ object: FileObj }>(ctx, a, 'completeUpload', { upload_id: up.upload_id });
    expect(done.object.sha256).toBe(sha256(bytes));
    expect((await objectKeys()).filter((k) => k.startsWith('uploads/'))).toEqual([]);
    expect(await shim.pendingUploads(BUCKET)).toEqual([]);
  });
});
