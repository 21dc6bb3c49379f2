import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall, openCall } from '../../gateway/types';
import { issuesToFields } from '@/lib/schemas/envelope';
import { notySendInput } from '@/lib/schemas/noty';
import { insertNotification } from './store';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Whether a request carries the service key (`X-Service-Key` = NOTY_SERVICE_KEY). Both sides are hashed
 * first, so the comparison takes the same time whatever the key sent, its length included; without a
 * configured key nothing passes.
 */
export function hasServiceKey(ctx: AppContext, req: Request): boolean {
  const expected = ctx.env.NOTY_SERVICE_KEY;
  const given = req.headers.get('x-service-key') ?? '';
  const same = timingSafeEqual(digest(given), digest(expected ?? ''));
  return Boolean(expected) && same;
}

async function recipientId(ctx: AppContext, to: { login?: string; userId?: string }): Promise<string> {
  const where = to.userId !== undefined ? eq(users.id, to.userId) : or(eq(users.email, to.login!.toLowerCase()), eq(users.phone, to.login!));
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(where).limit(1);
  if (!row) throw new ServiceError('USER_NOT_FOUND', 'Получатель не найден.');
  return row.id;
}

/**
 * Another service of the installation sends a user a notification. No session: the service key instead,
 * checked before the body is judged (a caller without it learns nothing about the call). Delivered whatever
 * the user's switches in the profile: those govern the product's own notifications.
 */
export const sendCall = openCall(
  defineCall({
    async handle({ input, req, ctx }) {
      if (!hasServiceKey(ctx, req)) throw new ServiceError('UNAUTHORIZED', 'Нужен ключ сервиса (заголовок X-Service-Key).');
      const parsed = notySendInput.safeParse(input);
      if (!parsed.success) {
        throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', { fields: issuesToFields(parsed.error.issues) });
      }
      const { login, userId, ...n } = parsed.data;
      const id = await insertNotification(ctx, { ...n, userId: await recipientId(ctx, { login, userId }) });
      return { msg: 'Уведомление отправлено', id };
    },
  }),
);
