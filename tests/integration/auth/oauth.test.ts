// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer, nextIp } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    YANDEX_CLIENT_ID: 'ya-client',
    YANDEX_CLIENT_SECRET: 'ya-secret',
    VK_CLIENT_ID: '51000001',
    VK_CLIENT_SECRET: 'vk-secret',
    PUBLIC_URL: 'https://kalkulus.example.ru',
  });
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});
afterEach(() => vi.unstubAllGlobals());

const realFetch = globalThis.fetch;
type Seen = { url: string; form: URLSearchParams | null; headers: Headers };

/** Only the providers are faked; anything else goes to the real fetch. */
function fakeProviders(users: { yandex?: Record<string, unknown>; vk?: Record<string, unknown> }, seen: Seen[] = []) {
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = String(input);
    const form = typeof init.body === 'object' && init.body instanceof URLSearchParams ? init.body : null;
    const headers = new Headers(init.headers);
    const answer = (b: unknown, status = 200) => new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (url === 'https://oauth.yandex.ru/token') {
      seen.push({ url, form, headers });
      return form?.get('code') === 'good-code' ? answer({ access_token: 'ya-at', token_type: 'bearer' }) : answer({ error: 'invalid_grant' }, 400);
    }
    if (url === 'https://login.yandex.ru/info?format=json') {
      seen.push({ url, form, headers });
      return headers.get('authorization') === 'OAuth ya-at' ? answer(users.yandex) : answer({}, 401);
    }
    if (url === 'https://id.vk.com/oauth2/auth') {
      seen.push({ url, form, headers });
      return answer({ access_token: 'vk-at', user_id: 777 });
    }
    if (url === 'https://id.vk.com/oauth2/user_info') {
      seen.push({ url, form, headers });
      return answer({ user: users.vk });
    }
    return realFetch(input, init);
  });
  return seen;
}

async function startFlow(provider: 'yandex' | 'vk', headers: Record<string, string> = {}) {
  const r = await authCall('getOAuthLink', { provider }, { headers });
  expect(r.status).toBe(200);
  const link = new URL(r.body.link as string);
  return { link, state: link.searchParams.get('state')! };
}

describe(`OAuth: Яндекс ID and VK ID (${testDriver()})`, () => {
  it('getOAuthLink: the provider page with state, PKCE S256 and our callback', async () => {
    const { link } = await startFlow('yandex');
    expect(link.origin + link.pathname).toBe('https://oauth.yandex.ru/authorize');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'ya-client',
      redirect_uri: 'https://kalkulus.example.ru/auth/oauth/yandex',
      code_challenge_method: 'S256',
    });
    expect(link.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const off = await authCall('getOAuthLink', { provider: 'vk', redirectUri: 'https://evil.example/cb' });
    expect(off.status).toBe(422);
  });

  it('Яндекс: code + verifier exchanged, a new user created and signed in; the same account signs in again', async () => {
    const seen = fakeProviders({ yandex: { id: '1130000000', default_email: 'Olga@Yandex.ru', first_name: 'Ольга', last_name: 'К', display_name: 'olga' } });
    const { state, link } = await startFlow('yandex');
    const r = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state }, { ip: nextIp() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: 'Вы вошли' });
    const tokenCall = seen.find((s) => s.url === 'https://oauth.yandex.ru/token')!;
    const verifier = tokenCall.form!.get('code_verifier')!;
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(link.searchParams.get('code_challenge'));
    const info = await authCall('getUserInfo', {}, { headers: bearer(r.body.accessToken) });
    expect(info.body.userinfo).toMatchObject({ email: 'olga@yandex.ru', emailConfirmed: true, firstName: 'Ольга', linkedAccounts: [{ provider: 'yandex' }] });

    // state is single use.
    const replay = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state }, { ip: nextIp() });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'OAUTH_FAILED' });

    const again = await startFlow('yandex');
    const r2 = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state: again.state }, { ip: nextIp() });
    const info2 = await authCall('getUserInfo', {}, { headers: bearer(r2.body.accessToken) });
    expect((info2.body.userinfo as { sub: string }).sub).toBe((info.body.userinfo as { sub: string }).sub);
  });

  it('a refused code, a forged state and an unconfigured provider are refused in Russian', async () => {
    fakeProviders({ yandex: { id: '1' } });
    const { state } = await startFlow('yandex');
    const bad = await authCall('oauthLogin', { provider: 'yandex', code: 'stolen', state }, { ip: nextIp() });
    expect(bad.body).toMatchObject({ ok: false, code: 'OAUTH_FAILED', msg: 'Яндекс ID не подтвердил вход. Попробуйте ещё раз.' });
    const forged = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state: 'made-up' }, { ip: nextIp() });
    expect(forged.status).toBe(401);
    const bare = await createTestContext();
    setAppContext(bare);
    try {
      const r = await authCall('getOAuthLink', { provider: 'vk' });
      expect(r.body).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED', msg: 'Вход через VK ID не настроен.' });
    } finally {
      setAppContext(ctx);
      await bare.destroy();
    }
  });

  it('VK ID: device_id and the verifier go to the token exchange; a signed-in user links VK to the own account', async () => {
    const me = await createTestUser(ctx);
    const seen = fakeProviders({ vk: { user_id: '777', first_name: 'Вера', last_name: 'В', email: 'vera@vk.example' } });
    const { state } = await startFlow('vk', me.headers);
    const r = await authCall('oauthLogin', { provider: 'vk', code: 'vk-code', state, deviceId: 'dev-1' }, { ip: nextIp() });
    expect(r.body).toMatchObject({ ok: true, msg: 'VK ID привязан' });
    const form = seen.find((s) => s.url === 'https://id.vk.com/oauth2/auth')!.form!;
    expect(form.get('device_id')).toBe('dev-1');
    expect(form.get('code_verifier')).toBeTruthy();
    expect(form.get('redirect_uri')).toBe('https://kalkulus.example.ru/auth/oauth/vk');
    const info = await authCall('getUserInfo', {}, { headers: me.headers });
    expect(info.body.userinfo).toMatchObject({ email: me.user.email, linkedAccounts: [{ provider: 'vk', displayName: 'Вера В' }] });

    // Without device_id VK cannot finish.
    const s2 = await startFlow('vk');
    const noDevice = await authCall('oauthLogin', { provider: 'vk', code: 'vk-code', state: s2.state }, { ip: nextIp() });
    expect(noDevice.status).toBe(422);
  });

  it('an address registered with a password is not taken over through a provider', async () => {
    const owner = await createTestUser(ctx, { email: 'owner@yandex.ru' });
    fakeProviders({ yandex: { id: '999', default_email: 'owner@yandex.ru' } });
    const { state } = await startFlow('yandex');
    const r = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state }, { ip: nextIp() });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Почта owner@yandex.ru уже зарегистрирована. Войдите по паролю и привяжите Яндекс ID в профиле.');
    expect((await authCall('getUserInfo', {}, { headers: owner.headers })).body.userinfo).toMatchObject({ linkedAccounts: [] });
  });
});
