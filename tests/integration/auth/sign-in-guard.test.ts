// @vitest-environment node
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { rows } from '@/lib/server/db/rows';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, nextIp, uniqueEmail, type CallAnswer } from './helpers';

const PASSWORD = 'пароль-владельца-1';
const WRONG = 'чужой-пароль-9';

async function owner() {
  const email = uniqueEmail('owner');
  const r = await authCall('register', { login: email, password: PASSWORD }, { ip: nextIp() });
  expect(r.status).toBe(200);
  return { email, id: decodeJwt(r.body.accessToken as string).sub!, refresh: r.body.refreshToken as string };
}

const login = (email: string, ip: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  authCall('login', { login: email, password }, { ip, headers });

/** The answer without what may differ by a second (the wait) — what a caller could compare. */
const shape = (a: CallAnswer) => ({ status: a.status, keys: Object.keys(a.body).sort(), code: a.body.code, msg: a.body.msg, retry: Boolean(a.headers.get('retry-after')) });

/** Moves a pair's last failure back in time, as if that many seconds had passed. */
async function age(ctx: TestContext, userId: string, ip: string, seconds: number) {
  await ctx.db.execute(
    sql`update auth_rate_limits set window_start = window_start - make_interval(secs => ${seconds}) where bucket = 'login:pair' and subject = ${`${userId} ${ip}`}`,
  );
}

describe(`sign-in: no account oracle, no owner lockout (${testDriver()})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    setAppContext(ctx);
  });
  afterAll(async () => {
    setAppContext(undefined);
    await ctx.destroy();
  });

  it('an address with no account is told so only within the failures allowed per client address; then it answers as a known one', async () => {
    const { email } = await owner();
    const ip = nextIp();
    // Wrong passwords and unknown addresses share one count per client address: 20 in 10 minutes.
    for (let i = 0; i < 10; i++) expect((await login(uniqueEmail('sweep'), ip)).body).toEqual({ ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' });
    const others = [await owner(), await owner()]; // five each: none of the pairs is held yet
    for (let i = 0; i < 10; i++) expect((await login(others[i % 2]!.email, ip, WRONG)).status).toBe(401);
    const unknown = await login(uniqueEmail('sweep'), ip);
    const known = await login(email, ip, WRONG);
    expect(unknown.status).toBe(429);
    expect(shape(unknown)).toEqual(shape(known));
    expect(unknown.body).toMatchObject({ ok: false, code: 'RATE_LIMITED', msg: 'Слишком много попыток. Повторите через 10 минут.' });
    expect(Number(unknown.headers.get('retry-after'))).toBeGreaterThan(500);
    // The count is the client address's: another address is told at once; the owner's right password still works.
    expect((await login(uniqueEmail('sweep'), nextIp())).status).toBe(404);
    expect((await login(email, ip)).status).toBe(200);
  });

  it('wrong passwords lock only the (account, client address) pair: the owner elsewhere signs in; the wait grows and a right password clears it', async () => {
    const me = await owner();
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) expect((await login(me.email, attacker, WRONG)).status).toBe(401);
    const locked = await login(me.email, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      ok: false,
      code: 'RATE_LIMITED',
      msg: 'Слишком много неверных паролей. Повторите через 1 минуту или восстановите пароль по ссылке «Забыли пароль?».',
    });
    const firstWait = Number(locked.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(30);

    // Ten more failures from ten other addresses do not touch the owner's own address.
    for (let i = 0; i < 10; i++) expect((await login(me.email, nextIp(), WRONG)).status).toBe(401);
    expect((await login(me.email, nextIp())).status).toBe(200);

    // The wait over, one more wrong password makes the next wait twice as long.
    await age(ctx, me.id, attacker, 31);
    expect((await login(me.email, attacker, WRONG)).status).toBe(401);
    const again = await login(me.email, attacker);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(30);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // After it, the right password signs in and the pair starts from nothing.
    await age(ctx, me.id, attacker, 61);
    expect((await login(me.email, attacker)).status).toBe(200);
    const [left] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from auth_rate_limits where bucket = 'login:pair' and subject = ${`${me.id} ${attacker}`}`);
    expect(left?.n).toBe(0);
    for (let i = 0; i < 4; i++) expect((await login(me.email, attacker, WRONG)).status).toBe(401);
    expect((await login(me.email, attacker)).status).toBe(200);
  });

  it('failures older than 12 hours are forgotten', async () => {
    const me = await owner();
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await login(me.email, ip, WRONG)).status).toBe(401);
    expect((await login(me.email, ip)).status).toBe(429);
    await age(ctx, me.id, ip, 12 * 60 * 60 + 1);
    expect((await login(me.email, ip, WRONG)).status).toBe(401);
    expect((await login(me.email, ip)).status).toBe(200);
  });

  it('a browser holding a live refresh token of the account signs in at a locked address; another account’s or an ended one does not', async () => {
    const me = await owner();
    const stranger = await owner();
    const shared = nextIp(); // the owner's office, where someone else has been guessing
    for (let i = 0; i < 5; i++) expect((await login(me.email, shared, WRONG)).status).toBe(401);
    const cookie = (refresh: string) => ({ cookie: `theme=dark; refreshToken=${encodeURIComponent(refresh)}` });

    expect((await login(me.email, shared, PASSWORD, cookie(stranger.refresh))).status).toBe(429);
    expect((await login(me.email, shared, PASSWORD, cookie('forged-token'))).status).toBe(429);
    const known = await login(me.email, shared, PASSWORD, cookie(me.refresh));
    expect(known.status).toBe(200);
    expect(known.body).toMatchObject({ ok: true, msg: 'Вы вошли' });
    // The known browser still needs the password.
    expect((await login(me.email, shared, WRONG, cookie(me.refresh))).status).toBe(401);

    // A browser whose session has ended is not known any more.
    for (let i = 0; i < 5; i++) await login(me.email, shared, WRONG);
    const session = await login(me.email, nextIp());
    const refresh = session.body.refreshToken as string;
    expect((await authCall('logout', { refreshToken: refresh })).status).toBe(200);
    expect((await login(me.email, shared, PASSWORD, cookie(refresh))).status).toBe(429);
  });
});

describe(`sign-in with a captcha configured: the captcha instead of the wait (${testDriver()})`, () => {
  let ctx: TestContext;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    ctx = await createTestContext({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SITE_KEY: 'ysc-site', CAPTCHA_SECRET: 'ysc-secret' });
    setAppContext(ctx);
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(async () => {
    setAppContext(undefined);
    await ctx.destroy();
  });

  it('past the free failures every attempt of the pair still goes to the captcha and a solved one signs in', async () => {
    vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
      if (String(input) !== 'https://smartcaptcha.yandexcloud.net/validate') return realFetch(input, init);
      const ok = (init.body as URLSearchParams).get('token') === 'solved';
      return new Response(JSON.stringify({ status: ok ? 'ok' : 'failed', message: '' }), { headers: { 'content-type': 'application/json' } });
    });
    const email = uniqueEmail('cap');
    expect((await authCall('register', { login: email, password: PASSWORD, captchaToken: 'solved' }, { ip: nextIp() })).status).toBe(200);
    const ip = nextIp();
    const attempt = (password: string, captchaToken?: string) => authCall('login', { login: email, password, captchaToken }, { ip });
    for (let i = 0; i < 8; i++) expect((await attempt(WRONG, 'solved')).status).toBe(401);
    expect((await attempt(PASSWORD)).body).toMatchObject({ code: 'CAPTCHA_FAILED' });
    expect((await attempt(PASSWORD, 'robot')).body).toMatchObject({ code: 'CAPTCHA_FAILED' });
    const ok = await attempt(PASSWORD, 'solved');
    expect(ok.status).toBe(200);
  });
});
