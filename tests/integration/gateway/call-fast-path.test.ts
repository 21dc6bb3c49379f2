// @vitest-environment node
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { acceptsGzip, registerCallFastPath, SERVICE_CALL, takesCallFastPath } from '@/lib/server/gateway/call-fast-path';
import { SITE_HEADERS } from '@/lib/server/gateway/upload-fast-path';
import { requestListener, SERVICE_CALL as SERVER_SERVICE_CALL } from '../../../server.mjs';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { createHarness, ok, users, type Harness } from '../files/harness';

/**
 * The fast path of the services' JSON calls: a real HTTP server with the request listener of the project's
 * server (server.mjs) and the handler registered as instrumentation.ts does; the same answers as the gateway
 * behind Next, the checks proxy.ts made, everything else left to the handler given for Next.
 */
describe(`service calls' fast path on a real HTTP server (${testDriver()})`, () => {
  let h: Harness;
  let a: TestUser;
  let server: http.Server;
  let base: string;
  let connections = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const FILES = '/file-manager-service/api/v1';

  beforeAll(async () => {
    h = await createHarness('disk');
    [a] = (await users(h.ctx, 1)) as [TestUser];
    setAppContext(h.ctx);
    expect(SERVER_SERVICE_CALL).toBe(SERVICE_CALL);
    registerCallFastPath();
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
    delete (globalThis as { [SERVICE_CALL]?: unknown })[SERVICE_CALL];
    setAppContext(undefined);
    await h.close();
  });

  function send(
    path: string,
    opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method: opts.method ?? 'POST', agent, headers: opts.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end(opts.body);
    });
  }
  const json = { 'content-type': 'application/json' };
  const auth = () => ({ ...json, authorization: `Bearer ${a.accessToken}`, origin: base });

  it('takes POST JSON calls of the embedded services, nothing else', () => {
    expect(takesCallFastPath({ method: 'POST', url: `${FILES}/listObjects` })).toBe(true);
    expect(takesCallFastPath({ method: 'POST', url: `${FILES}/listObjects?x=1` })).toBe(true);
    expect(takesCallFastPath({ method: 'POST', url: '/api/v1/health' })).toBe(true);
    expect(takesCallFastPath({ method: 'POST', url: '/noty/api/v1/list' })).toBe(true);
    expect(takesCallFastPath({ method: 'GET', url: `${FILES}/listObjects` })).toBe(false);
    expect(takesCallFastPath({ method: 'POST', url: `${FILES}/uploadChunk` })).toBe(false); // raw body
    expect(takesCallFastPath({ method: 'POST', url: `${FILES}/nope` })).toBe(false);
    expect(takesCallFastPath({ method: 'POST', url: '/auth-back/api/v2/login' })).toBe(false); // cookie layer
    expect(takesCallFastPath({ method: 'POST', url: '/noty/api/v1/stream' })).toBe(false); // GET call
    expect(takesCallFastPath({ method: 'POST', url: '/api/health' })).toBe(false);
  });

  it('answers as the gateway does, with the headers of next.config.mjs, on one keep-alive connection', async () => {
    const folder = (await ok<{ object: { id: string } }>(h.ctx, a, 'createFolder', { name: 'Папка', type: 'documents' })).object;
    for (let i = 0; i < 30; i++) await ok(h.ctx, a, 'createFolder', { name: `Вложенная папка номер ${i}`, root: folder.id });
    const input = { root: folder.id, sort: 'name', offset: 0, limit: 100 };
    const want = await ok(h.ctx, a, 'listObjects', input);

    const res = await send(`${FILES}/listObjects`, { headers: auth(), body: JSON.stringify(input) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual(want);
    for (const [k, v] of Object.entries(SITE_HEADERS)) expect(res.headers[k.toLowerCase()]).toBe(v);
    expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect(res.headers['content-encoding']).toBeUndefined();

    // A client that accepts gzip gets the same answer compressed.
    const zipped = await send(`${FILES}/listObjects`, { headers: { ...auth(), 'accept-encoding': 'gzip, deflate' }, body: JSON.stringify(input) });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(zipped.body).toString('utf8'))).toEqual(want);

    // The gateway's refusals, in Russian; the connection carries them all.
    const noToken = await send(`${FILES}/listObjects`, { headers: { ...json, origin: base }, body: JSON.stringify(input) });
    expect(noToken.status).toBe(401);
    expect(JSON.parse(noToken.body.toString()).msg).toMatch(/Войдите/);
    const badJson = await send(`${FILES}/listObjects`, { headers: auth(), body: '{"root":' });
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.body.toString())).toMatchObject({ ok: false, code: 'BAD_JSON' });
    const tooBig = await send(`${FILES}/listObjects`, { headers: auth(), body: `{"search":"${'я'.repeat(600_000)}"}` });
    expect(tooBig.status).toBe(413);
    const invalid = await send(`${FILES}/listObjects`, { headers: auth(), body: JSON.stringify({ ...input, limit: -1 }) });
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body.toString())).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const notUtf8 = await send(`${FILES}/listObjects`, { headers: auth(), body: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(notUtf8.status).toBe(400);
    // What proxy.ts refused before the route: a state-changing call from another site.
    const crossSite = await send(`${FILES}/createFolder`, { headers: { ...auth(), origin: 'https://evil.example' }, body: '{"name":"x"}' });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body.toString())).toMatchObject({ ok: false, code: 'FORBIDDEN', msg: 'Запрос с другого сайта отклонён.' });
    // A client that refuses gzip (q=0) gets plain JSON.
    const refused = await send(`${FILES}/listObjects`, { headers: { ...auth(), 'accept-encoding': 'gzip;q=0, identity' }, body: JSON.stringify(input) });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // The Host header never picks the call (the path does) and a malformed one is no 500.
    const folders = async () => (await ok<{ objects: unknown[] }>(h.ctx, a, 'listObjects', input)).objects.length;
    const before = await folders();
    const hostile = await send(`${FILES}/listObjects`, {
      // No Origin: a client that is not a browser (a browser cannot set Host).
      headers: { ...json, authorization: `Bearer ${a.accessToken}`, host: `x${FILES}/createFolder?` },
      body: JSON.stringify({ ...input, name: 'Чужая папка' }),
    });
    expect(hostile.status, hostile.body.toString()).toBe(200);
    expect(await folders()).toBe(before);
    for (const host of ['a b', '[::1', 'a%zz']) {
      const bad = await send(`${FILES}/listObjects`, { headers: { ...json, authorization: `Bearer ${a.accessToken}`, host }, body: JSON.stringify(input) });
      expect(bad.status, `${host}: ${bad.body.toString()}`).toBeLessThan(500);
    }
    const after = await send(`${FILES}/listObjects`, { headers: auth(), body: JSON.stringify(input) });
    expect(JSON.parse(after.body.toString('utf8'))).toEqual(want);
    expect(connections).toBe(1);
  });

  it('reads Accept-Encoding by its quality values', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('leaves every other request to the server', async () => {
    expect((await send(`${FILES}/listObjects`, { method: 'GET' })).body.toString()).toBe('next');
    expect((await send('/auth-back/api/v2/login', { headers: json, body: '{}' })).body.toString()).toBe('next');
    expect((await send('/api/health', { body: '' })).body.toString()).toBe('next');
    // Before the app has registered its handler, the calls go to Next (whose route handlers serve them).
    delete (globalThis as { [SERVICE_CALL]?: unknown })[SERVICE_CALL];
    try {
      expect((await send(`${FILES}/listObjects`, { headers: auth(), body: '{}' })).body.toString()).toBe('next');
    } finally {
      registerCallFastPath();
    }
  });
});
