import 'server-only';
import { registerInput } from '@/lib/schemas/auth-calls';
import { defineCall } from '../../gateway/types';
import { checkCaptcha } from './captcha';
import { issueCode } from './codes';
import { tokenAnswer } from './issue';
import { sendMail, siteUrl, templates } from './mail';
import { limitCall } from './rate-limit';
import { createUser } from './users';

/** The auth-back `register` call: a new account, its e-mail confirmation link, and tokens unless confirmation is required. */
export const registerAccount = defineCall({
  input: registerInput,
  async handle({ input, ctx, ip, req }) {
    await limitCall(ctx, 'register', input.login, ip);
    await checkCaptcha(ctx, input.captchaToken, ip);
    const user = await createUser(ctx, {
      email: input.login,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      patronymic: input.patronymic,
    });
    const token = await issueCode(ctx, { purpose: 'confirm_email', target: user.email, userId: user.id, kind: 'link' });
    await sendMail(ctx, { to: user.email, ...templates.confirmEmail(ctx, siteUrl(ctx, req, `/confirm-email/${token}`)) });
    if (ctx.env.REQUIRE_EMAIL_CONFIRMATION) {
      return { msg: 'Мы отправили письмо со ссылкой для подтверждения почты.', confirmationRequired: true };
    }
    return tokenAnswer(ctx, user, { remember: input.remember, ip, req, msg: 'Вы зарегистрированы' });
  },
});
