// @vitest-environment node
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer, nextIp } from './helpers';

/**
 * The providers, faked at the HTTP edge only: a local server answering Яндекс's token + info and VK ID's
 * token + user_info endpoints; the app reaches it through YANDEX_OAUTH_URL / YANDEX_LOGIN_URL / VK_ID_URL.
 */
type Seen = { path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders };
let providerUsers: { yandex?: Record<string, unknown>; vk?: Record<string, unknown> } = {};
let seenRequests: Seen[] = [];
let provider: http.Server;
let origin = '';

function startProviders() {
  provider = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const form = new URLSearchParams(raw);
      seenRequests.push({ path, form, headers: req.headers });
      const answer = (b: unknown, status = 200) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b));
      };
      if (path === '/ya-oauth/token') {
        const ok = req.method === 'POST' && form.get('code') === 'good-code' && form.get('client_secret') === 'ya-secret' && form.get('code_verifier');
        return ok ? answer({ access_token: 'ya-at', token_type: 'bearer' }) : answer({ error: 'invalid_grant' }, 400);
      }
      if (path === '/ya-login/info') {
        return req.headers.authorization === 'OAuth ya-at' ? answer(providerUsers.yandex) : answer({}, 401);
      }
      if (path === '/vk/oauth2/auth') {
        const ok = form.get('code') === 'vk-code' && form.get('device_id') && form.get('code_verifier') && form.get('client_id') === '51000001';
        return ok ? answer({ access_token: 'vk-at', user_id: 777 }) : answer({ error: 'invalid_grant' }, 400);
      }
      if (path === '/vk/oauth2/user_info') {
        return form.get('access_token') === 'vk-at' ? answer({ user: providerUsers.vk }) : answer({ error: 'invalid_token' }, 401);
      }
      answer({ error: 'not_found' }, 404);
    });
  });
  return new Promise<void>((r) =>
    provider.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;
      r();
    }),
  );
}

let ctx: TestContext;
beforeAll(async () => {
  await startProviders();
  ctx = await createTestContext({
    YANDEX_CLIENT_ID: 'ya-client',
    YANDEX_CLIENT_SECRET: 'ya-secret',
    VK_CLIENT_ID: '51000001',
    VK_CLIENT_SECRET: 'vk-secret',
    PUBLIC_URL: 'https://kalkulus.example.ru',
    YANDEX_OAUTH_URL: `${origin}/ya-oauth`,
    YANDEX_LOGIN_URL: `${origin}/ya-login`,
    VK_ID_URL: `${origin}/vk`,
  });
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  provider.close();
  await ctx.destroy();
});

function fakeProviders(users: typeof providerUsers) {
  providerUsers = users;
  seenRequests = [];
  return seenRequests;
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
    expect(link.origin + link.pathname).toBe(`${origin}/ya-oauth/authorize`);
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
    const tokenCall = seen.find((s) => s.path === '/ya-oauth/token')!;
    const verifier = tokenCall.form.get('code_verifier')!;
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
    const form = seen.find((s) => s.path === '/vk/oauth2/auth')!.form;
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

  it('Яндекс «Привязать»: linked to the signed-in user; the same Яндекс account cannot be linked to another user', async () => {
    const me = await createTestUser(ctx);
    fakeProviders({ yandex: { id: '2220001', default_email: 'someone@yandex.ru', display_name: 'someone' } });
    const { state } = await startFlow('yandex', me.headers);
    const r = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state }, { ip: nextIp() });
    expect(r.body).toMatchObject({ ok: true, msg: 'Яндекс ID привязан' });
    const info = await authCall('getUserInfo', {}, { headers: bearer(r.body.accessToken) });
    expect(info.body.userinfo).toMatchObject({ sub: me.user.id, email: me.user.email, linkedAccounts: [{ provider: 'yandex', displayName: 'someone' }] });
    // Signing in with that Яндекс account now opens my account.
    const s2 = await startFlow('yandex');
    const signIn = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state: s2.state }, { ip: nextIp() });
    const info2 = await authCall('getUserInfo', {}, { headers: bearer(signIn.body.accessToken) });
    expect((info2.body.userinfo as { sub: string }).sub).toBe(me.user.id);
    const other = await createTestUser(ctx);
    const s3 = await startFlow('yandex', other.headers);
    const taken = await authCall('oauthLogin', { provider: 'yandex', code: 'good-code', state: s3.state }, { ip: nextIp() });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('Этот аккаунт Яндекс ID уже привязан к другому пользователю.');
  });

  it('getLoginProviders lists only the configured providers', async () => {
    const r = await authCall('getLoginProviders', {});
    expect(r.body).toMatchObject({ ok: true, providers: ['yandex', 'vk'], telegramBotId: null });
    const bare = await createTestContext();
    setAppContext(bare);
    try {
      expect((await authCall('getLoginProviders', {})).body).toMatchObject({ providers: [], telegramBotId: null });
    } finally {
      setAppContext(ctx);
      await bare.destroy();
    }
  });
});
