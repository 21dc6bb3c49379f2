import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
let appended: HTMLScriptElement[];
/** Resolves with the first script the module appends. */
let scriptAppended: Promise<HTMLScriptElement>;

beforeEach(() => {
  vi.resetModules();
  appended = [];
  let found!: (s: HTMLScriptElement) => void;
  scriptAppended = new Promise((r) => (found = r));
  const orig = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      appended.push(node);
      found(node);
    }
    return orig(node);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.grecaptcha;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('lib/client/captcha', () => {
  it('loads no script when no captcha is configured', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ ok: true, msg: 'Готово', use: false, key: '', provider: null })));
    const { captchaToken } = await import('@/lib/client/captcha');
    expect(await captchaToken()).toBeUndefined();
    expect(appended).toEqual([]);
  });

  it('reCAPTCHA v3: loads the script with the site key and executes action "submit"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ ok: true, msg: 'Готово', use: true, key: 'site-1', provider: 'recaptcha' })));
    const execute = vi.fn(async () => 'token-123');
    const { captchaToken } = await import('@/lib/client/captcha');
    const p = captchaToken();
    await scriptAppended;
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('https://www.google.com/recaptcha/api.js?render=site-1');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    appended[0]!.dispatchEvent(new Event('load'));
    expect(await p).toBe('token-123');
    expect(execute).toHaveBeenCalledWith('site-1', { action: 'submit' });
  });

  it('a script that fails to load rejects the operation with a Russian message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ ok: true, msg: 'Готово', use: true, key: 'k', provider: 'smartcaptcha' })));
    const { captchaToken, CAPTCHA_LOAD_FAILED } = await import('@/lib/client/captcha');
    const p = captchaToken();
    await scriptAppended;
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('https://smartcaptcha.yandexcloud.net/captcha.js');
    appended[0]!.dispatchEvent(new Event('error'));
    await expect(p).rejects.toMatchObject({ code: 'CAPTCHA_UNAVAILABLE', message: CAPTCHA_LOAD_FAILED });
    expect(CAPTCHA_LOAD_FAILED).toBe('Не удалось загрузить проверку «я не робот». Проверьте подключение и обновите страницу.');
  });
});
