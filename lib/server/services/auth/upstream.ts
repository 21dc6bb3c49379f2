import 'server-only';
import { errors as joseErrors, importJWK, importSPKI, jwtVerify, type JWK } from 'jose';
import type { Env } from '../../env';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { CLOCK_TOLERANCE_S } from './config';
import { sha256 } from './crypto';
import { KID_PATTERN } from './keys';
import { invalidToken, jwtExpired, rs256HeaderOf, type AccessClaims } from './tokens';

/**
 * Tokens of an upstream auth service (AUTH_BACK_URL set): the embedded services and proxy.ts check them with
 * the upstream's own key set (`getPublicKey`: current PEM + JWKS, cached, re-read on an unknown `kid`) and
 * ask the upstream whether the session is still alive (`getUserInfo`, answer cached a few seconds), so a
 * logout upstream bites here too.
 */

type Key = Awaited<ReturnType<typeof importSPKI>>;
interface UpstreamKeys {
  byKid: Map<string, Key>;
  /** The single current key, for tokens without a `kid` (older upstreams). */
  current: Key | null;
  loadedAt: number;
}

/** Key set trusted this long before it is read again. */
const KEYS_TTL_MS = 10 * 60 * 1000;
/** An unknown `kid` re-reads the key set at most this often. */
const UNKNOWN_KID_RELOAD_MS = 30_000;
/** A live-session answer of the upstream is reused this long (a logout upstream bites within it). */
export const LIVENESS_TTL_MS = 15_000;
const LIVENESS_MAX_ENTRIES = 10_000;

let keys: { base: string; set?: UpstreamKeys; loading?: Promise<UpstreamKeys>; lastForced: number } | undefined;
const alive = new Map<string, { until: number; user: { id: string; email: string; roles: string[] } }>();

const unavailable = () =>
  new ServiceError('UPSTREAM_UNAVAILABLE', 'Сервис входа временно недоступен. Попробуйте ещё раз через минуту.');

/** Drops every cached key and session answer (tests, and a changed AUTH_BACK_URL). */
export function forgetUpstreamAuth(): void {
  keys = undefined;
  alive.clear();
}

async function call(base: string, name: string, body: unknown, bearer?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    log.warn(`upstream auth ${name} unreachable`, err);
    throw unavailable();
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

async function loadKeys(base: string): Promise<UpstreamKeys> {
  const { status, json } = await call(base, 'getPublicKey', {});
  if (status !== 200 || json.ok === false) {
    log.warn(`upstream auth getPublicKey answered ${status}`);
    throw unavailable();
  }
  const byKid = new Map<string, Key>();
  let current: Key | null = null;
  if (typeof json.publicKey === 'string') {
    current = await importSPKI(json.publicKey, 'RS256');
    if (typeof json.kid === 'string' && KID_PATTERN.test(json.kid)) byKid.set(json.kid, current);
  }
  const jwks = (json.keys as { keys?: unknown } | undefined)?.keys;
  if (Array.isArray(jwks)) {
    for (const jwk of jwks as JWK[]) {
      if (jwk?.kty !== 'RSA' || typeof jwk.kid !== 'string' || !KID_PATTERN.test(jwk.kid)) continue;
      if (jwk.alg && jwk.alg !== 'RS256') continue;
      try {
        byKid.set(jwk.kid, (await importJWK({ kty: jwk.kty, n: jwk.n, e: jwk.e }, 'RS256')) as Key);
      } catch {
        // A key we cannot read verifies nothing.
      }
    }
  }
  if (!current && byKid.size === 0) throw unavailable();
  return { byKid, current, loadedAt: Date.now() };
}

async function keySet(base: string, unknownKid = false): Promise<UpstreamKeys> {
  if (!keys || keys.base !== base) keys = { base, lastForced: 0 };
  const k = keys;
  const now = Date.now();
  const stale = !k.set || now - k.set.loadedAt > KEYS_TTL_MS;
  const forced = unknownKid && now - k.lastForced > UNKNOWN_KID_RELOAD_MS;
  if ((stale || forced) && !k.loading) {
    if (forced) k.lastForced = now;
    k.loading = loadKeys(base).finally(() => {
      k.loading = undefined;
    });
  }
  if (k.loading) {
    try {
      k.set = await k.loading;
    } catch (err) {
      if (!k.set) throw err;
    }
  }
  return k.set!;
}

/**
 * Verifies an upstream access token: RS256 only, key by `kid` from the upstream's set (the current key
 * when the token has no `kid`), `exp`/`nbf`; `iss`/`aud` when AUTH_BACK_ISSUER / AUTH_BACK_AUDIENCE are set;
 * a token typed other than `access` (a refresh token) is refused.
 */
export async function verifyUpstreamToken(env: Env, token: string): Promise<AccessClaims> {
  const base = env.AUTH_BACK_URL!;
  const header = rs256HeaderOf(token);
  let key: Key | null | undefined;
  if (header.kid === undefined) {
    key = (await keySet(base)).current;
  } else {
    if (typeof header.kid !== 'string' || !KID_PATTERN.test(header.kid)) throw invalidToken();
    key = (await keySet(base)).byKid.get(header.kid) ?? (await keySet(base, true)).byKid.get(header.kid);
  }
  if (!key) throw invalidToken();
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp'],
      ...(env.AUTH_BACK_ISSUER ? { issuer: env.AUTH_BACK_ISSUER } : {}),
      ...(env.AUTH_BACK_AUDIENCE ? { audience: env.AUTH_BACK_AUDIENCE } : {}),
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw jwtExpired();
    throw invalidToken();
  }
  const { sub, email, roles, sid, typ } = payload;
  if ((typ !== undefined && typ !== 'access') || typeof sub !== 'string' || !sub) throw invalidToken();
  return {
    sub,
    email: typeof email === 'string' ? email : '',
    roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
    sid: typeof sid === 'string' ? sid : '',
  };
}

/**
 * Asks the upstream whether the token's session is alive (its `getUserInfo` checks the session); the answer
 * gives the current e-mail and roles. Cached LIVENESS_TTL_MS per token.
 */
export async function upstreamSessionUser(
  env: Env,
  token: string,
  claims: AccessClaims,
): Promise<{ id: string; email: string; roles: string[] }> {
  const key = sha256(token);
  const now = Date.now();
  const hit = alive.get(key);
  if (hit && hit.until > now) return hit.user;
  const { status, json } = await call(env.AUTH_BACK_URL!, 'getUserInfo', { accessToken: token }, token);
  if (status >= 500) throw unavailable();
  if (status !== 200 || json.ok === false) {
    alive.delete(key);
    if (json.msg === 'jwt expired' || json.code === 'JWT_EXPIRED') throw jwtExpired();
    throw new ServiceError('UNAUTHORIZED', 'Сеанс завершён. Войдите снова.');
  }
  const info = (json.userinfo ?? {}) as Record<string, unknown>;
  if (typeof info.sub === 'string' && info.sub !== claims.sub) throw invalidToken();
  const user = {
    id: claims.sub,
    email: typeof info.email === 'string' ? info.email : claims.email,
    roles: Array.isArray(info.roles) ? info.roles.filter((r): r is string => typeof r === 'string') : claims.roles,
  };
  if (alive.size >= LIVENESS_MAX_ENTRIES) {
    for (const [k, v] of alive) if (v.until <= now || alive.size >= LIVENESS_MAX_ENTRIES) alive.delete(k);
  }
  alive.set(key, { until: now + LIVENESS_TTL_MS, user });
  return user;
}
