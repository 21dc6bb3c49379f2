// @vitest-environment node
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer, nextIp } from './helpers';

const BOT_TOKEN = '123456789:AAH-test-token-for-kalkulus-0123456789ab';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_NAME: 'kalkulus_bot' });
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});

/** What Telegram itself would send, signed with the bot token the way its docs say. */
function telegramResult(fields: Record<string, string | number>, token = BOT_TOKEN, drop = false) {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  const data = drop ? fields : { ...fields, hash };
  return Buffer.from(JSON.stringify(data)).toString('base64');
}

const now = () => Math.floor(Date.now() / 1000);

describe(`telegramLogin (${testDriver()})`, () => {
  it('a genuine answer signs in (a new user), the same Telegram id signs into the same user', async () => {
    const fields = { id: 987654321, first_name: 'Пётр', username: 'petr_tg', auth_date: now() - 30 };
    const first = await authCall('telegramLogin', { tgAuthResult: telegramResult(fields) }, { ip: nextIp() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, msg: 'Вы вошли через Telegram' });
    const info = await authCall('getUserInfo', {}, { headers: bearer(first.body.accessToken) });
    expect(info.body.userinfo).toMatchObject({ firstName: 'Пётр', linkedAccounts: [{ provider: 'telegram', displayName: 'Пётр' }] });
    const again = await authCall('telegramLogin', { tgAuthResult: telegramResult({ ...fields, auth_date: now() }) }, { ip: nextIp() });
    const info2 = await authCall('getUserInfo', {}, { headers: bearer(again.body.accessToken) });
    expect((info2.body.userinfo as { sub: string }).sub).toBe((info.body.userinfo as { sub: string }).sub);
  });

  it.each([
    ['a missing hash', () => telegramResult({ id: 1, first_name: 'A', auth_date: now() }, BOT_TOKEN, true)],
    ['another bot token', () => telegramResult({ id: 1, first_name: 'A', auth_date: now() }, '999:another-token-abcdefghijklmnopqrstuvwxyz')],
    ['older than 24 h', () => telegramResult({ id: 1, first_name: 'A', auth_date: now() - 86_401 })],
    [
      'a tampered field',
      () => {
        const good = JSON.parse(Buffer.from(telegramResult({ id: 1, first_name: 'A', auth_date: now() }), 'base64').toString());
        return Buffer.from(JSON.stringify({ ...good, id: 2 })).toString('base64');
      },
    ],
    ['not base64 JSON', () => '%%%'],
  ])('%s → 401', async (_name, make) => {
    const r = await authCall('telegramLogin', { tgAuthResult: make() }, { ip: nextIp() });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ ok: false, code: 'INVALID_TELEGRAM' });
    expect(r.body.msg).toMatch(/^Вход через Telegram не подтверждён/);
  });

  it('a signed-in user links Telegram to the own account («Привязать»); another user cannot take it', async () => {
    const me = await createTestUser(ctx);
    const fields = { id: 5550001, first_name: 'Ирина', auth_date: now() };
    const r = await authCall('telegramLogin', { tgAuthResult: telegramResult(fields) }, { headers: me.headers, ip: nextIp() });
    expect(r.body).toMatchObject({ ok: true, msg: 'Telegram привязан' });
    const info = await authCall('getUserInfo', {}, { headers: me.headers });
    expect(info.body.userinfo).toMatchObject({ email: me.user.email, linkedAccounts: [{ provider: 'telegram' }] });
    const other = await createTestUser(ctx);
    const stolen = await authCall('telegramLogin', { tgAuthResult: telegramResult(fields) }, { headers: other.headers, ip: nextIp() });
    expect(stolen.status).toBe(409);
  });

  it('without a configured bot it answers PROVIDER_NOT_CONFIGURED', async () => {
    const bare = await createTestContext();
    setAppContext(bare);
    try {
      const r = await authCall('telegramLogin', { tgAuthResult: 'e30=' });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED' });
    } finally {
      setAppContext(ctx);
      await bare.destroy();
    }
  });
});
