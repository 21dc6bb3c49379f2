import 'server-only';
import type { Env } from '../../env';

/** Claims every verifier checks. */
export const ISSUER = 'kalkulus-auth';
export const AUDIENCE = 'kalkulus';
/** Leeway for `exp`/`nbf`/`iat` between instances' clocks. */
export const CLOCK_TOLERANCE_S = 5;

const MIN = 60;
/** The longest an access token can live: a retired key verifies this long after its retirement, a longer token is refused. */
export const MAX_ACCESS_S = 720 * MIN;
/** Lifetimes of docs/api.md in seconds; `AUTH_ACCESS_TTL_SECONDS` shortens the access token (tests), never beyond MAX_ACCESS_S. */
export function lifetimes(env: Env, remember: boolean): { access: number; refresh: number } {
  const access = Math.min(env.AUTH_ACCESS_TTL_SECONDS ?? (remember ? 720 : 180) * MIN, MAX_ACCESS_S);
  return { access, refresh: (remember ? 43200 : 1440) * MIN };
}

/** The app's cookie for the access token (not HttpOnly: the page reads it); it lives as long as the refresh token. */
export const ACCESS_COOKIE = 'accessToken';
/** HttpOnly cookie holding the refresh token (filled into regenerateTokens/logout by the route). */
export const REFRESH_COOKIE = 'refreshToken';

/**
 * How long an exchanged refresh token still gets its same child: two tabs racing (a browser without Web Locks),
 * or the browser's next try with the old token when a closed page's answer has not reached it yet. After it,
 * the old token is a reuse and ends its session. 10 s (as GoTrue/Supabase): a refresh needs one round trip, so
 * even a slow mobile link fits many times; the browser makes its refresh a request no navigation cancels
 * (lib/client/refresh.ts), so a lost answer is no reason for a longer window — and every second longer is a
 * second in which a copied token still works. Never above 30 s.
 */
export const REFRESH_GRACE_MS = 10_000;

/** One-time links and codes live one hour. */
export const CODE_TTL_MS = 60 * 60 * 1000;
