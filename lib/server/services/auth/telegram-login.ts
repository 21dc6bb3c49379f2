import 'server-only';
import { createHash, createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { linkedAccounts } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { safeEqual } from './crypto';
import { tokenAnswer } from './issue';
import { limitCall } from './rate-limit';
import { accessTokenOf, userOfToken } from './require-user';
import { createUser, findUserById, type UserRow } from './users';
import { telegramLoginInput } from '@/lib/schemas/auth-calls';

/** Telegram's own answer is refused when older than this (common practice; Telegram leaves it to us). */
const MAX_AGE_S = 24 * 60 * 60;

const refused = (why: string) => new ServiceError('INVALID_TELEGRAM', `Вход через Telegram не подтверждён: ${why}. Попробуйте ещё раз.`);

/** Decodes `tgAuthResult` (base64 / base64url JSON from the Telegram login redirect). */
function decodeTgAuthResult(raw: string): Record<string, unknown> {
  try {
    const json = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const data = JSON.parse(json) as unknown;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
    return data as Record<string, unknown>;
  } catch {
    throw refused('повреждённые данные');
  }
}

/**
 * Telegram Login check: data-check-string = every field but `hash`, sorted, `key=value`
 * joined by `\n`; valid iff hex HMAC-SHA256 keyed by SHA-256(bot token) equals `hash`; older than 24 h refused.
 */
function checkTelegramAuth(data: Record<string, unknown>, botToken: string, nowS = Math.floor(Date.now() / 1000)) {
  const hash = data.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) throw refused('нет подписи');
  const checkString = Object.keys(data)
    .filter((k) => k !== 'hash' && data[k] !== undefined && data[k] !== null)
    .sort()
    .map((k) => `${k}=${String(data[k])}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest('hex');
  if (!safeEqual(expected, hash.toLowerCase())) throw refused('подпись не сходится');
  const authDate = Number(data.auth_date);
  if (!Number.isInteger(authDate) || authDate > nowS + 60) throw refused('неверное время входа');
  if (nowS - authDate > MAX_AGE_S) throw refused('данные старше суток');
  const id = data.id;
  if ((typeof id !== 'number' && typeof id !== 'string') || !/^\d{1,20}$/.test(String(id))) throw refused('нет идентификатора');
  const name = [data.first_name, data.last_name].filter((v) => typeof v === 'string' && v).join(' ');
  return {
    id: String(id),
    displayName: name || (typeof data.username === 'string' ? `@${data.username}` : `Telegram ${String(id)}`),
    firstName: typeof data.first_name === 'string' ? data.first_name.slice(0, 100) : '',
    lastName: typeof data.last_name === 'string' ? data.last_name.slice(0, 100) : '',
  };
}

/**
 * Signs in with Telegram; a signed-in caller (bearer / cookie) links the Telegram account to itself instead
 * (the profile's «Привязать»). An unknown Telegram account gets a new user without an e-mail of its own.
 */
export const telegramLogin = defineCall({
  input: telegramLoginInput,
  async handle({ input, ctx, ip, req }) {
    const botToken = ctx.env.TELEGRAM_BOT_TOKEN;
    if (!botToken) throw new ServiceError('PROVIDER_NOT_CONFIGURED', 'Вход через Telegram не настроен.');
    await limitCall(ctx, 'login', '', ip);
    const tg = checkTelegramAuth(decodeTgAuthResult(input.tgAuthResult), botToken);

    const bearer = accessTokenOf(req);
    const me = bearer ? await userOfToken(ctx, bearer).catch(() => null) : null;
    const [linked] = await ctx.db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.provider, 'telegram'), eq(linkedAccounts.providerUserId, tg.id)))
      .limit(1);

    let user: UserRow | undefined;
    if (me) {
      if (linked && linked.userId !== me.id) {
        throw new ServiceError('CONFLICT', 'Этот аккаунт Telegram уже привязан к другому пользователю.');
      }
      if (!linked) {
        await ctx.db.insert(linkedAccounts).values({ provider: 'telegram', providerUserId: tg.id, userId: me.id, displayName: tg.displayName });
      }
      user = await findUserById(ctx, me.id);
    } else if (linked) {
      user = await findUserById(ctx, linked.userId);
    } else {
      user = await createUser(ctx, {
        email: `telegram-${tg.id}@users.invalid`,
        firstName: tg.firstName,
        lastName: tg.lastName,
      });
      await ctx.db
        .insert(linkedAccounts)
        .values({ provider: 'telegram', providerUserId: tg.id, userId: user.id, displayName: tg.displayName })
        .onConflictDoNothing();
    }
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    return tokenAnswer(ctx, user, { ip, req, msg: me ? 'Telegram привязан' : 'Вы вошли через Telegram' });
  },
});
