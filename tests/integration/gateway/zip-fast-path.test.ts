// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { SITE_HEADERS } from '@/lib/server/gateway/upload-fast-path';
import { registerZipFastPath, takesZipFastPath, ZIP_DOWNLOAD } from '@/lib/server/gateway/zip-fast-path';
import { requestListener, ZIP_DOWNLOAD as SERVER_ZIP_DOWNLOAD } from '../../../server.mjs';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { bytesOf, createHarness, get, ok, pattern, upload, users, type FileObj, type Harness, type StoreKind } from '../files/harness';
import { readZip } from '../files/zip-reader';

/**
 * The zip download's fast path: a real HTTP server with the request listener of the project's server
 * (server.mjs) and the handler registered as instrumentation.ts does; the same bytes and headers as the call
 * behind Next, the same refusals, and a client that goes away stops the reading of storage.
 */
const FILES = '/file-manager-service/api/v1';

describe.each<StoreKind>(['disk', 's3'])(`zip download's fast path on a real HTTP server (%s, ${testDriver()})`, (store) => {
  let h: Harness;
  let a: TestUser;
  let b: TestUser;
  let server: http.Server;
  let base: string;
  let dir: FileObj;
  let loose: FileObj;
  let big: FileObj[];
  /** Every blob body the store has opened, in order. */
  const opened: Readable[] = [];

  beforeAll(async () => {
    h = await createHarness(store);
    [a, b] = (await users(h.ctx, 2)) as [TestUser, TestUser];
    const open = h.ctx.blobs.open.bind(h.ctx.blobs);
    h.ctx.blobs.open = async (...args) => {
      const read = await open(...args);
      if (read) opened.push(read.body);
      return read;
    };
    setAppContext(h.ctx);
    expect(SERVER_ZIP_DOWNLOAD).toBe(ZIP_DOWNLOAD);
    registerZipFastPath();
    server = http.createServer(
      requestListener((_req, res) => {
        res.writeHead(299, { 'content-type': 'text/plain' });
        res.end('next');
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    dir = (await ok<{ object: FileObj }>(h.ctx, a, 'createFolder', { name: 'Папка', type: 'documents' })).object;
    await upload(h.ctx, a, 'Заметки.txt', Buffer.from('текст, который сжимается '.repeat(500)), { root: dir.id });
    await ok(h.ctx, a, 'createFolder', { name: 'Пустая', root: dir.id });
    loose = await upload(h.ctx, a, 'Данные.bin', pattern(300_000, 3));
    big = [];
    for (let i = 0; i < 4; i++) big.push(await upload(h.ctx, a, `Большой ${i}.bin`, pattern(8_000_000, i)));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    delete (globalThis as { [ZIP_DOWNLOAD]?: unknown })[ZIP_DOWNLOAD];
    setAppContext(undefined);
    await h?.close();
  });

  function send(path: string, opts: { method?: string; headers?: Record<string, string> } = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }
  const bearer = (u: TestUser) => ({ authorization: `Bearer ${u.accessToken}` });
  const envelope = (body: Buffer) => JSON.parse(body.toString('utf8')) as { ok: boolean; code: string; msg: string };

  it('takes GET and HEAD of the zip, nothing else', () => {
    expect(takesZipFastPath({ method: 'GET', url: `${FILES}/files?ids=a,b` })).toBe(true);
    expect(takesZipFastPath({ method: 'HEAD', url: `${FILES}/files?a,b` })).toBe(true);
    expect(takesZipFastPath({ method: 'GET', url: `${FILES}/files` })).toBe(true);
    expect(takesZipFastPath({ method: 'POST', url: `${FILES}/files?ids=a` })).toBe(false);
    expect(takesZipFastPath({ method: 'GET', url: `${FILES}/file/a` })).toBe(false);
    expect(takesZipFastPath({ method: 'GET', url: `${FILES}/filesx?ids=a` })).toBe(false);
    expect(takesZipFastPath({ method: 'GET', url: `${FILES}/listObjects` })).toBe(false);
  });

  it('serves the bytes and headers of the call behind Next, with the site headers of next.config.mjs', async () => {
    const query = `files?ids=${dir.id},${loose.id}`;
    const want = await get(h.ctx, a, query);
    expect(want.status).toBe(200);
    const wantBytes = await bytesOf(want);

    const res = await send(`${FILES}/${query}`, { headers: bearer(a) });
    expect(res.status).toBe(200);
    expect(res.body.equals(wantBytes)).toBe(true);
    expect([...readZip(res.body).keys()].sort()).toEqual(['Данные.bin', 'Папка/', 'Папка/Заметки.txt', 'Папка/Пустая/'].sort());
    for (const [k, v] of Object.entries(SITE_HEADERS)) expect(res.headers[k.toLowerCase()], k).toBe(v);
    expect(res.headers).toMatchObject({
      'content-type': 'application/zip',
      'content-disposition': want.headers.get('content-disposition'),
      'cache-control': 'no-store',
    });

    // The token in the cookie, as a browser's download sends it.
    const cookie = await send(`${FILES}/${query}`, { headers: { cookie: `accessToken=${a.accessToken}` } });
    expect(cookie.status).toBe(200);
    expect(cookie.body.equals(wantBytes)).toBe(true);

    // HEAD: the headers, no body, no blob opened.
    const before = opened.length;
    const head = await send(`${FILES}/${query}`, { method: 'HEAD', headers: bearer(a) });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/zip');
    expect(head.body.length).toBe(0);
    expect(opened.length).toBe(before);
  });

  it('refuses as the call does: the envelope in Russian with 4xx and the site headers', async () => {
    const noToken = await send(`${FILES}/files?ids=${loose.id}`);
    expect(noToken.status).toBe(401);
    expect(envelope(noToken.body)).toMatchObject({ ok: false, code: 'UNAUTHORIZED', msg: 'Войдите в систему, чтобы продолжить.' });
    for (const [k, v] of Object.entries(SITE_HEADERS)) expect(noToken.headers[k.toLowerCase()], k).toBe(v);
    const badToken = await send(`${FILES}/files?ids=${loose.id}`, { headers: { authorization: 'Bearer x.y.z' } });
    expect(badToken.status).toBe(401);
    expect(envelope(badToken.body).msg).toMatch(/Войдите/);
    const other = await send(`${FILES}/files?ids=${loose.id}`, { headers: bearer(b) });
    expect(other.status).toBe(404);
    expect(envelope(other.body).ok).toBe(false);
    const none = await send(`${FILES}/files?ids=`, { headers: bearer(a) });
    expect(none.status).toBe(422);
    expect(envelope(none.body)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', msg: 'Не выбрано ни одного файла.' });
    const control = await send(`${FILES}/files?ids=${loose.id}&x=%01`, { headers: bearer(a) });
    expect(control.status).toBe(422);

    // A link opens the zip without sign-in; a link with a password wants its grant (403 without it).
    const link = await ok<{ token: string }>(h.ctx, a, 'createFileLink', { id: dir.id });
    const byLink = await send(`${FILES}/files?ids=${dir.id}&link=${link.token}`);
    expect(byLink.status).toBe(200);
    expect([...readZip(byLink.body).keys()]).toContain('Папка/Заметки.txt');
    const locked = await ok<{ token: string }>(h.ctx, a, 'createFileLink', { id: loose.id, password: 'пароль-123' });
    const noGrant = await send(`${FILES}/files?ids=${loose.id}&link=${locked.token}`);
    expect(noGrant.status).toBe(403);
    expect(envelope(noGrant.body).msg).toMatch(/[а-яё]/i);
    const { grant } = await ok<{ grant: string }>(h.ctx, null, 'openFileLink', { token: locked.token, password: 'пароль-123' });
    const granted = await send(`${FILES}/files?ids=${loose.id}&link=${locked.token}&grant=${grant}`);
    expect(granted.status).toBe(200);
    expect(readZip(granted.body).get('Данные.bin')?.equals(pattern(300_000, 3))).toBe(true);
  });

  it('a client that goes away stops the reading of storage and frees the blob being read', async () => {
    const from = opened.length;
    // The server's side of the download: its answer, and the handler's promise, over once the archive is.
    type Serve = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
    const handler = (globalThis as { [ZIP_DOWNLOAD]?: { serve: Serve } })[ZIP_DOWNLOAD]!;
    const serve = handler.serve;
    let answer: http.ServerResponse | undefined;
    let served: Promise<void> | undefined;
    handler.serve = (req, res) => {
      answer = res;
      return (served = serve(req, res));
    };
    try {
      const req = http.get(`${base}${FILES}/files?ids=${big.map((f) => f.id).join(',')}`, { headers: bearer(a) });
      req.on('error', () => undefined);
      const res = await new Promise<http.IncomingMessage>((r) => req.once('response', r));
      expect(res.statusCode).toBe(200);
      res.pause();
      // The client reads no more: the server fills the socket's buffers and waits, mid-archive, for a drain.
      await waitUntil(() => answer?.writableNeedDrain, { what: 'the server to wait for the client to read' });
      req.destroy();
      await served;
    } finally {
      handler.serve = serve;
    }
    const bodies = () => opened.slice(from);
    const seen = bodies().length;
    expect(seen).toBeGreaterThan(0);
    // The blob being read is destroyed with the archive; nothing more is opened after the client left: the
    // archive stopped inside its first files.
    await waitUntil(() => bodies().every((s) => s.destroyed), { what: 'the blobs opened for the zip to be destroyed' });
    expect(bodies().length).toBe(seen);
    expect(seen).toBeLessThan(big.length);
  });

  it('leaves every other request to the server, and the zip too before the app registered its handler', async () => {
    expect((await send(`${FILES}/file/${loose.id}`, { headers: bearer(a) })).body.toString()).toBe('next');
    delete (globalThis as { [ZIP_DOWNLOAD]?: unknown })[ZIP_DOWNLOAD];
    try {
      expect((await send(`${FILES}/files?ids=${loose.id}`, { headers: bearer(a) })).body.toString()).toBe('next');
    } finally {
      registerZipFastPath();
    }
  });
});
