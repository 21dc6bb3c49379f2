// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, nextIp, uniqueEmail } from './helpers';

const realFetch = globalThis.fetch;
afterEach(() => vi.unstubAllGlobals());

/** Fakes only the captcha provider's verify endpoint. */
function fakeVerify(url: string, answer: (form: URLSearchParams) => unknown) {
  const forms: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    if (String(input) === url) {
      const form = init.body as URLSearchParams;
      forms.push(form);
      return new Response(JSON.stringify(answer(form)), { headers: { 'content-type': 'application/json' } });
    }
    return realFetch(input, init);
  });
  return forms;
}

describe(`captcha: reCAPTCHA v3 (${testDriver()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'secret-1' });
    setAppContext(ctx);
  });
  afterAll(async () => {
    setAppContext(undefined);
    await ctx.destroy();
  });

  it('getRecaptchaSiteKey says which provider and key', async () => {
    expect((await authCall('getRecaptchaSiteKey')).body).toEqual({ ok: true, msg: 'Готово', use: true, key: 'site-key-1', provider: 'recaptcha' });
  });

  it('register needs a token the provider accepts with score ≥ 0.5 and action submit', async () => {
    const forms = fakeVerify('https://www.google.com/recaptcha/api/siteverify', (f) =>
      f.get('response') === 'human' ? { success: true, score: 0.9, action: 'submit' } : f.get('response') === 'bot' ? { success: true, score: 0.1, action: 'submit' } : { success: false },
    );
    const body = (t?: string) => ({ login: uniqueEmail('cap'), password: 'пароль-капча-1', captchaToken: t });
    const none = await authCall('register', body(), { ip: nextIp() });
    expect(none.body).toMatchObject({ ok: false, code: 'CAPTCHA_FAILED', msg: 'Проверка «я не робот» не пройдена. Обновите страницу и попробуйте ещё раз.' });
    expect((await authCall('register', body('bot'), { ip: nextIp() })).body).toMatchObject({ code: 'CAPTCHA_FAILED' });
    expect((await authCall('register', body('forged'), { ip: nextIp() })).body).toMatchObject({ code: 'CAPTCHA_FAILED' });
    const ip = nextIp();
    const ok = await authCall('register', body('human'), { ip });
    expect(ok.status).toBe(200);
    expect(forms.at(-1)?.get('secret')).toBe('secret-1');
    expect(forms.at(-1)?.get('remoteip')).toBe(ip);
  });
});

describe(`captcha: Yandex SmartCaptcha (${testDriver()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SITE_KEY: 'ysc-site', CAPTCHA_SECRET: 'ysc-secret' });
    setAppContext(ctx);
  });
  afterAll(async () => {
    setAppContext(undefined);
    await ctx.destroy();
  });

  it('login and the reset link are checked with /validate; an unreachable provider is a 502 in Russian', async () => {
    fakeVerify('https://smartcaptcha.yandexcloud.net/validate', (f) => ({ status: f.get('token') === 'ok-token' ? 'ok' : 'failed', message: '' }));
    const r = await authCall('sendPasswordResetLink', { login: uniqueEmail('x'), captchaToken: 'nope' }, { ip: nextIp() });
    expect(r.body).toMatchObject({ code: 'CAPTCHA_FAILED' });
    const ok = await authCall('sendPasswordResetLink', { login: uniqueEmail('x'), captchaToken: 'ok-token' }, { ip: nextIp() });
    expect(ok.status).toBe(200);
    const unknown = await authCall('login', { login: uniqueEmail('x'), password: 'пароль-пароль', captchaToken: 'ok-token' }, { ip: nextIp() });
    expect(unknown.body).toMatchObject({ code: 'USER_NOT_FOUND' });

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const down = await authCall('login', { login: uniqueEmail('x'), password: 'пароль-пароль', captchaToken: 'ok-token' }, { ip: nextIp() });
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ msg: 'Не удалось проверить «я не робот». Попробуйте ещё раз через минуту.' });
  });
});
