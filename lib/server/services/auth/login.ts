import 'server-only';
import { loginInput } from '@/lib/schemas/auth-calls';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { checkCaptcha } from './captcha';
import { tokenAnswer } from './issue';
import {
  clearPairFailures,
  countAddressFailure,
  countPasswordFailure,
  loginStateOf,
  loginStateQuery,
  pairLocked,
} from './login-guard';
import { verifyPassword } from './password';
import { limitCall } from './rate-limit';

/**
 * Sign-in by password. Failures count per (account, client address) pair — a pair past its free failures waits,
 * longer each time, so strangers elsewhere cannot lock the owner out; a browser holding a live refresh token of
 * the account is not held, and with a captcha configured (checked on every login) the captcha stands in for the
 * wait. Failures (wrong passwords and addresses with no account) also count per client address: past the limit
 * both answer the same 429.
 */
export const login = defineCall({
  input: loginInput,
  async handle({ input, ctx, ip, req }) {
    // The limit per address, the account, its pair and the browser in one round trip (bench/auth); the captcha is
    // checked before the password.
    const state = loginStateOf(ctx, await limitCall(ctx, 'login', '', ip, loginStateQuery(input.login, ip, req)));
    await checkCaptcha(ctx, input.captchaToken, ip);
    const { user } = state;
    if (!user) {
      await countAddressFailure(ctx, ip);
      throw new ServiceError('USER_NOT_FOUND', 'User not found');
    }
    const captcha = Boolean(ctx.env.CAPTCHA_PROVIDER && ctx.env.CAPTCHA_SECRET);
    if (state.lockedS > 0 && !state.knownBrowser && !captcha) throw pairLocked(state.lockedS);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
      await countPasswordFailure(ctx, user.id, ip);
      throw new ServiceError('INVALID_CREDENTIALS', 'Неверная почта или пароль.', { fields: { password: 'Неверный пароль' } });
    }
    if (state.hasFailures) await clearPairFailures(ctx, user.id, ip);
    if (ctx.env.REQUIRE_EMAIL_CONFIRMATION && !user.emailConfirmed) {
      throw new ServiceError('EMAIL_NOT_CONFIRMED', 'Подтвердите почту: откройте ссылку из письма, которое мы отправили при регистрации.');
    }
    return tokenAnswer(ctx, user, { remember: input.remember, ip, req, msg: 'Вы вошли' });
  },
});
