import 'server-only';
import { isProtectedPath, safeNextPath } from '@/lib/domain/protected-routes';
import { getAppContext } from '../../context';
import { isServiceError } from '../../errors';
import { log } from '../../log';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './config';
import { clearTokenCookies, tokenCookies } from './cookies';
import { cookieValue, userOfToken } from './require-user';
import { rotateRefreshToken } from './sessions';
import { upstreamRegenerate } from './upstream';

export type GateDecision =
  | { kind: 'pass' }
  /** Signed in after a silent refresh: new cookies for the answer, and the new access token for the page. */
  | { kind: 'refreshed'; setCookies: string[]; accessToken: string; refreshToken: string }
  | { kind: 'redirect'; location: string; setCookies: string[] };

/**
 * The page gate of proxy.ts: a protected page needs a valid access token (RS256 from our key set, session not
 * revoked — or, with AUTH_BACK_URL, the upstream's keys and session check). An expired or invalid one with a
 * refresh cookie is refreshed silently (by the upstream in that mode); otherwise → /auth?next=….
 */
export async function gatePage(req: Request): Promise<GateDecision> {
  const url = new URL(req.url);
  if (!isProtectedPath(url.pathname, url.searchParams)) return { kind: 'pass' };
  const redirect = (setCookies: string[] = []): GateDecision => ({
    kind: 'redirect',
    location: `/auth?next=${encodeURIComponent(safeNextPath(url.pathname + url.search))}`,
    setCookies,
  });
  let ctx;
  try {
    ctx = await getAppContext();
  } catch (err) {
    log.error('gate: app context unavailable', err);
    return redirect();
  }
  const cookies = req.headers.get('cookie');
  const access = cookieValue(cookies, ACCESS_COOKIE);
  try {
    await userOfToken(ctx, access);
    return { kind: 'pass' };
  } catch (err) {
    if (!isServiceError(err)) throw err;
  }
  const refresh = cookieValue(cookies, REFRESH_COOKIE);
  if (!refresh) return redirect(access ? clearTokenCookies(req) : []);
  try {
    const pair = ctx.env.AUTH_BACK_URL ? await upstreamRegenerate(ctx.env, refresh) : await rotateRefreshToken(ctx, refresh);
    return {
      kind: 'refreshed',
      setCookies: tokenCookies(req, pair.accessToken, pair.refreshToken, pair.refreshMaxAge),
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
    };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return redirect(clearTokenCookies(req));
  }
}
