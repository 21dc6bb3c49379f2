// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { gatePage } from '@/lib/server/services/auth/gate';
import { createTestContext, type TestContext } from '../../helpers/context';
import { authCall, nextIp, uniqueEmail } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});

const PASSWORD = 'верный-пароль-1';
const HTTPS = { 'x-forwarded-proto': 'https' };
const maxAge = (cookies: string[], name: string) => Number(cookies.find((c) => c.startsWith(`${name}=`))?.match(/Max-Age=(\d+)/)?.[1]);

describe('token cookies: one lifetime, Secure under https', () => {
  it('every Set-Cookie of every token answer has Secure under https; the access cookie lives as long as the refresh one', async () => {
    const email = uniqueEmail('cookie');
    const seen: string[] = [];
    const reg = await authCall('register', { login: email, password: PASSWORD }, { ip: nextIp(), headers: HTTPS });
    expect(reg.status).toBe(200);
    expect(maxAge(reg.cookies, 'accessToken')).toBe(86400);
    expect(maxAge(reg.cookies, 'refreshToken')).toBe(reg.body.refreshTokenExpiresIn);
    seen.push(...reg.cookies);

    const long = await authCall('login', { login: email, password: PASSWORD, remember: true }, { ip: nextIp(), headers: HTTPS });
    expect(maxAge(long.cookies, 'accessToken')).toBe(2592000);
    expect(maxAge(long.cookies, 'refreshToken')).toBe(2592000);
    seen.push(...long.cookies);

    const refresh = `refreshToken=${encodeURIComponent(long.body.refreshToken as string)}`;
    const renewed = await authCall('regenerateTokens', {}, { ip: nextIp(), headers: { ...HTTPS, cookie: refresh } });
    expect(renewed.status).toBe(200);
    expect(maxAge(renewed.cookies, 'accessToken')).toBe(maxAge(renewed.cookies, 'refreshToken'));
    seen.push(...renewed.cookies);

    // The page gate renews nothing itself (the browser does, on /auth/renew): no token cookie from it.
    const cookie = `refreshToken=${encodeURIComponent(renewed.body.refreshToken as string)}`;
    const gate = await gatePage(new Request('http://localhost/companies', { headers: { ...HTTPS, cookie } }));
    expect(gate).toEqual({ kind: 'redirect', location: '/auth/renew?next=%2Fcompanies', setCookies: [] });

    const out = await authCall('logout', {}, { ip: nextIp(), headers: { ...HTTPS, authorization: `Bearer ${String(renewed.body.accessToken)}` } });
    seen.push(...out.cookies);

    expect(seen.length).toBeGreaterThanOrEqual(8);
    for (const c of seen) expect(c).toMatch(/; Secure(;|$)/);
    for (const c of seen.filter((x) => x.startsWith('refreshToken='))) expect(c).toMatch(/; HttpOnly/);
  });

  it('under plain http the cookies carry no Secure (a browser would drop them)', async () => {
    const r = await authCall('register', { login: uniqueEmail('plain'), password: PASSWORD }, { ip: nextIp() });
    expect(r.cookies).toHaveLength(2);
    for (const c of r.cookies) expect(c).not.toMatch(/Secure/);
  });
});
