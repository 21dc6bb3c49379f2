/**
 * The pages' Content-Security-Policy. Scripts run only with the request's nonce (Next puts it on its own
 * scripts when the policy is on the request) or when loaded by such a script ('strict-dynamic': the captcha
 * loader); no 'unsafe-inline' for scripts. Styles allow inline (PrimeReact writes `<style>` elements and the
 * theme sets style attributes), which cannot run code. No page may be framed; the file answers keep their
 * own policy (`sandbox`).
 */

/** Hosts of the captcha providers: their scripts, frames and calls. */
const CAPTCHA_HOSTS = ['https://smartcaptcha.yandexcloud.net', 'https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];

export interface CspOptions {
  nonce: string;
  /** `next dev` needs eval for its error overlay and fast refresh; production never does. */
  dev?: boolean;
  /** The page is served over https: plain-http subresources are upgraded. */
  https?: boolean;
}

export function pageCsp({ nonce, dev = false, https = false }: CspOptions): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['media-src', "'self'", 'blob:'],
    ['connect-src', "'self'", ...CAPTCHA_HOSTS],
    ['frame-src', "'self'", ...CAPTCHA_HOSTS],
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Paths answered by the services (JSON and files), not by pages. */
const SERVICE_BASES = ['/auth-back', '/file-manager-service', '/noty', '/api'];

export function isServicePath(pathname: string): boolean {
  return SERVICE_BASES.some((b) => pathname === b || pathname.startsWith(`${b}/`));
}
