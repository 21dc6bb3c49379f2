// @vitest-environment node
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { authSessions, refreshTokens, users } from '@/lib/server/db/schema';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer, lastMail, linkToken, nextIp, uniqueEmail } from './helpers';

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

async function registered(email = uniqueEmail()) {
  const r = await authCall('register', { login: email, password: PASSWORD }, { ip: nextIp() });
  expect(r.status).toBe(200);
  return { email, access: r.body.accessToken as string, refresh: r.body.refreshToken as string };
}

describe(`auth-back v2 calls (${testDriver()})`, () => {
  it('register: tokens, cookies, argon2id hash, a confirmation letter; the profile says the e-mail is unconfirmed', async () => {
    const email = uniqueEmail('reg');
    const r = await authCall('register', { login: `  ${email.toUpperCase()} `, password: PASSWORD, firstName: 'Анна' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: 'Вы зарегистрированы' });
    const header = decodeProtectedHeader(r.body.accessToken as string);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
    const claims = decodeJwt(r.body.accessToken as string);
    expect(claims).toMatchObject({ email, roles: [], typ: 'access', iss: 'kalkulus-auth', aud: 'kalkulus' });
    expect(claims.exp! - claims.iat!).toBe(180 * 60);
    expect((r.body.refreshToken as string).length).toBeGreaterThanOrEqual(43);

    const access = r.cookies.find((c) => c.startsWith('accessToken='));
    const refresh = r.cookies.find((c) => c.startsWith('refreshToken='));
    expect(access).toMatch(/Max-Age=86400; SameSite=Lax/);
    expect(access).not.toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Max-Age=86400; SameSite=Lax; HttpOnly/);

    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.firstName).toBe('Анна');

    const info = await authCall('getUserInfo', {}, { headers: bearer(r.body.accessToken) });
    expect(info.body.userinfo).toMatchObject({ email, emailConfirmed: false, firstName: 'Анна', roles: [] });

    const mail = await lastMail(ctx, email);
    expect(mail?.subject).toBe('Подтверждение почты — Калькулус');
    const token = linkToken(mail!.body, '/confirm-email');
    expect((await authCall('confirmEmail', { token })).body).toMatchObject({ ok: true, msg: 'Почта подтверждена' });
    expect((await authCall('confirmEmail', { token })).body).toMatchObject({ ok: false, code: 'INVALID_LINK' });
    const after = await authCall('getUserInfo', { accessToken: r.body.accessToken });
    expect(after.body.userinfo).toMatchObject({ emailConfirmed: true });
  });

  it('register: a taken address, a bad address and a short password answer in Russian', async () => {
    const { email } = await registered();
    const again = await authCall('register', { login: email, password: PASSWORD }, { ip: nextIp() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_EXISTS', fields: { login: 'Эта почта уже зарегистрирована' } });

    const bad = await authCall('register', { login: 'не-почта', password: '123' }, { ip: nextIp() });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      login: 'Введите адрес почты в формате name@example.ru',
      password: 'Пароль должен быть не короче 8 символов',
    });
  });

  it('login: unknown user → 404 "User not found", wrong password → 401, right one → tokens; remember → 720 min', async () => {
    const unknown = await authCall('login', { login: uniqueEmail('nobody'), password: PASSWORD }, { ip: nextIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' });

    const { email } = await registered();
    const wrong = await authCall('login', { login: email, password: 'не-тот-пароль' }, { ip: nextIp() });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', msg: 'Неверная почта или пароль.' });

    const ok = await authCall('login', { login: email, password: PASSWORD, remember: true }, { ip: nextIp() });
    expect(ok.status).toBe(200);
    const claims = decodeJwt(ok.body.accessToken as string);
    expect(claims.exp! - claims.iat!).toBe(720 * 60);
    expect(ok.cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/Max-Age=2592000;/);
    expect(ok.cookies.find((c) => c.startsWith('accessToken='))).toMatch(/Max-Age=2592000;/);
  });

  it('regenerateTokens and logout take the refresh token from the HttpOnly cookie when the body omits it', async () => {
    const { refresh, access } = await registered();
    const r = await authCall('regenerateTokens', {}, { headers: { cookie: `refreshToken=${refresh}` } });
    expect(r.status).toBe(200);
    const out = await authCall('logout', {}, { headers: { cookie: `refreshToken=${r.body.refreshToken as string}` } });
    expect(out.body).toMatchObject({ ok: true, msg: 'Вы вышли' });
    expect(out.cookies).toEqual([expect.stringMatching(/^accessToken=; .*Max-Age=0/), expect.stringMatching(/^refreshToken=; .*Max-Age=0/)]);
    expect((await authCall('getUserInfo', {}, { headers: bearer(access) })).status).toBe(401);
    const none = await authCall('regenerateTokens', {});
    expect(none.status).toBe(422);
  });

  it('logout revokes at once and is idempotent; an unknown refresh token answers 401', async () => {
    const { refresh, access } = await registered();
    expect((await authCall('getUserInfo', { accessToken: access })).status).toBe(200);
    expect((await authCall('logout', { refreshToken: refresh })).status).toBe(200);
    expect((await authCall('logout', { refreshToken: refresh })).status).toBe(200);
    const info = await authCall('getUserInfo', { accessToken: access });
    expect(info.status).toBe(401);
    expect(info.body).toMatchObject({ code: 'UNAUTHORIZED', msg: 'Сеанс завершён. Войдите снова.' });
    expect((await authCall('regenerateTokens', { refreshToken: refresh })).status).toBe(401);
    expect((await authCall('regenerateTokens', { refreshToken: 'x'.repeat(43) })).body).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('password reset: same answer for unknown addresses, 1 use, a new link kills the old, all sessions end', async () => {
    const { email, access } = await registered();
    const ip = nextIp();
    const unknown = await authCall('sendPasswordResetLink', { login: uniqueEmail('ghost') }, { ip });
    const known = await authCall('sendPasswordResetLink', { login: email }, { ip });
    expect(unknown.body).toEqual(known.body);
    const first = linkToken((await lastMail(ctx, email))!.body, '/forgot-password');
    await authCall('sendPasswordResetLink', { login: email }, { ip });
    const mail = await lastMail(ctx, email);
    expect(mail?.subject).toBe('Сброс пароля — Калькулус');
    const second = linkToken(mail!.body, '/forgot-password');

    expect((await authCall('resetPassword', { token: first, password: 'новый-пароль-1' })).body).toMatchObject({
      code: 'INVALID_LINK',
    });
    expect((await authCall('checkPasswordResetToken', { token: second })).status).toBe(200);
    const short = await authCall('resetPassword', { token: second, password: 'коротко' });
    expect(short.status).toBe(422);
    const done = await authCall('resetPassword', { token: second, password: 'новый-пароль-1' });
    expect(done.body).toMatchObject({ ok: true, msg: 'Пароль изменён. Войдите с новым паролем.' });
    expect((await authCall('resetPassword', { token: second, password: 'новый-пароль-2' })).body).toMatchObject({
      code: 'INVALID_LINK',
    });
    expect((await authCall('getUserInfo', { accessToken: access })).status).toBe(401);
    expect((await authCall('login', { login: email, password: PASSWORD }, { ip: nextIp() })).status).toBe(401);
    expect((await authCall('login', { login: email, password: 'новый-пароль-1' }, { ip: nextIp() })).status).toBe(200);

    // An expired link is refused too.
    await authCall('sendPasswordResetLink', { login: email }, { ip });
    const third = linkToken((await lastMail(ctx, email))!.body, '/forgot-password');
    await ctx.db.execute(sql`update auth_codes set expires_at = now() - interval '1 second' where purpose = 'reset_password'`);
    expect((await authCall('resetPassword', { token: third, password: 'новый-пароль-3' })).body).toMatchObject({
      code: 'INVALID_LINK',
    });
  });

  it('updateUserInfo round-trips the personal data with Russian validation', async () => {
    const { access } = await registered();
    const ok = await authCall(
      'updateUserInfo',
      { userinfo: { firstName: ' Иван ', lastName: 'Петров', patronymic: 'Сергеевич', messengerLink: 'https://t.me/ivan_p' } },
      { headers: bearer(access) },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.userinfo).toMatchObject({ firstName: 'Иван', lastName: 'Петров', patronymic: 'Сергеевич', messengerLink: 'https://t.me/ivan_p' });
    const info = await authCall('getUserInfo', { accessToken: access });
    expect(info.body.userinfo).toMatchObject({ firstName: 'Иван', messengerLink: 'https://t.me/ivan_p' });

    const bad = await authCall(
      'updateUserInfo',
      { accessToken: access, userinfo: { messengerLink: 'javascript:alert(1)', firstName: 'x'.repeat(101) } },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      'userinfo.messengerLink': 'Укажите ссылку вида https://t.me/имя или @имя',
      'userinfo.firstName': 'Имя: не длиннее 100 символов',
    });
    const roles = await authCall('updateUserInfo', { accessToken: access, userinfo: { roles: ['admin'] } });
    expect(roles.status).toBe(422);
    expect((await authCall('updateUserInfo', { userinfo: {} })).status).toBe(401);
  });

  it('phone: a code by SMS (outbox), wrong codes count, the right one confirms', async () => {
    const { access } = await registered();
    const send = await authCall('sendConfirmCode', { purpose: 'phone', phone: '8 (900) 123-45-67' }, { headers: bearer(access), ip: nextIp() });
    expect(send.body).toMatchObject({ ok: true, msg: 'Код отправлен' });
    const sms = await lastMail(ctx, '+79001234567');
    expect(sms?.channel).toBe('sms');
    const code = sms!.body.match(/(\d{6})/)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await authCall('confirmPhone', { accessToken: access, phone: '+79001234567', code: wrongCode });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', msg: 'Неверный или устаревший код.' });
    const ok = await authCall('confirmPhone', { accessToken: access, phone: '+7 900 123 45 67', code });
    expect(ok.body).toMatchObject({ ok: true, msg: 'Телефон подтверждён' });
    const info = await authCall('getUserInfo', { accessToken: access });
    expect(info.body.userinfo).toMatchObject({ phone: '+79001234567', phoneConfirmed: true });
    const badPhone = await authCall('sendConfirmCode', { purpose: 'phone', phone: '12345' }, { headers: bearer(access) });
    expect(badPhone.body.fields).toEqual({ phone: 'Укажите телефон в формате +7 900 123-45-67' });
    expect((await authCall('sendConfirmCode', { purpose: 'phone', phone: '+79001234567' })).status).toBe(401);
  });

  it('changeLogin: password checked, new address confirmed by its link, then sign-in with it', async () => {
    const { email, access } = await registered();
    const newEmail = uniqueEmail('new');
    const wrong = await authCall('changeLogin', { accessToken: access, newLogin: newEmail, password: 'не-тот' }, { ip: nextIp() });
    expect(wrong.status).toBe(401);
    const ok = await authCall('changeLogin', { accessToken: access, newLogin: newEmail, password: PASSWORD }, { ip: nextIp() });
    expect(ok.body).toMatchObject({ ok: true });
    expect((await authCall('getUserInfo', { accessToken: access })).body.userinfo).toMatchObject({ email, pendingEmail: newEmail });
    const mail = await lastMail(ctx, newEmail);
    expect(mail?.subject).toBe('Смена почты — Калькулус');
    const done = await authCall('confirmEmail', { token: linkToken(mail!.body, '/confirm-email') });
    expect(done.body).toMatchObject({ ok: true });
    expect((await authCall('login', { login: newEmail, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    expect((await authCall('login', { login: email, password: PASSWORD }, { ip: nextIp() })).status).toBe(404);
  });

  it('register confirmation code: sendConfirmCode {purpose: register} + confirmEmail {login, code}', async () => {
    const { email, access } = await registered();
    await authCall('sendConfirmCode', { purpose: 'register', login: email }, { ip: nextIp() });
    const code = (await lastMail(ctx, email))!.body.match(/код подтверждения: (\d{6})/)![1]!;
    expect((await authCall('confirmEmail', { login: email, code })).body).toMatchObject({ ok: true, msg: 'Почта подтверждена' });
    expect((await authCall('getUserInfo', { accessToken: access })).body.userinfo).toMatchObject({ emailConfirmed: true });
  });

  it('rate limits: one client address sweeping many logins (60 in 10 minutes) → 429 with Retry-After and a Russian message', async () => {
    // Failed sign-ins per address and per (account, address) pair: sign-in-guard.test.ts.
    const { email } = await registered();
    const ip = nextIp();
    const sweep = await Promise.all(Array.from({ length: 60 }, () => authCall('login', { login: email, password: PASSWORD }, { ip })));
    expect(sweep.map((a) => a.status)).toEqual(Array(60).fill(200));
    const limited = await authCall('login', { login: email, password: PASSWORD }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', msg: 'Слишком много попыток. Повторите через 10 минут.' });
  });

  it('sendEmailConfirmationLink: a new link replaces the old; confirmed users get no letter', async () => {
    const { email, access } = await registered();
    const first = linkToken((await lastMail(ctx, email))!.body, '/confirm-email');
    const r = await authCall('sendEmailConfirmationLink', { accessToken: access });
    expect(r.body).toMatchObject({ ok: true, msg: 'Письмо со ссылкой отправлено' });
    const second = linkToken((await lastMail(ctx, email))!.body, '/confirm-email');
    expect(second).not.toBe(first);
    expect((await authCall('confirmEmail', { token: first })).body).toMatchObject({ code: 'INVALID_LINK' });
    expect((await authCall('confirmEmail', { token: second })).body).toMatchObject({ ok: true });
    const before = (await lastMail(ctx, email))!.id;
    expect((await authCall('sendEmailConfirmationLink', {}, { headers: bearer(access) })).body).toMatchObject({ msg: 'Почта уже подтверждена' });
    expect((await lastMail(ctx, email))!.id).toBe(before);
    expect((await authCall('sendEmailConfirmationLink', {})).status).toBe(401);
  });

  it('sendConfirmCode changeLogin: a code to the pending address confirms the change', async () => {
    const { access } = await registered();
    const noPending = await authCall('sendConfirmCode', { purpose: 'changeLogin' }, { headers: bearer(access), ip: nextIp() });
    expect(noPending.body).toMatchObject({ ok: false, msg: 'Сначала укажите новую почту в профиле.' });
    const newEmail = uniqueEmail('code-new');
    await authCall('changeLogin', { accessToken: access, newLogin: newEmail, password: PASSWORD }, { ip: nextIp() });
    await authCall('sendConfirmCode', { purpose: 'changeLogin' }, { headers: bearer(access), ip: nextIp() });
    const code = (await lastMail(ctx, newEmail))!.body.match(/код подтверждения: (\d{6})/)![1]!;
    expect((await authCall('confirmEmail', { login: newEmail, code })).body).toMatchObject({ ok: true });
    expect((await authCall('getUserInfo', { accessToken: access })).body.userinfo).toMatchObject({ email: newEmail, pendingEmail: null });
  });

  it('rate limits: reset links per address (5 an hour), registrations per IP (30 an hour)', async () => {
    const { email } = await registered();
    for (let i = 0; i < 5; i++) expect((await authCall('sendPasswordResetLink', { login: email }, { ip: nextIp() })).status).toBe(200);
    const limited = await authCall('sendPasswordResetLink', { login: email }, { ip: nextIp() });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('Слишком много попыток. Повторите через 60 минут.');
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await authCall('register', { login: uniqueEmail('flood'), password: PASSWORD }, { ip })).status;
    expect(last).toBe(429);
  });

  it('getPublicKey: the current PEM, kid and a JWKS; getRecaptchaSiteKey says no captcha', async () => {
    const r = await authCall('getPublicKey');
    expect(r.body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const keys = (r.body.keys as { keys: Array<Record<string, unknown>> }).keys;
    expect(keys.find((k) => k.kid === r.body.kid)).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys.every((k) => !('d' in k))).toBe(true);
    expect((await authCall('getRecaptchaSiteKey')).body).toEqual({ ok: true, msg: 'Готово', use: false, key: '', provider: null });
  });

  it('sessions store nothing secret: refresh tokens only as hashes', async () => {
    const { refresh } = await registered();
    const all = await ctx.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens);
    expect(all.some((r) => r.h === refresh)).toBe(false);
    expect((await ctx.db.select().from(authSessions)).length).toBeGreaterThan(0);
  });
});

describe(`REQUIRE_EMAIL_CONFIRMATION=true (${testDriver()})`, () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ REQUIRE_EMAIL_CONFIRMATION: 'true' });
    setAppContext(strict);
  });
  afterAll(async () => {
    setAppContext(ctx);
    await strict.destroy();
  });

  it('register answers confirmationRequired, login waits for the link', async () => {
    const email = uniqueEmail('strict');
    const r = await authCall('register', { login: email, password: PASSWORD }, { ip: nextIp() });
    expect(r.body).toMatchObject({ ok: true, confirmationRequired: true });
    expect(r.body.accessToken).toBeUndefined();
    expect(r.cookies).toEqual([]);
    const blocked = await authCall('login', { login: email, password: PASSWORD }, { ip: nextIp() });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    const token = linkToken((await lastMail(strict, email))!.body, '/confirm-email');
    await authCall('confirmEmail', { token });
    expect((await authCall('login', { login: email, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
  });
});
