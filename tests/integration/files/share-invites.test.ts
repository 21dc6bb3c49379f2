// @vitest-environment node
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { createUser } from '@/lib/server/services/auth/users';
import { rows } from '@/lib/server/db/rows';
import { outbox } from '@/lib/server/db/schema';
import { startSession } from '@/lib/server/services/auth/sessions';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { authCall, linkToken } from '../auth/helpers';
import { call, createHarness, ok, upload, users, type Answer, type FileObj, type Harness } from './harness';

const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.ru`;

/** What the owner sees of an answer, with the address itself taken out. */
const seen = (a: Answer, address: string) => ({ status: a.status, keys: Object.keys(a.body).sort(), code: a.body.code, msg: a.body.msg.replace(address, '<адрес>'), fields: a.body.fields });

const lettersTo = (ctx: TestContext, to: string) => ctx.db.select().from(outbox).where(eq(outbox.recipient, to));

/**
 * Sharing is no account oracle: an address with no account is answered exactly as a registered one, listed with
 * the shares, invited by a letter, and becomes a share when an account with that address appears.
 */
describe(`sharing to an address with no account (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let owner: TestUser;
  let member: TestUser;
  let file: FileObj;
  beforeAll(async () => {
    h = await createHarness('disk');
    ctx = h.ctx;
    [owner, member] = (await users(ctx, 2)) as [TestUser, TestUser];
    file = await upload(ctx, owner, 'смета.txt', Buffer.from('смета'));
    setAppContext(ctx);
  });
  afterAll(async () => {
    setAppContext(undefined);
    await h.close();
  });

  it('share, list and unshare answer the same for a registered address and for one with no account', async () => {
    const stranger = unique('nobody');
    for (const access of ['read', 'edit'] as const) {
      const known = await call(ctx, owner, 'shareFile', { id: file.id, login: member.user.email, access });
      const unknown = await call(ctx, owner, 'shareFile', { id: file.id, login: `  ${stranger.toUpperCase()} `, access });
      expect(known.status).toBe(200);
      expect(seen(unknown, stranger)).toEqual(seen(known, member.user.email));
      expect(unknown.body.msg).toBe(`Доступ открыт: ${stranger}`);
    }
    const list = await ok<{ shares: { login: string; access: string; created_at: string }[] }>(ctx, owner, 'listShares', { id: file.id });
    expect(list.shares.map((s) => [s.login, s.access])).toEqual(expect.arrayContaining([[member.user.email, 'edit'], [stranger, 'edit']]));
    const [a, b] = [list.shares.find((s) => s.login === member.user.email)!, list.shares.find((s) => s.login === stranger)!];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());

    const goneKnown = await call(ctx, owner, 'unshareFile', { id: file.id, login: member.user.email });
    const goneUnknown = await call(ctx, owner, 'unshareFile', { id: file.id, login: stranger });
    expect(seen(goneUnknown, stranger)).toEqual(seen(goneKnown, member.user.email));
    expect(goneUnknown.body.msg).toBe(`Доступ закрыт: ${stranger}`);
    // Nothing to withdraw: the same 404 whether the address has an account or not.
    const againKnown = await call(ctx, owner, 'unshareFile', { id: file.id, login: member.user.email });
    const againUnknown = await call(ctx, owner, 'unshareFile', { id: file.id, login: unique('never') });
    expect(againKnown.status).toBe(404);
    expect(seen(againUnknown, '')).toEqual(seen(againKnown, ''));
    expect(againKnown.body).toMatchObject({ msg: 'У этого пользователя нет доступа.', fields: { login: 'Доступа нет.' } });
    expect((await ok<{ shares: unknown[] }>(ctx, owner, 'listShares', { id: file.id })).shares).toEqual([]);
  });

  it('the invited address gets a letter with a registration link, and the file once it has an account', async () => {
    const invited = unique('invited');
    await ok(ctx, owner, 'shareFile', { id: file.id, login: invited, access: 'read' });
    const [letter] = await waitUntil(async () => {
      const found = await lettersTo(ctx, invited);
      return found.length > 0 && found;
    }, { what: 'the invitation letter' });
    expect(letter!.subject).toBe('Вам открыли доступ — Калькулус');
    expect(letter!.body).toContain(`Пользователь ${owner.user.email} поделился с вами файлом «смета.txt» (Калькулус). Доступ: только просмотр.`);
    expect(letter!.body).toMatch(/https?:\/\/[^\s]+\/auth\?mode=register/);

    const user = await createUser(ctx, { email: invited.toUpperCase(), password: 'пароль-приглашённого-1' });
    const session = await startSession(ctx, user);
    const me = { user, accessToken: session.accessToken, refreshToken: session.refreshToken, headers: {} } as TestUser;
    const shared = await ok<{ objects: FileObj[] }>(ctx, me, 'listObjects', { scope: 'shared' });
    expect(shared.objects.map((o) => [o.name, o.access])).toEqual([['смета.txt', 'read']]);
    const told = await rows<{ title: string }>(ctx.db, sql`select title from noty_notifications where user_id = ${user.id}`);
    expect(told.map((t) => t.title)).toEqual(['С вами поделились файлом «смета.txt»']);
    const [left] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from files_share_invites where email = ${invited}`);
    expect(left?.n).toBe(0);
    const list = await ok<{ shares: { login: string; access: string }[] }>(ctx, owner, 'listShares', { id: file.id });
    expect(list.shares.map((s) => [s.login, s.access])).toEqual([[invited, 'read']]);
    await ok(ctx, owner, 'unshareFile', { id: file.id, login: invited });
  });

  it('an account that confirms the invited address as its new one gets the share', async () => {
    const invited = unique('moving');
    await ok(ctx, owner, 'shareFile', { id: file.id, login: invited, access: 'edit' });
    const [mover] = (await users(ctx, 1)) as [TestUser];
    const asked = await authCall('changeLogin', { newLogin: invited, password: 'Пароль-для-теста-1' }, { headers: { authorization: `Bearer ${mover.accessToken}` } });
    expect(asked.status).toBe(200);
    expect((await ok<{ objects: FileObj[] }>(ctx, mover, 'listObjects', { scope: 'shared' })).objects).toEqual([]);
    const letter = await waitUntil(async () => (await lettersTo(ctx, invited)).find((m) => m.subject.startsWith('Смена почты')), { what: 'the change letter' });
    expect((await authCall('confirmEmail', { token: linkToken(letter.body, '/confirm-email') })).status).toBe(200);
    const shared = await ok<{ objects: FileObj[] }>(ctx, mover, 'listObjects', { scope: 'shared' });
    expect(shared.objects.map((o) => [o.name, o.access])).toEqual([['смета.txt', 'edit']]);
    await ok(ctx, owner, 'unshareFile', { id: file.id, login: invited });
  });

  it('an address that could never have an account is refused by its form alone; letters stop past 20 an hour, the answers do not', async () => {
    const bad = await call(ctx, owner, 'shareFile', { id: file.id, login: 'не почта', access: 'read' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { login: 'Введите адрес почты в формате name@example.ru' } });

    const [sender] = (await users(ctx, 1)) as [TestUser];
    const own = await upload(ctx, sender, 'прайс.txt', Buffer.from('прайс'));
    const addresses = Array.from({ length: 21 }, (_, i) => unique(`many${i}`));
    for (const login of addresses) expect((await call(ctx, sender, 'shareFile', { id: own.id, login, access: 'read' })).status).toBe(200);
    const counted = () => Promise.all(addresses.map(async (a) => (await lettersTo(ctx, a)).length));
    await waitUntil(async () => (await counted()).slice(0, 20).every((n) => n === 1), { what: 'the first 20 letters' });
    expect(await counted()).toEqual([...Array(20).fill(1), 0]);
    expect((await ok<{ shares: unknown[] }>(ctx, sender, 'listShares', { id: own.id })).shares).toHaveLength(21);
  });
});
