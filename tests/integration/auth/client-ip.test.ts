// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp, forwardedFor, PEER_HEADER, requestHost, UNKNOWN_IP } from '@/lib/server/client-ip';
import { setAppContext } from '@/lib/server/context';
import { parseEnv } from '@/lib/server/env';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall } from './helpers';
import { PEER_HEADER as SERVER_PEER_HEADER, requestListener } from '../../../server.mjs';

const req = (headers: Record<string, string>) => new Request('http://localhost/x', { headers });

describe('client address (TRUST_PROXY)', () => {
  it('TRUST_PROXY parses false / true / a number of hops, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(Infinity);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
  });

  it('without a trusted proxy a forged X-Forwarded-For is ignored: the socket peer counts', () => {
    const r = req({ 'x-forwarded-for': '1.2.3.4', [PEER_HEADER]: '::ffff:198.51.100.9' });
    expect(clientIp(r, 0)).toBe('198.51.100.9');
    expect(forwardedFor(r, 0)).toBe('198.51.100.9');
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe(UNKNOWN_IP);
  });

  it('with N trusted hops the N-th address from the right counts; entries the client wrote are skipped', () => {
    // client 203.0.113.5 forged "6.6.6.6"; nginx (10.0.0.2) appended the real client address.
    const r = req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5', [PEER_HEADER]: '10.0.0.2' });
    expect(clientIp(r, 1)).toBe('203.0.113.5');
    expect(forwardedFor(r, 1)).toBe('203.0.113.5, 10.0.0.2');
    // Two proxies: CDN → nginx → app.
    const two = req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 192.0.2.1', [PEER_HEADER]: '10.0.0.2' });
    expect(clientIp(two, 2)).toBe('203.0.113.5');
    expect(clientIp(two, Infinity)).toBe('6.6.6.6');
    expect(clientIp(req({ [PEER_HEADER]: '10.0.0.2' }), 3)).toBe('10.0.0.2');
  });

  it('X-Forwarded-Host counts only as far as TRUST_PROXY says; a forged one is ignored', () => {
    const forged = req({ host: 'kalkulus.example', 'x-forwarded-host': 'evil.example' });
    expect(requestHost(forged, 0)).toBe('kalkulus.example');
    expect(requestHost(req({ 'x-forwarded-host': 'evil.example' }), 0)).toBe('localhost');
    expect(requestHost(forged, 1)).toBe('evil.example');
    // The client wrote "evil.example", the one trusted proxy appended what the client asked it for.
    const appended = req({ host: '10.0.0.2:3000', 'x-forwarded-host': 'evil.example, kalkulus.example' });
    expect(requestHost(appended, 1)).toBe('kalkulus.example');
    expect(requestHost(appended, Infinity)).toBe('evil.example');
    expect(requestHost(req({ host: 'kalkulus.example', 'x-forwarded-host': ' , ' }), 2)).toBe('kalkulus.example');
  });

  it('the project\'s server (server.mjs) stamps the socket address and overwrites a forged peer header', async () => {
    expect(SERVER_PEER_HEADER).toBe(PEER_HEADER);
    const server = http.createServer(requestListener((q, s) => s.end(JSON.stringify({ peer: q.headers[PEER_HEADER] }))));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_HEADER]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } });
      expect(await res.json()).toEqual({ peer: '127.0.0.1' });
    } finally {
      server.close();
    }
  });
});

describe(`per-IP limits cannot be dodged with a forged X-Forwarded-For (${testDriver()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    setAppContext(ctx);
  });
  afterAll(async () => {
    setAppContext(undefined);
    await ctx.destroy();
  });

  it('login attempts from one peer with a new forged address each time still hit the per-IP limit', async () => {
    const u = await createTestUser(ctx, { password: 'верный-пароль-1' });
    let limited = 0;
    // 60 per 10 minutes per IP; different logins so the per-login limit never triggers first.
    for (let i = 0; i < 62; i++) {
      const r = await authCall(
        'login',
        { login: i % 2 ? u.user.email : `nobody-${i}@example.ru`, password: 'не-тот-пароль-1' },
        { ip: '192.0.2.77', headers: { 'x-forwarded-for': `10.9.${i}.1` } },
      );
      if (r.status === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});
