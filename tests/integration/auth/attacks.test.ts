// @vitest-environment node
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { exportJWK, SignJWT, importPKCS8, decodeJwt } from 'jose';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { getKeySet, rotateSigningKey, forgetKeys } from '@/lib/server/services/auth/keys';
import { verifyAccessToken } from '@/lib/server/services/auth/tokens';
import { proxy } from '@/proxy';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer } from './helpers';

let ctx: TestContext;
let victim: TestUser;
let good: string;
let claims: Record<string, unknown>;
beforeAll(async () => {
  ctx = await createTestContext();
  setAppContext(ctx);
  victim = await createTestUser(ctx);
  good = victim.accessToken;
  claims = decodeJwt(good) as Record<string, unknown>;
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const parts = (t: string) => t.split('.') as [string, string, string];
const header = (t: string) => JSON.parse(Buffer.from(parts(t)[0], 'base64url').toString()) as Record<string, unknown>;

/** An attacker's own RSA key. */
const attacker = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

async function signWithAttacker(hdr: Record<string, unknown>, payload: Record<string, unknown>) {
  const key = await importPKCS8(attacker.privateKey, 'RS256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...hdr }).sign(key);
}

/** Signs with the service's real key but with chosen claims (to test claim checks, not signatures). */
async function signWithRealKey(payload: Record<string, unknown>, hdr: Record<string, unknown> = {}) {
  const set = await getKeySet(ctx.db);
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: set.signing.kid, ...hdr }).sign(set.signing.key);
}

const now = () => Math.floor(Date.now() / 1000);

const cases: Array<[string, () => Promise<string>]> = [
  ['alg: none with an empty signature', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${parts(good)[1]}.`],
  [
    'HS256 signed with the public key as the secret',
    async () => {
      const set = await getKeySet(ctx.db);
      const h = b64({ alg: 'HS256', typ: 'JWT', kid: set.signing.kid });
      const sig = createHmac('sha256', set.signing.publicPem).update(`${h}.${parts(good)[1]}`).digest('base64url');
      return `${h}.${parts(good)[1]}.${sig}`;
    },
  ],
  ['an unknown kid', async () => signWithAttacker({ kid: 'k20990101-abcdef' }, claims)],
  ['a kid with a path', async () => signWithAttacker({ kid: '../../../../dev/null' }, claims)],
  ['a kid with SQL', async () => signWithAttacker({ kid: "x' OR '1'='1' --" }, claims)],
  [
    'an embedded jwk of the attacker',
    async () => {
      const jwk = await exportJWK(await (await import('jose')).importSPKI(attacker.publicKey, 'RS256'));
      return signWithAttacker({ kid: header(good).kid, jwk }, claims);
    },
  ],
  ['a jku pointing at the attacker', async () => signWithAttacker({ kid: header(good).kid, jku: 'https://evil.example/jwks.json' }, claims)],
  ['the real kid, signed by the attacker', async () => signWithAttacker({ kid: header(good).kid }, claims)],
  ['expired', async () => signWithRealKey({ ...claims, iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 })],
  ['nbf in the future', async () => signWithRealKey({ ...claims, nbf: now() + 3600 })],
  ['iat in the future', async () => signWithRealKey({ ...claims, iat: now() + 3600 })],
  ['without iat', async () => signWithRealKey({ ...claims, iat: undefined })],
  ['a lifetime longer than the service issues (12 h)', async () => signWithRealKey({ ...claims, iat: now() - 60, exp: now() + 720 * 60 })],
  ['wrong iss', async () => signWithRealKey({ ...claims, iss: 'https://evil.example' })],
  ['wrong aud', async () => signWithRealKey({ ...claims, aud: 'other-app' })],
  [
    'tampered payload, signature kept',
    async () => `${parts(good)[0]}.${b64({ ...claims, roles: ['admin', 'super-admin'] })}.${parts(good)[2]}`,
  ],
  ['the refresh token used as an access token', async () => victim.refreshToken],
  ['a token of another type (typ: refresh) signed by us', async () => signWithRealKey({ ...claims, typ: 'refresh' })],
  ['a token for a session that does not exist', async () => signWithRealKey({ ...claims, sid: '00000000-0000-0000-0000-000000000000' })],
  ['a token whose sub does not own its sid', async () => signWithRealKey({ ...claims, sub: 'someone-else' })],
];

const pageRequest = (token: string | null, path = '/calculators') =>
  new NextRequest(`http://kalkulus.ru${path}`, {
    headers: { host: 'kalkulus.ru', ...(token === null ? {} : { cookie: `accessToken=${token}` }) },
  });

describe(`token attack matrix (${testDriver()})`, () => {
  it('the genuine token passes the services and the proxy gate', async () => {
    expect((await authCall('getUserInfo', {}, { headers: bearer(good) })).status).toBe(200);
    const res = await proxy(pageRequest(good));
    expect(res.headers.get('x-middleware-next')).toBe('1');
  });

  it.each(cases)('%s: refused by the services (401) and redirected by proxy.ts', async (_name, make) => {
    const token = await make();
    const byService = await authCall('getUserInfo', {}, { headers: bearer(token) });
    expect(byService.status).toBe(401);
    expect(['INVALID_TOKEN', 'JWT_EXPIRED', 'UNAUTHORIZED']).toContain(byService.body.code);
    const byBody = await authCall('updateUserInfo', { accessToken: token, userinfo: { firstName: 'Взлом' } });
    expect(byBody.status).toBe(401);
    // The other services run the same check (requireUser): the file manager and a product call.
    for (const [service, path] of [
      [services.files, '/file-manager-service/api/v1/listObjects'],
      [services.product, '/api/v1/companies/list'],
    ] as const) {
      const r = await dispatch(
        service,
        new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body: '{}' }),
        ctx,
      );
      expect(r.status, path).toBe(401);
    }
    const res = await proxy(pageRequest(token));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://kalkulus.ru/auth?next=%2Fcalculators');
  });

  it('an expired token answers exactly "jwt expired"', async () => {
    const token = await signWithRealKey({ ...claims, iat: now() - 7200, nbf: now() - 7200, exp: now() - 60 });
    const r = await authCall('getUserInfo', {}, { headers: bearer(token) });
    expect(r.body).toEqual({ ok: false, msg: 'jwt expired', code: 'JWT_EXPIRED' });
  });

  it('a token verified before (remembered by the process) still answers "jwt expired" once it has expired', async () => {
    const token = await signWithRealKey({ ...claims, iat: now(), nbf: now(), exp: now() + 60 });
    expect((await authCall('getUserInfo', {}, { headers: bearer(token) })).status).toBe(200);
    expect((await authCall('getUserInfo', {}, { headers: bearer(token) })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 120_000);
      const r = await authCall('getUserInfo', {}, { headers: bearer(token) });
      expect(r.body).toEqual({ ok: false, msg: 'jwt expired', code: 'JWT_EXPIRED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token in the query string is ignored by the services and the gate', async () => {
    const res = await proxy(pageRequest(null, `/calculators?accessToken=${good}&token=${good}`));
    expect(res.status).toBe(307);
    const { POST } = await import('@/app/auth-back/api/v2/[...path]/route');
    const r = await POST(
      new Request(`http://localhost/auth-back/api/v2/getUserInfo?accessToken=${good}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(r.status).toBe(401);
  });

  it('an access token after logout is refused by both', async () => {
    const u = await createTestUser(ctx);
    expect((await proxy(pageRequest(u.accessToken))).headers.get('x-middleware-next')).toBe('1');
    await authCall('logout', { refreshToken: u.refreshToken });
    expect((await authCall('getUserInfo', {}, { headers: bearer(u.accessToken) })).status).toBe(401);
    const files = await dispatch(
      services.files,
      new Request('http://localhost/file-manager-service/api/v1/listObjects', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(u.accessToken) },
        body: '{}',
      }),
      ctx,
    );
    expect(files.status).toBe(401);
    const res = await proxy(pageRequest(u.accessToken));
    expect(res.status).toBe(307);
    // The dead cookies are dropped.
    expect(res.headers.getSetCookie().join('\n')).toMatch(/accessToken=; Path=\/; Max-Age=0/);
  });

  it('a POST (server action) to a protected page without a session is a 401, not a pass', async () => {
    const res = await proxy(new NextRequest('http://kalkulus.ru/companies', { method: 'POST', headers: { host: 'kalkulus.ru' } }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('public pages and the sign-in pages stay open; /file with a link token is left to the file service', async () => {
    for (const path of ['/file/abc?link=tok123']) {
      expect((await proxy(pageRequest(null, path))).headers.get('x-middleware-next')).toBe('1');
    }
    for (const path of ['/companies', '/documents/42', '/cost', '/my-progress', '/education', '/business-processes/x', '/specifications', '/file/abc']) {
      const res = await proxy(pageRequest(null, path));
      expect(res.status, path).toBe(307);
      expect(res.headers.get('location')).toBe(`http://kalkulus.ru/auth?next=${encodeURIComponent(path)}`);
    }
  });

  it('an expired access token with a live refresh cookie goes to /auth/renew; the renewal there signs the user in', async () => {
    const u = await createTestUser(ctx);
    const expired = await signWithRealKey({
      ...(decodeJwt(u.accessToken) as Record<string, unknown>),
      iat: now() - 7200,
      nbf: now() - 7200,
      exp: now() - 60,
    });
    const res = await proxy(
      new NextRequest('http://kalkulus.ru/calculators', {
        headers: { host: 'kalkulus.ru', cookie: `accessToken=${expired}; refreshToken=${u.refreshToken}` },
      }),
    );
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://kalkulus.ru/auth/renew?next=%2Fcalculators');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The gate leaves the tokens alone: the browser's own refresh (the page /auth/renew makes) exchanges them.
    expect(res.headers.getSetCookie()).toEqual([]);
    const renewed = await authCall('regenerateTokens', {}, { headers: { cookie: `refreshToken=${u.refreshToken}` } });
    expect(renewed.status).toBe(200);
    expect((await authCall('getUserInfo', {}, { headers: bearer(renewed.body.accessToken) })).status).toBe(200);
    expect(renewed.cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/HttpOnly/);
  });
});

describe(`key rotation (${testDriver()})`, () => {
  it('a new key signs, the old one still verifies its tokens, getPublicKey lists both', async () => {
    const before = await createTestUser(ctx);
    const oldKid = header(before.accessToken).kid;
    const newKid = await rotateSigningKey(ctx.db);
    expect(newKid).not.toBe(oldKid);
    const after = await createTestUser(ctx);
    expect(header(after.accessToken).kid).toBe(newKid);
    expect((await authCall('getUserInfo', {}, { headers: bearer(before.accessToken) })).status).toBe(200);
    expect((await authCall('getUserInfo', {}, { headers: bearer(after.accessToken) })).status).toBe(200);
    const pk = await authCall('getPublicKey');
    expect(pk.body.kid).toBe(newKid);
    const kids = (pk.body.keys as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));

    // Once the old key's window has passed it verifies nothing.
    await ctx.database.exec(`update auth_keys set verify_until = now() - interval '1 second' where kid = '${String(oldKid)}'`);
    forgetKeys(ctx.db);
    await expect(verifyAccessToken(ctx.db, before.accessToken)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await authCall('getUserInfo', {}, { headers: bearer(after.accessToken) })).status).toBe(200);
  });
});
