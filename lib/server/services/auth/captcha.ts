import 'server-only';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { log } from '../../log';

const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const SMARTCAPTCHA_VERIFY_URL = 'https://smartcaptcha.yandexcloud.net/validate';
/** reCAPTCHA v3 score below which the request is refused (Google's suggested start). */
const MIN_SCORE = 0.5;

const failed = () =>
  new ServiceError('CAPTCHA_FAILED', 'Проверка «я не робот» не пройдена. Обновите страницу и попробуйте ещё раз.', {
    fields: { captchaToken: 'Проверка не пройдена' },
  });

/** Checks the captcha token when a provider is configured; does nothing otherwise. */
export async function checkCaptcha(ctx: AppContext, token: string | undefined, ip: string): Promise<void> {
  const { CAPTCHA_PROVIDER: provider, CAPTCHA_SECRET: secret } = ctx.env;
  if (!provider || !secret) return;
  if (!token) throw failed();
  const form = new URLSearchParams(
    provider === 'recaptcha' ? { secret, response: token, remoteip: ip } : { secret, token, ip },
  );
  let answer: Record<string, unknown>;
  try {
    const res = await fetch(provider === 'recaptcha' ? RECAPTCHA_VERIFY_URL : SMARTCAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    answer = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    log.error(`captcha check (${provider}) failed`, err);
    throw new ServiceError('UPSTREAM_UNAVAILABLE', 'Не удалось проверить «я не робот». Попробуйте ещё раз через минуту.');
  }
  const ok =
    provider === 'recaptcha'
      ? answer.success === true &&
        (typeof answer.score !== 'number' || answer.score >= MIN_SCORE) &&
        (answer.action === undefined || answer.action === 'submit')
      : answer.status === 'ok';
  if (!ok) throw failed();
}
