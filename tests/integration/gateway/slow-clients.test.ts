// @vitest-environment node
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { ERROR_STATUS } from '@/lib/server/errors';
import { registerUploadFastPath, UPLOAD_CHUNK } from '@/lib/server/gateway/upload-fast-path';
import { requestListener } from '../../../server.mjs';
import { CONNECTION_LIMITS, createAppServer } from '../../../server-limits.mjs';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { createHarness, crc32, ok, pattern, users, type Harness } from '../files/harness';

const PATH = '/file-manager-service/api/v1/uploadChunk';

/** What a raw connection got before it closed, and when it closed (ms after it was opened). */
interface Closed {
  ms: number;
  text: string;
}

/**
 * A raw TCP connection to `port`: `drive(socket)` writes whatever it likes; resolves on the socket's 'close'
 * (whoever closes it) with what was received.
 */
function rawConnection(port: number, drive: (socket: net.Socket) => void): { socket: net.Socket; closed: Promise<Closed> } {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  socket.on('error', () => undefined);
  socket.once('connect', () => drive(socket));
  const closed = new Promise<Closed>((resolve) => socket.once('close', () => resolve({ ms: performance.now() - started, text })));
  return { socket, closed };
}

/** Writes one byte every `everyMs` until the socket is gone. */
function trickle(socket: net.Socket, everyMs = 100): void {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('x')), everyMs);
  socket.once('close', () => clearInterval(timer));
}

/** An uploadChunk request's head and the multipart envelope around `length` bytes of data. */
function chunkRequest(token: string, uploadId: string, chunkId: number, length: number) {
  const boundary = `slow${chunkId}x${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload_id"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk_id"\r\n\r\n${chunkId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request =
    `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + length + tail.length}\r\n\r\n`;
  return { request, head, tail };
}

const envelopeOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { ok: boolean; code: string; msg: string };

/**
 * The project's server (server-limits.mjs around server.mjs's request listener, the real uploadChunk handler on a
 * real database) against clients that send their request slowly: every stage has a bound, a connection past it is
 * answered 408 in Russian and closed; a body that keeps its pace — or that the app is slow to read — is served.
 */
describe(`slow clients on the project's server (${testDriver()})`, () => {
  let h: Harness;
  let a: TestUser;
  const servers: http.Server[] = [];
  const serverSockets: net.Socket[] = [];
  let held: { req: http.IncomingMessage; release: () => void } | undefined;

  /** Next's place: `/held` reads nothing of its body until the test releases it, then answers its length. */
  const nextStub = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/held') return void res.end('next');
    held = {
      req,
      release: () => {
        let n = 0;
        req.on('data', (d: Buffer) => (n += d.length));
        req.on('end', () => res.end(String(n)));
      },
    };
  };

  async function listen(server: http.Server): Promise<number> {
    servers.push(server);
    server.on('connection', (s) => serverSockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }

  async function newUpload(size: number): Promise<{ upload_id: string; chunk_size: number }> {
    return ok(h.ctx, a, 'createUpload', { name: `медленно-${Math.random().toString(16).slice(2)}.bin`, type: 'documents', size });
  }

  beforeAll(async () => {
    h = await createHarness('disk');
    [a] = (await users(h.ctx, 1)) as [TestUser];
    setAppContext(h.ctx);
    registerUploadFastPath();
  });
  afterAll(async () => {
    for (const s of serverSockets) s.destroy();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    delete (globalThis as { [UPLOAD_CHUNK]?: unknown })[UPLOAD_CHUNK];
    setAppContext(undefined);
    await h.close();
  });

  it('the limits as stated: head 20 s, body 20 s then 4 KiB/s, the request 1 h, idle connections 65 s; codes as in the table', () => {
    expect(CONNECTION_LIMITS).toEqual({
      headersTimeoutMs: 20_000,
      bodyGraceMs: 20_000,
      minBodyBytesPerSecond: 4096,
      requestTimeoutMs: 3_600_000,
      keepAliveTimeoutMs: 65_000,
      checkEveryMs: 1000,
    });
    const server = createAppServer(() => undefined);
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([20_000, 3_600_000, 65_000]);
    // An upload chunk (at most 10 MB) at the minimum rate arrives inside the request's bound.
    expect(CONNECTION_LIMITS.bodyGraceMs + (10_000_000 / CONNECTION_LIMITS.minBodyBytesPerSecond) * 1000).toBeLessThan(CONNECTION_LIMITS.requestTimeoutMs);
    expect([ERROR_STATUS.REQUEST_TIMEOUT, ERROR_STATUS.HEADERS_TOO_LARGE]).toEqual([408, 431]);
  });

  it('with the real limits: silence, a head one byte at a time and a chunk one byte at a time are each cut at their bound with 408', async () => {
    const port = await listen(createAppServer(requestListener(nextStub)));
    const up = await newUpload(3_000_000);
    const chunk = chunkRequest(a.accessToken, up.upload_id, 0, up.chunk_size);
    const silent = rawConnection(port, () => undefined);
    const slowHead = rawConnection(port, (s) => {
      s.write('POST /api/v1/x HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      trickle(s);
    });
    const slowBody = rawConnection(port, (s) => {
      s.write(chunk.request);
      s.write(chunk.head);
      trickle(s);
    });
    const [quiet, head, body] = await Promise.all([silent.closed, slowHead.closed, slowBody.closed]);
    // Each closed by its bound: not before it, and within two checks and a loaded machine's slack after it.
    const slack = 2 * CONNECTION_LIMITS.checkEveryMs + 5000;
    for (const [c, bound] of [
      [quiet, CONNECTION_LIMITS.headersTimeoutMs],
      [head, CONNECTION_LIMITS.headersTimeoutMs],
      // The body's bound counts from its head; the bytes trickled (≈ 10 a second) buy well under a second.
      [body, CONNECTION_LIMITS.bodyGraceMs + 1000],
    ] as const) {
      expect(c.ms).toBeGreaterThan(bound - 1000 - CONNECTION_LIMITS.checkEveryMs);
      expect(c.ms).toBeLessThan(bound + slack);
      expect(c.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(c.text)).toEqual({ ok: false, code: 'REQUEST_TIMEOUT', msg: expect.stringMatching(/слишком медленно/) });
    }
    // The cut chunk left nothing behind: the upload has no chunk, and the same chunk sent at speed is stored.
    expect((await ok<{ received: number[] }>(h.ctx, a, 'uploadStatus', { upload_id: up.upload_id })).received).toEqual([]);
    const data = pattern(up.chunk_size, 5);
    const again = rawConnection(port, (s) => s.write(Buffer.concat([Buffer.from(chunk.request), chunk.head, data, chunk.tail])));
    const answer = await again.closed;
    expect(answer.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(envelopeOf(answer.text)).toMatchObject({ ok: true, received: [0], crc32: crc32(data) });
  });

  it('a malformed request and oversized headers get the envelope in Russian, not a bare status', async () => {
    const port = await listen(createAppServer(requestListener(nextStub)));
    const garbage = await rawConnection(port, (s) => s.write('HELLO\r\n\r\n')).closed;
    expect(garbage.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(garbage.text)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const big = await rawConnection(port, (s) => s.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).closed;
    expect(big.text).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(big.text)).toMatchObject({ ok: false, code: 'HEADERS_TOO_LARGE', msg: expect.stringMatching(/Заголовки/) });
  });

  describe('the body pace, on a clock the test moves', () => {
    let clock = 0;
    let server: http.Server & { checkBodies(): void };
    let port = 0;
    const { bodyGraceMs, minBodyBytesPerSecond } = CONNECTION_LIMITS;

    beforeAll(async () => {
      server = createAppServer(requestListener(nextStub), { ...CONNECTION_LIMITS, checkEveryMs: 0 }, () => clock);
      port = await listen(server);
    });

    /** The server's side of a connection, once it has received `bytes` and the app has read what it received. */
    const received = (conn: { socket: net.Socket }, bytes: number) =>
      waitUntil(
        () => {
          const s = serverSockets.find((x) => x.remotePort === conn.socket.localPort && !x.destroyed);
          const req = (s as unknown as { _httpMessage?: { req?: http.IncomingMessage } } | undefined)?._httpMessage?.req;
          return s && s.bytesRead >= bytes && (!req || req.readableLength === 0);
        },
        { what: `the server to receive ${bytes} bytes` },
      );

    it('a chunk that keeps just above the minimum rate completes, however long it takes; one that falls behind is cut', async () => {
      const up = await newUpload(1_000_000);
      const data = pattern(up.chunk_size, 9);
      const chunk = chunkRequest(a.accessToken, up.upload_id, 0, data.length);
      const piece = 100_000;
      const conn = rawConnection(port, (s) => s.write(chunk.request + chunk.head.toString('latin1'), 'latin1'));
      let sent = Buffer.byteLength(chunk.request) + chunk.head.length;
      await received(conn, sent);
      for (let at = 0; at < data.length; at += piece) {
        conn.socket.write(data.subarray(at, at + piece));
        sent += Math.min(piece, data.length - at);
        await received(conn, sent);
        // The time these bytes took at 10 % above the minimum rate.
        clock += (piece / (minBodyBytesPerSecond * 1.1)) * 1000;
        server.checkBodies();
        expect(conn.socket.destroyed).toBe(false);
      }
      // Some four minutes of the test's clock for 1 MB: well past the grace, still served.
      expect(clock).toBeGreaterThan(bodyGraceMs * 10);
      conn.socket.write(chunk.tail);
      const done = await conn.closed;
      expect(done.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(envelopeOf(done.text)).toMatchObject({ ok: true, received: [0], crc32: crc32(data) });

      // The same pace, then a stall: cut once the grace and what the bytes bought are spent.
      const up2 = await newUpload(1_000_000);
      const chunk2 = chunkRequest(a.accessToken, up2.upload_id, 0, up2.chunk_size);
      const stalled = rawConnection(port, (s) => s.write(chunk2.request + chunk2.head.toString('latin1'), 'latin1'));
      const headBytes = Buffer.byteLength(chunk2.request) + chunk2.head.length;
      await received(stalled, headBytes);
      stalled.socket.write(data.subarray(0, piece));
      await received(stalled, headBytes + piece);
      const bought = bodyGraceMs + ((piece + chunk2.head.length) / minBodyBytesPerSecond) * 1000;
      clock += bought - 500;
      server.checkBodies();
      expect(stalled.socket.destroyed).toBe(false);
      clock += 1000;
      server.checkBodies();
      const cut = await stalled.closed;
      expect(cut.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(cut.text).code).toBe('REQUEST_TIMEOUT');
      expect((await ok<{ received: number[] }>(h.ctx, a, 'uploadStatus', { upload_id: up2.upload_id })).received).toEqual([]);
    });

    it('time the app leaves received bytes unread is not the client’s', async () => {
      held = undefined;
      const body = pattern(1_000_000, 1);
      const conn = rawConnection(port, (s) => {
        s.write(`POST /held HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`);
        s.write(body);
      });
      // The app has the request and has read none of it; the socket stops at what the request can buffer.
      const req = await waitUntil(() => held?.req.readableLength && held.req, { what: 'the held request to buffer its body' });
      clock += bodyGraceMs;
      server.checkBodies();
      clock += bodyGraceMs * 10;
      server.checkBodies();
      expect(conn.socket.destroyed).toBe(false);
      expect(req.complete).toBe(false);
      held!.release();
      const done = await conn.closed;
      expect(done.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(done.text.endsWith(`\r\n\r\n${body.length}`)).toBe(true);
    });
  });
});
