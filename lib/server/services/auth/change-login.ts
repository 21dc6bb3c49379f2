import 'server-only';
import { eq } from 'drizzle-orm';
import { changeLoginInput } from '@/lib/schemas/auth-calls';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { issueCode } from './codes';
import { sendMail, siteUrl, templates } from './mail';
import { verifyPassword } from './password';
import { limitCall } from './rate-limit';
import { userOfBodyOrRequest } from './session-of-body';
import { emailTaken, findUserByEmail, findUserById } from './users';

/** Asks to change the sign-in address; it changes when the new address is confirmed. */
export const changeLogin = defineCall({
  input: changeLoginInput,
  async handle({ input, ctx, ip, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    await limitCall(ctx, 'login', me.email, ip);
    const user = await findUserById(ctx, me.id);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
      throw new ServiceError('INVALID_CREDENTIALS', 'Неверный пароль.', { fields: { password: 'Неверный пароль' } });
    }
    if (input.newLogin === user.email) {
      throw new ServiceError('VALIDATION_ERROR', 'Это ваш текущий адрес.', { fields: { newLogin: 'Это ваш текущий адрес' } });
    }
    const other = await findUserByEmail(ctx, input.newLogin);
    if (other) throw emailTaken();
    await ctx.db.update(users).set({ pendingEmail: input.newLogin, updatedAt: new Date() }).where(eq(users.id, user.id));
    const token = await issueCode(ctx, { purpose: 'change_login', target: input.newLogin, userId: user.id, kind: 'link' });
    await sendMail(ctx, { to: input.newLogin, ...templates.changeEmail(ctx, siteUrl(ctx, req, `/confirm-email/${token}`)) });
    return { msg: 'Мы отправили письмо на новый адрес. Адрес сменится после подтверждения.' };
  },
});
