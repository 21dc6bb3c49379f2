import 'server-only';
import { isProtectedPath, safeNextPath } from '@/lib/domain/protected-routes';
import { getAppContext } from '../../context';
import { isServiceError } from '../../errors';
import { log } from '../../log';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './config';
import { clearTokenCookies } from './cookies';
import { cookieValue, userOfToken } from './require-user';

export type GateDecision = { kind: 'pass' } | { kind: 'redirect'; location: string; setCookies: string[] };

/** The page that renews the token pair in the browser and returns to `next` (app/(auth)/auth/renew). */
export const RENEW_PATH = '/auth/renew';

/**
 * The page gate of proxy.ts: a protected page needs a valid access token (RS256 from our key set, session not
 * revoked — or, with AUTH_BACK_URL, the upstream's keys and session check). An expired or invalid one with a
 * refresh cookie → /auth/renew?next=…, where the browser renews the pair; without one → /auth?next=….
 *
 * The gate never rotates the refresh token itself: a navigation's answer is lost whenever the browser drops the
 * navigation (another click, a prefetch given up, a closed tab) — after the rotation the browser would keep the
 * exchanged token, and that token presented after the grace window ends the session. The browser's own refresh
 * is a request no navigation cancels (lib/client/refresh.ts).
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
  return {
    kind: 'redirect',
    location: `${RENEW_PATH}?next=${encodeURIComponent(safeNextPath(url.pathname + url.search))}`,
    setCookies: [],
  };
}
