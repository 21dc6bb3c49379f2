import Cookies from 'js-cookie';
import { forgetRoles, rememberRolesOf } from './roles';

/**
 * One silent token refresh at a time for the whole page: `regenerateTokens` with an empty body (the route
 * fills the refresh token from its HttpOnly cookie and sets the new cookies). Resolves true on success.
 */
let inFlight: Promise<boolean> | null = null;

/** The access-token cookie as the app sets it (48000 minutes, docs/api.md), and the token's roles cached. */
export function storeAccessToken(token: string): void {
  rememberRolesOf(token);
  Cookies.set('accessToken', token, {
    path: '/',
    expires: 48000 / 1440,
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
      const body = (await res.json().catch(() => null)) as { ok?: boolean; accessToken?: unknown } | null;
      if (!res.ok || body?.ok !== true || typeof body.accessToken !== 'string') {
        // The service refused (the session ended): its roles no longer apply. A network failure keeps them.
        if (body !== null) forgetRoles();
        return false;
      }
      // The route set the cookie already; setting it here too covers upstreams that answer without cookies.
      if (Cookies.get('accessToken') !== body.accessToken) storeAccessToken(body.accessToken);
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
