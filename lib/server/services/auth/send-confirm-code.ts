import 'server-only';
import { sendConfirmCodeInput } from '@/lib/schemas/auth-calls';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { issueCode } from './codes';
import { sendMail, sendSms, templates } from './mail';
import { limitCall } from './rate-limit';
import { requireUser } from './require-user';
import { findUserByEmail, findUserById } from './users';

/**
 * Sends a 6-digit code: `register` — to the address of an unconfirmed account (confirmed by confirmEmail
 * `{login, code}`); `phone` — by SMS to a phone of the signed-in user (confirmPhone); `changeLogin` — to the
 * new address asked for by changeLogin (confirmEmail `{login, code}`).
 */
export const sendConfirmCode = defineCall({
  input: sendConfirmCodeInput,
  async handle({ input, ctx, ip, req }) {
    const done = { msg: 'Код отправлен' };
    if (input.purpose === 'register') {
      if (!input.login) throw new ServiceError('VALIDATION_ERROR', 'Укажите почту.', { fields: { login: 'Укажите почту' } });
      await limitCall(ctx, 'sendConfirmCode', input.login, ip);
      const user = await findUserByEmail(ctx, input.login);
      // Same answer for unknown or already confirmed addresses.
      if (user && !user.emailConfirmed) {
        const code = await issueCode(ctx, { purpose: 'code_register', target: user.email, userId: user.id, kind: 'code' });
        await sendMail(ctx, { to: user.email, ...templates.confirmCode(ctx, code) });
      }
      return done;
    }
    const me = await requireUser(ctx, req);
    if (input.purpose === 'phone') {
      if (!input.phone) throw new ServiceError('VALIDATION_ERROR', 'Укажите телефон.', { fields: { phone: 'Укажите телефон' } });
      await limitCall(ctx, 'sendConfirmCode', input.phone, ip);
      const code = await issueCode(ctx, { purpose: 'code_phone', target: `${me.id}:${input.phone}`, userId: me.id, kind: 'code' });
      await sendSms(ctx, input.phone, `${ctx.env.PRODUCT_NAME}: код подтверждения ${code}. Никому его не сообщайте.`);
      return done;
    }
    const user = await findUserById(ctx, me.id);
    if (!user?.pendingEmail) {
      throw new ServiceError('VALIDATION_ERROR', 'Сначала укажите новую почту в профиле.');
    }
    await limitCall(ctx, 'sendConfirmCode', user.pendingEmail, ip);
    const code = await issueCode(ctx, { purpose: 'code_change_login', target: user.pendingEmail, userId: user.id, kind: 'code' });
    await sendMail(ctx, { to: user.pendingEmail, ...templates.confirmCode(ctx, code) });
    return done;
  },
});
