import 'server-only';
import { loginInput } from '@/lib/schemas/auth-calls';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { checkCaptcha } from './captcha';
import { tokenAnswer } from './issue';
import { verifyPassword } from './password';
import { limitCall } from './rate-limit';
import { userByEmailQuery, userOfRow } from './users';

export const login = defineCall({
  input: loginInput,
  async handle({ input, ctx, ip, req }) {
    // The limits and the account in one round trip (bench/auth); the captcha is checked before the password.
    const user = userOfRow(await limitCall(ctx, 'login', input.login, ip, userByEmailQuery(input.login)));
    await checkCaptcha(ctx, input.captchaToken, ip);
    if (!user) throw new ServiceError('USER_NOT_FOUND', 'User not found');
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
      throw new ServiceError('INVALID_CREDENTIALS', 'Неверная почта или пароль.', { fields: { password: 'Неверный пароль' } });
    }
    if (ctx.env.REQUIRE_EMAIL_CONFIRMATION && !user.emailConfirmed) {
      throw new ServiceError('EMAIL_NOT_CONFIRMED', 'Подтвердите почту: откройте ссылку из письма, которое мы отправили при регистрации.');
    }
    return tokenAnswer(ctx, user, { remember: input.remember, ip, req, msg: 'Вы вошли' });
  },
});
