// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath, requestListener, tokenSubject } from '../../../server.mjs';

const token = (sub: string) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub, typ: 'access' })).toString('base64url')}.c2ln`;

/** LOG_FORMAT=json: the request lines of the project's server (server.mjs), on a real HTTP server. */
describe('one JSON line per request (LOG_FORMAT=json)', () => {
  const lines: string[] = [];
  let wrote = () => {};
  /** Resolves once `n` lines are written. */
  const written = (n: number) =>
    new Promise<void>((r) => {
      wrote = () => void (lines.length >= n && r());
    });
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer(
      requestListener(
        (req, res) => {
          res.statusCode = req.url?.startsWith('/denied') ? 401 : 200;
          res.end('ok');
        },
        {
          jsonLog: true,
          write: (l) => {
            lines.push(l);
            wrote();
          },
        },
      ),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('logs id, method, path, status, duration and user — never the token, the query or a secret in the path', async () => {
    const three = written(3);
    const secret = 'Zx9_a8B7c6D5e4F3g2H1i0JkLmNoP';
    const t = token('user-42');
    const res = await fetch(`${base}/forgot-password/${secret}?link=abc&password=p`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t}`, 'x-request-id': 'req-1' },
      body: 'password=hunter2',
    });
    expect(res.headers.get('x-request-id')).toBe('req-1');
    await res.text();
    const cookie = await fetch(`${base}/api/v1/x`, { headers: { cookie: `theme=dark; accessToken=${t}`, 'x-request-id': 'bad id with spaces' } });
    const generated = cookie.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${base}/denied/0b6f6c3e-2f64-4a3c-9a53-4d0c0d1b7a10`, { headers: { authorization: `Bearer ${t}` } });
    // A line is written once the server has sent its answer, which may be a moment after the client has it.
    await three;
    expect(lines).toHaveLength(3);
    const [a, b, c] = lines.map((l) => {
      expect(l.endsWith('\n') && !l.slice(0, -1).includes('\n')).toBe(true);
      return JSON.parse(l);
    });
    expect(a).toMatchObject({ level: 'info', msg: 'request', requestId: 'req-1', method: 'POST', path: '/forgot-password/:secret', status: 200, userId: 'user-42' });
    expect(typeof a.durationMs).toBe('number');
    expect(b).toMatchObject({ requestId: generated, method: 'GET', path: '/api/v1/x', userId: 'user-42' });
    // A refused answer names no user; a UUID in the path is an id, not a secret.
    expect(c).toMatchObject({ path: '/denied/0b6f6c3e-2f64-4a3c-9a53-4d0c0d1b7a10', status: 401, userId: null });
    const all = lines.join('');
    for (const never of [t, secret, 'hunter2', 'link=abc', 'password=p']) expect(all).not.toContain(never);
  });

  it('reads the path and the token defensively', () => {
    expect(logPath('/file-manager-service/api/v1/file/7?download=1')).toBe('/file-manager-service/api/v1/file/7');
    expect(tokenSubject({ authorization: 'Bearer not-a-jwt' })).toBeNull();
    expect(tokenSubject({})).toBeNull();
    expect(tokenSubject({ authorization: `Bearer ${token('x'.repeat(101))}` })).toBeNull();
  });
});
