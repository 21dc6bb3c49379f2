import type { CallOutput } from '@/lib/contract';
import { ApiError } from './api-error';
import { call } from './call';

/**
 * Captcha for the sign-in forms: the script is loaded only when `getRecaptchaSiteKey` says a
 * provider is configured; reCAPTCHA v3 runs with action `submit`, Yandex SmartCaptcha invisibly.
 * A script that fails to load rejects the operation with a Russian message.
 */

type SiteKey = CallOutput<'auth', 'getRecaptchaSiteKey'>;

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(key: string, opts: { action: string }): Promise<string>;
}
interface SmartCaptcha {
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  execute(id: number): void;
  subscribe(id: number, event: string, cb: (token?: string) => void): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    smartCaptcha?: SmartCaptcha;
  }
}

export const CAPTCHA_LOAD_FAILED = 'Не удалось загрузить проверку «я не робот». Проверьте подключение и обновите страницу.';

let siteKey: Promise<SiteKey> | null = null;
const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        el.remove();
        reject(new ApiError('CAPTCHA_UNAVAILABLE', CAPTCHA_LOAD_FAILED, { status: 0 }));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, p);
  }
  return p;
}

function getSiteKey(): Promise<SiteKey> {
  siteKey ??= call('auth', 'getRecaptchaSiteKey').catch((err: unknown) => {
    siteKey = null;
    throw err;
  });
  return siteKey;
}

/**
 * Asks for the captcha settings ahead of the first submit (a form calls it when it shows), so «Войти» does not wait
 * for them; a failure is forgotten here and asked again on submit.
 */
export function prepareCaptcha(): void {
  getSiteKey().catch(() => undefined);
}

/** A fresh captcha token for one submit, or undefined when no captcha is configured. */
export async function captchaToken(): Promise<string | undefined> {
  const cfg = await getSiteKey();
  if (!cfg.use || !cfg.provider) return undefined;
  if (cfg.provider === 'recaptcha') {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(cfg.key)}`);
    const g = window.grecaptcha;
    if (!g) throw new ApiError('CAPTCHA_UNAVAILABLE', CAPTCHA_LOAD_FAILED, { status: 0 });
    await new Promise<void>((r) => g.ready(r));
    return g.execute(cfg.key, { action: 'submit' });
  }
  await loadScript('https://smartcaptcha.yandexcloud.net/captcha.js');
  const sc = window.smartCaptcha;
  if (!sc) throw new ApiError('CAPTCHA_UNAVAILABLE', CAPTCHA_LOAD_FAILED, { status: 0 });
  const box = document.createElement('div');
  document.body.appendChild(box);
  try {
    return await new Promise<string>((resolve, reject) => {
      const id = sc.render(box, { sitekey: cfg.key, invisible: true, hl: 'ru', callback: (t: string) => resolve(t) });
      sc.subscribe(id, 'network-error', () => reject(new ApiError('CAPTCHA_UNAVAILABLE', CAPTCHA_LOAD_FAILED, { status: 0 })));
      sc.execute(id);
    });
  } finally {
    box.remove();
  }
}
