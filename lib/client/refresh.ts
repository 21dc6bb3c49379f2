import { decodeJwt } from 'jose';
import Cookies from 'js-cookie';
import { forgetRoles, rememberRolesOf } from './roles';

/**
 * One silent token refresh at a time for the whole page: `regenerateTokens` with an empty body (the route
 * fills the refresh token from its HttpOnly cookie and sets the new cookies). Resolves true on success.
 */
let inFlight: Promise<boolean> | null = null;

/** Lifetime of the refresh token when an answer does not say it (1440 minutes). */
const DEFAULT_REFRESH_S = 1440 * 60;

/**
 * The access-token cookie as the server sets it (as long as the refresh token, `refreshTokenExpiresIn`
 * seconds of the answer), and the token's roles cached.
 */
export function storeAccessToken(token: string, refreshTokenExpiresIn?: unknown): void {
  rememberRolesOf(token);
  const seconds = typeof refreshTokenExpiresIn === 'number' && refreshTokenExpiresIn > 0 ? refreshTokenExpiresIn : DEFAULT_REFRESH_S;
  Cookies.set('accessToken', token, {
    path: '/',
    expires: seconds / 86400,
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function refreshAccessToken(): Promise<boolean> {
  inFlight ??= (async () => {
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const xsrf = Cookies.get('XSRF-TOKEN');
      if (xsrf !== undefined) headers['X-XSRF-TOKEN'] = xsrf;
      const res = await fetch('/auth-back/api/v2/regenerateTokens', {
        method: 'POST',
        headers,
        body: '{}',
        credentials: 'same-origin',
      });
      const body = (await res.json().catch(() => null)) as { ok?: boolean; accessToken?: unknown; refreshTokenExpiresIn?: unknown } | null;
      if (!res.ok || body?.ok !== true || typeof body.accessToken !== 'string') {
        // The service refused (the session ended): its roles no longer apply. A network failure keeps them.
        if (body !== null) forgetRoles();
        return false;
      }
      // The route set the cookie already; setting it here too covers upstreams that answer without cookies.
      if (Cookies.get('accessToken') !== body.accessToken) storeAccessToken(body.accessToken, body.refreshTokenExpiresIn);
      else rememberRolesOf(body.accessToken);
      return true;
    } catch {
      return false;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Seconds before its expiry when a call renews the access token first instead of being refused. */
const RENEW_BEFORE_S = 5;
/** Set when a token just issued already looks expired: this device's clock is off, so only refusals renew. */
let clockOff = false;

function expiresSoon(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Date.now() / 1000 >= exp - RENEW_BEFORE_S;
  } catch {
    return false; // not a JWT (an upstream's opaque token): renewed when refused
  }
}

/**
 * Renews the access token before a call when it is about to expire, so the call is not first refused and
 * repeated (a refusal still renews it: `apiCall`). Null when nothing is to be done, so a call that needs no
 * renewal starts at once; never rejects — a failed renewal leaves the call to answer.
 */
export function renewIfExpiring(): Promise<void> | null {
  const token = Cookies.get('accessToken');
  if (clockOff || !token || !expiresSoon(token)) return null;
  return refreshAccessToken().then((ok) => {
    const fresh = Cookies.get('accessToken');
    if (ok && fresh && expiresSoon(fresh)) clockOff = true;
  });
}
