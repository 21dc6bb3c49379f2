import 'server-only';
import { eq } from 'drizzle-orm';
import { checkPasswordResetTokenInput, resetPasswordInput } from '@/lib/schemas/auth-calls';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { peekLinkToken, spendLinkToken } from './codes';
import { sha256 } from './crypto';
import { hashPassword } from './password';
import { limitCall } from './rate-limit';
import { revokeUserSessions } from './sessions';

const badLink = () =>
  new ServiceError('INVALID_LINK', 'Ссылка для сброса пароля устарела или уже использована. Запросите новую.');

/** Sets a new password by a reset link; every session of the user ends at once. */
export const resetPassword = defineCall({
  input: resetPasswordInput,
  async handle({ input, ctx, ip }) {
    await limitCall(ctx, 'resetPassword', sha256(input.token), ip);
    // Hash first (slow), then spend the link, so a failure in hashing does not burn it.
    if (!(await peekLinkToken(ctx, 'reset_password', input.token))) throw badLink();
    const passwordHash = await hashPassword(input.password);
    const used = await spendLinkToken(ctx, 'reset_password', input.token);
    if (!used?.userId) throw badLink();
    await ctx.db
      .update(users)
      .set({ passwordHash, emailConfirmed: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await revokeUserSessions(ctx, used.userId, 'password_reset');
    return { msg: 'Пароль изменён. Войдите с новым паролем.' };
  },
});

/** Lets the reset page say at once that a link is dead (does not spend it). */
export const checkPasswordResetToken = defineCall({
  input: checkPasswordResetTokenInput,
  async handle({ input, ctx }) {
    if (!(await peekLinkToken(ctx, 'reset_password', input.token))) throw badLink();
    return { msg: 'Ссылка действительна' };
  },
});
