// @vitest-environment node
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { users } from '@/lib/server/db/schema';
import { gatePage } from '@/lib/server/services/auth/gate';
import { requireUser } from '@/lib/server/services/auth/require-user';
import { forgetUpstreamAuth, LIVENESS_TTL_MS } from '@/lib/server/services/auth/upstream';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';
import { sberbank } from '../companies/fixtures';

/** A fake upstream auth-back at the HTTP edge: getPublicKey (PEM + JWKS), getUserInfo, regenerateTokens. */
type Pair = Awaited<ReturnType<typeof generateKeyPair>>;
let upstreamKey: Pair;
let otherKey: Pair;
const revoked = new Set<string>();
const hits: Record<string, number> = {};
let server: http.Server;
let base = '';
let ctx: TestContext;

const sign = (claims: Record<string, unknown>, opts: { key?: Pair; kid?: string | null; exp?: number } = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ email: 'upstream@example.ru', roles: ['admin'], sid: 's1', typ: 'access', ...claims })
    .setProtectedHeader(opts.kid === null ? { alg: 'RS256' } : { alg: 'RS256', kid: opts.kid ?? 'up-1' })
    .setSubject(String(claims.sub ?? 'up-user-1'))
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 600);
  return jwt.sign((opts.key ?? upstreamKey).privateKey);
};

beforeAll(async () => {
  upstreamKey = await generateKeyPair('RS256');
  otherKey = await generateKeyPair('RS256');
  const pem = await exportSPKI(upstreamKey.publicKey);
  const jwk = { ...(await exportJWK(upstreamKey.publicKey)), kid: 'up-1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const call = (req.url ?? '').split('/').pop() ?? '';
      hits[call] = (hits[call] ?? 0) + 1;
      const body = JSON.parse(raw || '{}') as Record<string, string>;
      const send = (status: number, b: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b));
      };
      if (call === 'getPublicKey') return send(200, { ok: true, msg: '', publicKey: pem, kid: 'up-1', keys: { keys: [jwk] } });
      if (call === 'getUserInfo') {
        if (revoked.has(body.accessToken ?? '')) return send(401, { ok: false, msg: 'Сеанс завершён', code: 'UNAUTHORIZED' });
        const sub = JSON.parse(Buffer.from((body.accessToken ?? '').split('.')[1] ?? '', 'base64url').toString()).sub as string;
        return send(200, { ok: true, msg: '', userinfo: { sub, email: `${sub}@example.ru`, roles: ['admin', 'super-admin'] } });
      }
      if (call === 'regenerateTokens') {
        if (body.refreshToken !== 'good-refresh') return send(401, { ok: false, msg: 'Сеанс завершён', code: 'UNAUTHORIZED' });
        void sign({ sub: 'up-user-3' }).then((accessToken) => send(200, { ok: true, msg: '', accessToken, refreshToken: 'next-refresh' }));
        return;
      }
      send(404, { ok: false, msg: 'Такого вызова нет.', code: 'UNKNOWN_CALL' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/auth-back/api/v2`;
  ctx = await createTestContext({ AUTH_BACK_URL: base });
  setAppContext(ctx);
  forgetUpstreamAuth();
});
afterAll(async () => {
  setAppContext(undefined);
  forgetUpstreamAuth();
  server.close();
  await ctx.destroy();
});
afterEach(() => vi.useRealTimers());

const req = (token: string) => new Request('http://localhost/api/v1/x', { headers: { authorization: `Bearer ${token}` } });

describe(`requireUser with AUTH_BACK_URL: the upstream's tokens (${testDriver()})`, () => {
  it('accepts an upstream token (key by kid from its JWKS), mirrors the user, roles from the upstream', async () => {
    const token = await sign({ sub: 'up-user-1' });
    const u = await requireUser(ctx, req(token));
    expect(u).toEqual({ id: 'up-user-1', email: 'up-user-1@example.ru', roles: ['admin', 'super-admin'], sid: 's1' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, 'up-user-1'));
    expect(row).toMatchObject({ email: 'up-user-1@example.ru', passwordHash: null });
    // The mirrored user can own rows of the embedded services.
    const r = await callProduct(ctx, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } } as never, 'companies/create', sberbank);
    expect(r.status).toBe(200);
  });

  it('caches the key set and the live-session answer; a logout upstream bites once the answer is stale', async () => {
    const token = await sign({ sub: 'up-user-2' });
    await requireUser(ctx, req(token));
    const keysBefore = hits.getPublicKey ?? 0;
    const infoBefore = hits.getUserInfo ?? 0;
    await requireUser(ctx, req(token));
    await requireUser(ctx, req(token));
    expect(hits.getPublicKey ?? 0).toBe(keysBefore);
    expect(hits.getUserInfo ?? 0).toBe(infoBefore);
    revoked.add(token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LIVENESS_TTL_MS + 1000 });
    await expect(requireUser(ctx, req(token))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses tokens the upstream did not sign, alg none, unknown kid, a refresh-typed token, an expired one', async () => {
    const foreign = await sign({ sub: 'x' }, { key: otherKey });
    await expect(requireUser(ctx, req(foreign))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const good = await sign({ sub: 'x' });
    const [h, p] = good.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'up-1' })).toString('base64url')}.${p}.`;
    await expect(requireUser(ctx, req(none))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const keysBefore = hits.getPublicKey ?? 0;
    const unknownKid = await sign({ sub: 'x' }, { kid: 'nope' });
    await expect(requireUser(ctx, req(unknownKid))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(requireUser(ctx, req(unknownKid))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect((hits.getPublicKey ?? 0) - keysBefore).toBeLessThanOrEqual(1); // forged kids do not hammer the upstream
    const refreshTyped = await sign({ sub: 'x', typ: 'refresh' });
    await expect(requireUser(ctx, req(refreshTyped))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    const expired = await sign({ sub: 'x' }, { exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(requireUser(ctx, req(expired))).rejects.toMatchObject({ code: 'JWT_EXPIRED' });
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', roles: ['admin'], exp: 9e9 })).toString('base64url')}.${good.split('.')[2]}`;
    await expect(requireUser(ctx, req(tampered))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    // A token without kid is checked against the upstream's current key.
    const noKid = await sign({ sub: 'up-user-4' }, { kid: null });
    expect((await requireUser(ctx, req(noKid))).id).toBe('up-user-4');
  });

  it('proxy gate: passes an upstream token; an expired one with a refresh cookie → /auth/renew, where the browser renews it (the gate does not ask the upstream)', async () => {
    const token = await sign({ sub: 'up-user-5' });
    const page = (cookie: string) => new Request('http://localhost/calculators', { headers: { cookie } });
    expect(await gatePage(page(`accessToken=${token}`))).toEqual({ kind: 'pass' });
    const expired = await sign({ sub: 'up-user-5' }, { exp: Math.floor(Date.now() / 1000) - 60 });
    const regenerated = hits.regenerateTokens ?? 0;
    const renew = await gatePage(page(`accessToken=${expired}; refreshToken=good-refresh`));
    expect(renew).toEqual({ kind: 'redirect', location: '/auth/renew?next=%2Fcalculators', setCookies: [] });
    expect(hits.regenerateTokens ?? 0).toBe(regenerated);
    const gone = await gatePage(page(`accessToken=${expired}`));
    expect(gone).toMatchObject({ kind: 'redirect', location: '/auth?next=%2Fcalculators' });
  });
});
