import 'server-only';
import { sendPasswordResetLinkInput } from '@/lib/schemas/auth-calls';
import { defineCall } from '../../gateway/types';
import { checkCaptcha } from './captcha';
import { issueCode } from './codes';
import { sendMail, siteUrl, templates } from './mail';
import { limitCall } from './rate-limit';
import { findUserByEmail } from './users';

/** Same answer whether or not the address is registered. */
export const sendPasswordResetLink = defineCall({
  input: sendPasswordResetLinkInput,
  async handle({ input, ctx, ip, req }) {
    await limitCall(ctx, 'sendPasswordResetLink', input.login, ip);
    await checkCaptcha(ctx, input.captchaToken, ip);
    const user = await findUserByEmail(ctx, input.login);
    if (user) {
      const token = await issueCode(ctx, { purpose: 'reset_password', target: user.email, userId: user.id, kind: 'link' });
      await sendMail(ctx, { to: user.email, ...templates.resetPassword(ctx, siteUrl(ctx, req, `/forgot-password/${token}`)) });
    }
    return { msg: 'Если такая почта зарегистрирована, мы отправили на неё ссылку для сброса пароля.' };
  },
});
