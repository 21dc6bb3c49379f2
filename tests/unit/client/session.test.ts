import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { apiCall } from '@/lib/client/api';
import { refreshAccessToken } from '@/lib/client/refresh';
import { acceptTokens, ensureSession, getRoles, isSuperAdmin, logout, PUBLIC_KEY_STORAGE, ROLES_STORAGE } from '@/lib/client/session';

const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const KID = 'k-test';

async function token(opts: { exp?: number; roles?: string[]; kid?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'a@example.ru', roles: opts.roles ?? ['admin'], sid: 's1', typ: 'access' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? KID })
    .setSubject('u1')
    .setIssuer('kalkulus-auth')
    .setAudience('kalkulus')
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(await importPKCS8(pair.privateKey, 'RS256'));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const setCookie = (v: string) => {
  document.cookie = `accessToken=${v}; path=/`;
};
const cookie = () => document.cookie.match(/accessToken=([^;]*)/)?.[1];

let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
const calls = () => fetchMock.mock.calls.map(([u]) => u.replace(/^.*\/api\/v2\//, ''));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  document.cookie = 'accessToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => vi.unstubAllGlobals());

const publicKeyAnswer = () => json({ ok: true, msg: 'Готово', kid: KID, publicKey: pair.publicKey, keys: { keys: [] } });

describe('lib/client/session', () => {
  it('verifies the token with the fetched public key, caches the key record and the roles', async () => {
    setCookie(await token({ roles: ['admin', 'super-admin'] }));
    fetchMock.mockResolvedValueOnce(publicKeyAnswer());
    const s = await ensureSession();
    expect(s).toMatchObject({ sub: 'u1', roles: ['admin', 'super-admin'], sid: 's1' });
    expect(JSON.parse(localStorage.getItem(PUBLIC_KEY_STORAGE)!)).toMatchObject({ kid: KID });
    expect(getRoles()).toEqual(['admin', 'super-admin']);
    expect(isSuperAdmin()).toBe(true);
    // The second check uses the cached record.
    await ensureSession();
    expect(calls()).toEqual(['getPublicKey']);
  });

  it("an upstream's token (no kid, no iss/aud) is checked with its current key; a refresh-typed one is not accepted", async () => {
    const now = Math.floor(Date.now() / 1000);
    const key = await importPKCS8(pair.privateKey, 'RS256');
    const upstream = (typ?: string) =>
      new SignJWT({ email: 'a@example.ru', roles: ['user'], ...(typ ? { typ } : {}) })
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject('up-1')
        .setExpirationTime(now + 600)
        .sign(key);
    fetchMock.mockResolvedValueOnce(publicKeyAnswer());
    setCookie(await upstream());
    expect(await ensureSession()).toMatchObject({ sub: 'up-1', roles: ['user'], sid: '' });
    setCookie(await upstream('refresh'));
    fetchMock.mockResolvedValue(json({ ok: false, msg: 'Сеанс завершён', code: 'UNAUTHORIZED' }, 401));
    expect(await ensureSession()).toBeNull();
  });

  it('an expired token is refreshed and verified again', async () => {
    setCookie(await token({ exp: Math.floor(Date.now() / 1000) - 60 }));
    const fresh = await token({ roles: ['user'] });
    fetchMock
      .mockResolvedValueOnce(publicKeyAnswer())
      .mockImplementationOnce(async () => {
        setCookie(fresh);
        return json({ ok: true, msg: 'Токены обновлены', accessToken: fresh, refreshToken: 'r2' });
      })
      .mockResolvedValueOnce(publicKeyAnswer());
    const s = await ensureSession();
    expect(s?.roles).toEqual(['user']);
    expect(calls()).toEqual(['getPublicKey', 'regenerateTokens', 'getPublicKey']);
    expect(isSuperAdmin()).toBe(false);
  });

  it('two failed refreshes sign out locally: token, key record and roles removed', async () => {
    setCookie(await token({ exp: Math.floor(Date.now() / 1000) - 60 }));
    localStorage.setItem(ROLES_STORAGE, '["admin"]');
    fetchMock
      .mockResolvedValueOnce(publicKeyAnswer())
      .mockResolvedValue(json({ ok: false, msg: 'Сеанс завершён. Войдите снова.', code: 'INVALID_TOKEN' }, 401));
    expect(await ensureSession()).toBeNull();
    expect(calls().filter((c) => c === 'regenerateTokens')).toHaveLength(2);
    expect(cookie()).toBeUndefined();
    expect(localStorage.getItem(ROLES_STORAGE)).toBeNull();
    expect(localStorage.getItem(PUBLIC_KEY_STORAGE)).toBeNull();
  });

  it('a login, registration or OAuth answer caches the roles of its token; another user replaces them', async () => {
    acceptTokens({ ok: true, accessToken: await token({ roles: ['admin', 'super-admin'] }) });
    expect(JSON.parse(localStorage.getItem(ROLES_STORAGE)!)).toEqual(['admin', 'super-admin']);
    expect(isSuperAdmin()).toBe(true);
    acceptTokens({ ok: true, accessToken: await token({ roles: ['user'] }) });
    expect(getRoles()).toEqual(['user']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a silent refresh caches the new roles; a refused one forgets them, a network failure keeps them', async () => {
    const fresh = await token({ roles: ['admin'] });
    setCookie(fresh); // the route has set the cookie already
    fetchMock.mockResolvedValueOnce(json({ ok: true, msg: 'Готово', accessToken: fresh }));
    expect(await refreshAccessToken()).toBe(true);
    expect(getRoles()).toEqual(['admin']);
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    expect(await refreshAccessToken()).toBe(false);
    expect(getRoles()).toEqual(['admin']);
    fetchMock.mockResolvedValueOnce(json({ ok: false, msg: 'Сеанс завершён. Войдите снова.', code: 'INVALID_TOKEN' }, 401));
    expect(await refreshAccessToken()).toBe(false);
    expect(localStorage.getItem(ROLES_STORAGE)).toBeNull();
  });

  it('a broken userRoles record is only logged', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(ROLES_STORAGE, '{oops');
    expect(getRoles()).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(isSuperAdmin()).toBe(false);
    spy.mockRestore();
  });

  it('isSuperAdmin needs both admin and super-admin', () => {
    localStorage.setItem(ROLES_STORAGE, '["super-admin"]');
    expect(isSuperAdmin()).toBe(false);
  });

  it('logout removes tokens and the key record, calls logout ignoring errors, clears roles, goes to /auth', async () => {
    setCookie('t');
    localStorage.setItem(PUBLIC_KEY_STORAGE, '{}');
    localStorage.setItem(ROLES_STORAGE, '["admin"]');
    fetchMock.mockRejectedValue(new TypeError('network down'));
    const go = vi.fn();
    await logout(go);
    expect(calls()).toEqual(['logout']);
    expect(cookie()).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(go).toHaveBeenCalledWith('/auth');
  });

  it('a "jwt expired" answer from any call forces one refresh and one retry with the new token', async () => {
    setCookie('old');
    fetchMock
      .mockResolvedValueOnce(json({ ok: false, msg: 'jwt expired', code: 'JWT_EXPIRED' }, 401))
      .mockImplementationOnce(async () => {
        setCookie('new');
        return json({ ok: true, msg: 'ok', accessToken: 'new', refreshToken: 'r' });
      })
      .mockResolvedValueOnce(json({ ok: true, msg: 'Готово', userinfo: {} }));
    const a = await apiCall('/auth-back/api/v2/getUserInfo', { accessToken: 'old' });
    expect(a.ok).toBe(true);
    const [, , retry] = fetchMock.mock.calls;
    expect(new Headers(retry![1].headers).get('authorization')).toBe('Bearer new');
    expect(JSON.parse(String(retry![1].body))).toEqual({ accessToken: 'new' });

    // A second expiry after the retry is not retried again.
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(json({ ok: false, msg: 'jwt expired', code: 'JWT_EXPIRED' }, 401))
      .mockResolvedValueOnce(json({ ok: false, msg: 'Сеанс завершён.', code: 'INVALID_TOKEN' }, 401));
    await expect(apiCall('/api/v1/x', {})).rejects.toMatchObject({ code: 'JWT_EXPIRED' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
