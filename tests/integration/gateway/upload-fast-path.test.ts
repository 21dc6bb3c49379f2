// @vitest-environment node
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { registerUploadFastPath, SITE_HEADERS, takesFastPath, UPLOAD_CHUNK } from '@/lib/server/gateway/upload-fast-path';
import { requestListener, UPLOAD_CHUNK as SERVER_UPLOAD_CHUNK } from '../../../server.mjs';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { loadNextConfig } from '../../helpers/next-config';
import { createHarness, crc32, ok, pattern, sha256, users, type Harness } from '../files/harness';

/**
 * The fast path for uploadChunk: a real HTTP server with the request listener of the project's server
 * (server.mjs) and the handler registered as instrumentation.ts does; everything else reaches the handler given
 * for Next.
 */
describe(`uploadChunk fast path on a real HTTP server (${testDriver()})`, () => {
  let h: Harness;
  let a: TestUser;
  let server: http.Server;
  let base: string;
  let connections = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    h = await createHarness('disk');
    [a] = (await users(h.ctx, 1)) as [TestUser];
    setAppContext(h.ctx);
    expect(SERVER_UPLOAD_CHUNK).toBe(UPLOAD_CHUNK);
    registerUploadFastPath();
    server = http.createServer(
      requestListener((_req, res) => {
        res.writeHead(299, { 'content-type': 'text/plain' });
        res.end('next');
      }),
    );
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((r) => server.close(r));
    delete (globalThis as { [UPLOAD_CHUNK]?: unknown })[UPLOAD_CHUNK];
    setAppContext(undefined);
    await h.close();
  });

  /**
   * One request over the shared keep-alive connection; `abortAfter` cuts the body after that many bytes, once
   * `abortWhen` (the server has got so far) has resolved.
   */
  function send(
    path: string,
    opts: { method?: string; headers?: Record<string, string>; body?: Buffer; abortAfter?: number; abortWhen?: () => Promise<unknown> } = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        { method: opts.method ?? 'POST', agent: opts.abortAfter === undefined ? agent : undefined, headers: opts.headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      if (opts.abortAfter !== undefined && opts.body) {
        const cut = opts.abortWhen ?? (() => Promise.resolve());
        req.write(opts.body.subarray(0, opts.abortAfter), () => void cut().then(() => req.destroy(), reject));
        return;
      }
      req.end(opts.body);
    });
  }

  function form(uploadId: string, chunkId: number, data: Buffer): { body: Buffer; type: string } {
    const boundary = `----fast${chunkId}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_id"\r\n\r\n${uploadId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="chunk_id"\r\n\r\n${chunkId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
  }

  const PATH = '/file-manager-service/api/v1/uploadChunk';
  const auth = () => ({ authorization: `Bearer ${a.accessToken}`, origin: base });

  it('takes only POST of uploadChunk (with or without a query)', () => {
    expect(takesFastPath({ method: 'POST', url: PATH })).toBe(true);
    expect(takesFastPath({ method: 'POST', url: `${PATH}?upload_id=x&chunk_id=0` })).toBe(true);
    expect(takesFastPath({ method: 'GET', url: PATH })).toBe(false);
    expect(takesFastPath({ method: 'POST', url: `${PATH}/x` })).toBe(false);
    expect(takesFastPath({ method: 'POST', url: '/file-manager-service/api/v1/uploadStatus' })).toBe(false);
  });

  it('answers with the headers next.config.mjs gives the same path', async () => {
    const nextConfig = await loadNextConfig();
    const want: Record<string, string> = {};
    for (const rule of await nextConfig.headers!()) {
      if (getPathMatch(rule.source)(PATH) === false) continue;
      for (const h of rule.headers) want[h.key.toLowerCase()] = h.value;
    }
    const have = Object.fromEntries(Object.entries(SITE_HEADERS).map(([k, v]) => [k.toLowerCase(), v]));
    expect(have).toEqual(want);
  });

  it('stores chunks straight from the socket; bad requests get the Russian envelope and the connection lives on', async () => {
    const bytes = pattern(12_000_000, 3);
    const created = await ok<{ upload_id: string; chunks: number; chunk_size: number }>(h.ctx, a, 'createUpload', {
      name: 'быстрый путь.bin',
      type: 'documents',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(created.chunks).toBe(2);
    const part = (i: number) => bytes.subarray(i * created.chunk_size, (i + 1) * created.chunk_size);

    const f0 = form(created.upload_id, 0, part(0));
    const first = await send(PATH, { headers: { ...auth(), 'content-type': f0.type }, body: f0.body });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ ok: true, received: [0], crc32: crc32(part(0)) });
    expect(first.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-type': 'application/json; charset=utf-8' });

    // Not multipart, with a megabyte of body: 422, and the same keep-alive connection carries the next request.
    const notForm = await send(PATH, { headers: { ...auth(), 'content-type': 'text/plain' }, body: Buffer.alloc(1 << 20, 1) });
    expect(notForm.status).toBe(422);
    expect(JSON.parse(notForm.text)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const noToken = await send(PATH, { headers: { origin: base, 'content-type': f0.type }, body: f0.body });
    expect(noToken.status).toBe(401);
    expect(JSON.parse(noToken.text).msg).toMatch(/Войдите/);
    const crossSite = await send(PATH, { headers: { ...auth(), origin: 'https://evil.example', 'content-type': f0.type }, body: f0.body });
    expect(crossSite.status).toBe(403);
    expect(connections).toBe(1);

    // A client that hangs up mid-chunk: nothing is committed, and the chunk's writer lets go of the upload's
    // file at once (no handle left for the garbage collector; no temporary file either); the server goes on.
    const tmpDir = path.join(h.ctx.env.DATA_DIR, 'blobs', '.tmp');
    const uploadDir = path.join(h.ctx.env.DATA_DIR, 'blobs', 'uploads', created.upload_id);
    /** The upload's files held open by this process, and temporary files left. */
    const held = () => {
      const open: string[] = [];
      for (const fd of fs.readdirSync('/proc/self/fd')) {
        try {
          const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
          if (target.startsWith(uploadDir) || target.startsWith(tmpDir)) open.push(target);
        } catch {
          // closed meanwhile
        }
      }
      return [...open, ...(fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : [])];
    };
    const f1 = form(created.upload_id, 1, part(1));
    // The server's handling of the cut request, to know when it is over.
    const handler = (globalThis as { [UPLOAD_CHUNK]?: { serve: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> } })[UPLOAD_CHUNK]!;
    const serve = handler.serve;
    let served: Promise<void> | undefined;
    handler.serve = (req, res) => (served = serve(req, res));
    try {
      // Cut once the chunk's writer has the upload's file open.
      const writing = () => waitUntil(() => held().length > 0, { what: "the chunk's writer to open its file" });
      await send(PATH, { headers: { ...auth(), 'content-type': f1.type }, body: f1.body, abortAfter: 3_000_000, abortWhen: writing }).catch(() => undefined);
      await served;
    } finally {
      handler.serve = serve;
    }
    // The cut request has been handled; the worker closes the file once the writes it had started are done (the
    // file's descriptor is a plain number there: one left open would stay open, never collected).
    await waitUntil(() => held().length === 0, { what: "the upload's file to be let go of" });
    expect(held()).toEqual([]);
    const status = await ok<{ received: number[] }>(h.ctx, a, 'uploadStatus', { upload_id: created.upload_id });
    expect(status.received).toEqual([0]);
    const second = await send(PATH, { headers: { ...auth(), 'content-type': f1.type }, body: f1.body });
    expect(JSON.parse(second.text)).toMatchObject({ ok: true, received: [0, 1], crc32: crc32(part(1)) });
    const done = await ok<{ object: { sha256: string; size: number } }>(h.ctx, a, 'completeUpload', { upload_id: created.upload_id });
    expect(done.object).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
  });

  it('leaves every other request to the server', async () => {
    expect((await send(PATH, { method: 'GET' })).text).toBe('next');
    expect((await send('/file-manager-service/api/v1/uploadStatus', { body: Buffer.from('{}') })).text).toBe('next');
    // Before the app has registered its handler, uploadChunk goes to Next too (whose route handler serves it).
    delete (globalThis as { [UPLOAD_CHUNK]?: unknown })[UPLOAD_CHUNK];
    try {
      expect((await send(PATH, { body: Buffer.from('x') })).text).toBe('next');
    } finally {
      registerUploadFastPath();
    }
  });
});
