import 'server-only';
import { getEnv } from '../../env';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './config';
import { cookieValue } from './require-user';

/** Calls whose success answer carries a token pair. */
const ISSUING = new Set(['login', 'register', 'regenerateTokens', 'oauthLogin', 'telegramLogin']);
/** Calls whose body gets the refresh token from the HttpOnly cookie when it omits one. */
const NEEDS_REFRESH = new Set(['regenerateTokens', 'logout']);
const DEFAULT_REFRESH_S = 1440 * 60;

const isHttps = (req: Request) =>
  (req.headers.get('x-forwarded-proto') ?? new URL(req.url).protocol.replace(':', '')) === 'https';

/** One Set-Cookie value with the app's attributes. */
function cookieHeader(
  req: Request,
  name: string,
  value: string,
  opts: { maxAge: number; httpOnly?: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${opts.maxAge}`, 'SameSite=Lax'];
  const domain = getEnv().COOKIE_DOMAIN;
  if (domain) parts.push(`Domain=${domain}`);
  if (opts.httpOnly) parts.push('HttpOnly');
  if (isHttps(req)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Set-Cookie values for a fresh token pair. Both cookies live as long as the refresh token: the access cookie
 * never outlives the session that can renew it, and never dies while that session can.
 */
export function tokenCookies(req: Request, accessToken: string, refreshToken: string, refreshMaxAge: number): string[] {
  return [
    cookieHeader(req, ACCESS_COOKIE, accessToken, { maxAge: refreshMaxAge }),
    cookieHeader(req, REFRESH_COOKIE, refreshToken, { maxAge: refreshMaxAge, httpOnly: true }),
  ];
}

export function clearTokenCookies(req: Request): string[] {
  return [
    cookieHeader(req, ACCESS_COOKIE, '', { maxAge: 0 }),
    cookieHeader(req, REFRESH_COOKIE, '', { maxAge: 0, httpOnly: true }),
  ];
}

const callOf = (req: Request, base: string) => new URL(req.url).pathname.slice(base.length).replace(/^\/+|\/+$/g, '');

/**
 * The auth route's cookie layer (embedded or upstream alike): fills `refreshToken` from the HttpOnly cookie
 * into regenerateTokens/logout bodies that omit it, and turns token answers into cookies.
 */
export async function withAuthCookies(
  req: Request,
  base: string,
  next: (req: Request) => Promise<Response>,
): Promise<Response> {
  const call = callOf(req, base);
  let request = req;
  if (req.method === 'POST' && NEEDS_REFRESH.has(call)) {
    const cookie = cookieValue(req.headers.get('cookie'), REFRESH_COOKIE);
    if (cookie) {
      const text = await req.text();
      let body: unknown;
      try {
        body = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        body = undefined;
      }
      let newText = text;
      if (body && typeof body === 'object' && !Array.isArray(body) && !(body as Record<string, unknown>).refreshToken) {
        newText = JSON.stringify({ ...body, refreshToken: cookie });
      }
      const headers = new Headers(req.headers);
      headers.delete('content-length');
      request = new Request(req.url, { method: req.method, headers, body: newText });
    }
  }

  const res = await next(request);
  if (req.method !== 'POST' || (!ISSUING.has(call) && call !== 'logout')) return res;

  const setCookies: string[] = [];
  if (call === 'logout') {
    setCookies.push(...clearTokenCookies(req));
  } else if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) {
    const json = (await res.clone().json().catch(() => null)) as Record<string, unknown> | null;
    if (json?.ok === true && typeof json.accessToken === 'string' && typeof json.refreshToken === 'string') {
      const maxAge = typeof json.refreshTokenExpiresIn === 'number' ? json.refreshTokenExpiresIn : DEFAULT_REFRESH_S;
      setCookies.push(...tokenCookies(req, json.accessToken, json.refreshToken, maxAge));
    }
  } else if (call === 'regenerateTokens' && (res.status === 401 || res.status === 400)) {
    // A dead refresh token: drop the cookie so the next page load goes to sign-in.
    setCookies.push(cookieHeader(req, REFRESH_COOKIE, '', { maxAge: 0, httpOnly: true }));
  }
  if (setCookies.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const c of setCookies) headers.append('set-cookie', c);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
