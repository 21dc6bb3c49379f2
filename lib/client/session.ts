import Cookies from 'js-cookie';
import { decodeProtectedHeader, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { call } from './call';
import { refreshAccessToken, storeAccessToken } from './refresh';
import { forgetRoles, storeRoles } from './roles';

export { ROLES_STORAGE, forgetRoles, getRoles, isSuperAdmin } from './roles';

/**
 * The browser's session: the access token is checked locally with
 * the service's public key (RS256, record cached in localStorage); on failure a refresh is tried (the refresh
 * token itself is an HttpOnly cookie the page never reads); after two failed refreshes the user is signed
 * out locally. Roles are cached in localStorage `userRoles` (lib/client/roles.ts).
 */

export const PUBLIC_KEY_STORAGE = 'publicKey';
const ISSUER = 'kalkulus-auth';
const AUDIENCE = 'kalkulus';
const MAX_ATTEMPTS = 5;
const MAX_FAILED_REFRESHES = 2;

/** The key as cached in localStorage. */
interface PublicKeyRecord {
  kid: string;
  publicKey: string;
}

export interface SessionClaims {
  sub: string;
  email: string;
  roles: string[];
  sid: string;
}

export const getAccessToken = (): string | undefined => Cookies.get('accessToken') || undefined;

function readKeyRecord(): PublicKeyRecord | null {
  try {
    const raw = localStorage.getItem(PUBLIC_KEY_STORAGE);
    if (!raw) return null;
    const rec = JSON.parse(raw) as PublicKeyRecord;
    return typeof rec.kid === 'string' && typeof rec.publicKey === 'string' ? rec : null;
  } catch {
    return null;
  }
}

async function fetchKeyRecord(): Promise<PublicKeyRecord> {
  const a = await call('auth', 'getPublicKey');
  const rec = { kid: a.kid, publicKey: a.publicKey };
  localStorage.setItem(PUBLIC_KEY_STORAGE, JSON.stringify(rec));
  return rec;
}

/**
 * Verifies the access token in the browser; refetches the key once when its `kid` is not the cached one.
 * Our tokens carry `kid`, `iss` and `aud` and are checked against them; an upstream's (AUTH_BACK_URL) may
 * lack them and is checked with its current key. The servers check every token again — this only decides
 * whether the page needs a refresh.
 */
async function verifyAccessToken(token: string): Promise<SessionClaims> {
  const { kid } = decodeProtectedHeader(token);
  let rec = readKeyRecord();
  if (!rec || (kid !== undefined && rec.kid !== kid)) rec = await fetchKeyRecord();
  if (kid !== undefined && rec.kid !== kid) throw new Error('token signed by an unknown key');
  const key = await importSPKI(rec.publicKey, 'RS256');
  const { payload } = await jwtVerify<JWTPayload & Partial<SessionClaims> & { typ?: string }>(token, key, {
    algorithms: ['RS256'],
    clockTolerance: 5,
  });
  const ours = payload.iss === ISSUER;
  if (ours && !(Array.isArray(payload.aud) ? payload.aud.includes(AUDIENCE) : payload.aud === AUDIENCE)) {
    throw new Error('token for another audience');
  }
  if ((payload.typ !== undefined && payload.typ !== 'access') || typeof payload.sub !== 'string' || (ours && typeof payload.sid !== 'string')) {
    throw new Error('not an access token');
  }
  return {
    sub: payload.sub,
    email: String(payload.email ?? ''),
    roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
    sid: typeof payload.sid === 'string' ? payload.sid : '',
  };
}

/** Forgets the session in this browser: the access-token cookie, the key record and the roles. */
export function signOutLocally(): void {
  Cookies.remove('accessToken', { path: '/' });
  localStorage.removeItem(PUBLIC_KEY_STORAGE);
  forgetRoles();
}

/**
 * Makes sure the page has a valid session: verify; on failure refresh and verify again, up to 5 attempts;
 * two failed refreshes sign out locally. Resolves the claims, or null when signed out.
 */
export async function ensureSession(): Promise<SessionClaims | null> {
  let failedRefreshes = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const token = getAccessToken();
    if (token) {
      try {
        const claims = await verifyAccessToken(token);
        storeRoles(claims.roles);
        return claims;
      } catch {
        // Expired, signed by a rotated key, or broken: try a refresh below.
        localStorage.removeItem(PUBLIC_KEY_STORAGE);
      }
    }
    if (await refreshAccessToken()) continue;
    failedRefreshes += 1;
    if (failedRefreshes >= MAX_FAILED_REFRESHES) {
      signOutLocally();
      return null;
    }
  }
  return null;
}

/** Stores the tokens of a login / register / OAuth answer and caches its roles (the route has set the cookies; this covers upstreams). */
export function acceptTokens(answer: Record<string, unknown>): void {
  if (typeof answer.accessToken === 'string') storeAccessToken(answer.accessToken, answer.refreshTokenExpiresIn);
}

/** Signs out: drops the tokens and key record, tells the service (errors ignored), clears roles, goes to /auth. */
export async function logout(go: (path: string) => void = (p) => window.location.assign(p)): Promise<void> {
  signOutLocally();
  try {
    await call('auth', 'logout');
  } catch {
    // Signing out locally still works when the service is unreachable.
  }
  go('/auth');
}
