// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A small upstream on 127.0.0.1 that records what reached it. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  size: number;
  sha256: string;
}
let seen: Seen[] = [];
let releaseSlow: () => void = () => undefined;
const upstream = http.createServer((req, res) => {
  const hash = createHash('sha256');
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    hash.update(c);
  });
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, size, sha256: hash.digest('hex') });
    if (req.url?.includes('/slow')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part;');
      releaseSlow = () => res.end('second part');
      return;
    }
    if (req.url?.includes('/stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
      res.write('id: 8\nevent: notification\ndata: {"id":8}\n\n');
      releaseSlow = () => res.end('event: end\ndata: {}\n\n');
      return;
    }
    if (req.url?.includes('/teapot')) {
      res.writeHead(418, [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1; Path=/; HttpOnly'],
        ['set-cookie', 'b=2; Path=/'],
        ['x-upstream', 'yes'],
      ]);
      res.end(JSON.stringify({ ok: false, msg: 'Я чайник', code: 'TEAPOT' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, msg: 'upstream', size }));
  });
});

let base = '';
let routes: {
  auth: typeof import('@/app/auth-back/api/v2/[...path]/route');
  files: typeof import('@/app/file-manager-service/api/v1/[...path]/route');
  noty: typeof import('@/app/noty/[...path]/route');
};

beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // Configuration is read once per process (per test file here), so set it before the routes load.
  process.env.AUTH_BACK_URL = `${base}/auth-back/api/v2`;
  process.env.FILE_MANAGER_URL = `${base}/fm/api/v1/`;
  process.env.NOTY_URL = `${base}/noty`;
  routes = {
    auth: await import('@/app/auth-back/api/v2/[...path]/route'),
    files: await import('@/app/file-manager-service/api/v1/[...path]/route'),
    noty: await import('@/app/noty/[...path]/route'),
  };
});
afterAll(async () => {
  delete process.env.AUTH_BACK_URL;
  delete process.env.FILE_MANAGER_URL;
  delete process.env.NOTY_URL;
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe('gateway forwarding to an upstream', () => {
  it('passes method, path, query, Authorization, cookies and the JSON body; returns the answer', async () => {
    seen = [];
    const res = await routes.auth.POST(
      new Request('http://localhost/auth-back/api/v2/login?x=1&y=%D0%B4', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer abc.def',
          cookie: 'accessToken=t1; refreshToken=r1',
          'x-xsrf-token': 'xs',
          connection: 'keep-alive',
        },
        body: JSON.stringify({ login: 'a@b.ru', password: 'секрет' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, msg: 'upstream' });
    const s = seen[0]!;
    expect(s.method).toBe('POST');
    expect(s.url).toBe('/auth-back/api/v2/login?x=1&y=%D0%B4');
    expect(s.headers.authorization).toBe('Bearer abc.def');
    expect(s.headers.cookie).toBe('accessToken=t1; refreshToken=r1');
    expect(s.headers['x-xsrf-token']).toBe('xs');
    expect(s.headers.host).toBe(new URL(base).host);
    expect(s.headers['x-forwarded-host']).toBe('localhost');
    expect(s.size).toBe(Buffer.byteLength(JSON.stringify({ login: 'a@b.ru', password: 'секрет' })));
  });

  it('keeps the status, every Set-Cookie and other headers of the answer', async () => {
    const res = await routes.auth.POST(new Request('http://localhost/auth-back/api/v2/teapot', { method: 'POST', body: '{}' }));
    expect(res.status).toBe(418);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.json()).toEqual({ ok: false, msg: 'Я чайник', code: 'TEAPOT' });
  });

  it('streams a large request body through unchanged (file-manager chunk)', async () => {
    seen = [];
    const data = randomBytes(6_000_000);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (offset >= data.length) return c.close();
        c.enqueue(new Uint8Array(data.subarray(offset, offset + 65_536)));
        offset += 65_536;
      },
    });
    const res = await routes.files.POST(
      new Request('http://localhost/file-manager-service/api/v1/uploadChunk', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(200);
    const s = seen[0]!;
    expect(s.url).toBe('/fm/api/v1/uploadChunk');
    expect(s.size).toBe(data.length);
    expect(s.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('forwards GET file/{id} and streams the answer before the upstream has finished', async () => {
    const res = await routes.files.GET(new Request('http://localhost/file-manager-service/api/v1/file/slow'));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first part;');
    releaseSlow();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('second part');
  });

  it('forwards the notification stream as it comes (an event before the upstream ends), with Last-Event-ID and the cookie', async () => {
    seen = [];
    const res = await routes.noty.GET(
      new Request('http://localhost/noty/api/v1/stream', { headers: { 'last-event-id': '7', cookie: 'accessToken=t' } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/noty/api/v1/stream', headers: { 'last-event-id': '7', cookie: 'accessToken=t' } });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('id: 8\nevent: notification\ndata: {"id":8}\n\n');
    releaseSlow();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('event: end\ndata: {}\n\n');
  });

  it('forwards both noty bases (api/v1 and private)', async () => {
    seen = [];
    await routes.noty.POST(new Request('http://localhost/noty/api/v1/list', { method: 'POST', body: '{}' }));
    await routes.noty.POST(new Request('http://localhost/noty/private/send', { method: 'POST', body: '{}' }));
    expect(seen.map((s) => s.url)).toEqual(['/noty/api/v1/list', '/noty/private/send']);
  });

  it('an unreachable upstream is a JSON 502, not a hang or a 500', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { forward } = await import('@/lib/server/gateway/forward');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await forward(new Request('http://localhost/x', { method: 'POST', body: '{}' }), `http://127.0.0.1:${port}`, 'login');
    expect(String(quiet.mock.calls[0]?.[0])).toContain('ECONNREFUSED');
    quiet.mockRestore();
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ ok: false, code: 'UPSTREAM_UNAVAILABLE' });
  });
});
