import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { confirmEmailInput } from '@/lib/schemas/auth-calls';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { claimShareInvites } from '../files/share-invites';
import { userChanged } from './session-cache';
import { spendLinkToken, spendNumericCode, type UsedCode } from './codes';
import { emailTaken, findUserByEmail } from './users';

const badLink = () =>
  new ServiceError('INVALID_LINK', 'Ссылка подтверждения устарела или уже использована. Запросите новую в профиле.');

async function applyNewEmail(ctx: Parameters<typeof spendLinkToken>[0], used: UsedCode): Promise<void> {
  if (!used.userId) throw badLink();
  const other = await findUserByEmail(ctx, used.target);
  if (other && other.id !== used.userId) throw emailTaken();
  await ctx.db
    .update(users)
    .set({ email: used.target, emailConfirmed: true, pendingEmail: null, updatedAt: new Date() })
    .where(and(eq(users.id, used.userId), ne(users.email, used.target)));
  await userChanged(ctx, used.userId);
  await claimShareInvites(ctx, used.userId, used.target);
}

/**
 * Confirms an address: `{token}` from the letter's link (registration or login change), or `{login, code}`
 * with a code sent by sendConfirmCode (`register` or `changeLogin`).
 */
export const confirmEmail = defineCall({
  input: confirmEmailInput,
  async handle({ input, ctx }) {
    if ('token' in input) {
      const confirmed = await spendLinkToken(ctx, 'confirm_email', input.token);
      if (confirmed?.userId) {
        await ctx.db.update(users).set({ emailConfirmed: true, updatedAt: new Date() }).where(eq(users.id, confirmed.userId));
        return { msg: 'Почта подтверждена' };
      }
      const changed = await spendLinkToken(ctx, 'change_login', input.token);
      if (!changed) throw badLink();
      await applyNewEmail(ctx, changed);
      return { msg: 'Почта подтверждена, теперь входите с новым адресом' };
    }
    const byRegister = await spendNumericCode(ctx, 'code_register', input.login, input.code);
    if (byRegister) {
      await ctx.db.update(users).set({ emailConfirmed: true, updatedAt: new Date() }).where(eq(users.email, input.login));
      return { msg: 'Почта подтверждена' };
    }
    const byChange = await spendNumericCode(ctx, 'code_change_login', input.login, input.code);
    if (!byChange) throw new ServiceError('INVALID_CODE', 'Неверный или устаревший код.', { fields: { code: 'Неверный код' } });
    await applyNewEmail(ctx, byChange);
    return { msg: 'Почта подтверждена, теперь входите с новым адресом' };
  },
});
