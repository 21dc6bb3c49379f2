import 'server-only';
import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { ServiceError } from '../../errors';
import { AUDIENCE, CLOCK_TOLERANCE_S, ISSUER, MAX_ACCESS_S } from './config';
import { findVerifyKey, getKeySet } from './keys';

export interface AccessClaims {
  sub: string;
  email: string;
  roles: string[];
  sid: string;
}

/** Signs an access token with the current key. */
export async function signAccessToken(db: Db, claims: AccessClaims, lifetimeS: number): Promise<string> {
  const { signing } = await getKeySet(db);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: signing.kid })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + lifetimeS)
    .setJti(randomUUID())
    .sign(signing.key);
}

export const invalidToken = () => new ServiceError('INVALID_TOKEN', 'Сеанс недействителен. Войдите снова.');
export const jwtExpired = () => new ServiceError('JWT_EXPIRED', 'jwt expired');

/** Header parameters that would make a verifier fetch or trust a key from the token itself. */
const FORBIDDEN_HEADER = ['jwk', 'jku', 'x5u', 'x5c', 'crit'];

/**
 * The protected header of a compact JWS that may be checked further: a sane length, three parts, RS256,
 * and nothing that would make a verifier fetch or trust a key from the token itself; else INVALID_TOKEN.
 */
export function rs256HeaderOf(token: string): ReturnType<typeof decodeProtectedHeader> {
  if (token.length > 8192 || token.split('.').length !== 3) throw invalidToken();
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw invalidToken();
  }
  if (header.alg !== 'RS256' || FORBIDDEN_HEADER.some((k) => k in header)) throw invalidToken();
  return header;
}

/**
 * Verifies an access token: RS256 only, key chosen by `kid` from our own key set, `iss`, `aud`, `exp`,
 * `nbf`, `typ: access`; `iat` not in the future and a lifetime (`exp - iat`) no longer than the service issues
 * (a key leaked and used to mint long-lived tokens still cannot outlive MAX_ACCESS_S). Throws ServiceError JWT_EXPIRED ("jwt expired") or INVALID_TOKEN.
 * Does not look at the session (see `requireUser`).
 */
export async function verifyAccessToken(db: Db, token: string): Promise<AccessClaims> {
  const header = rs256HeaderOf(token);
  const found = await findVerifyKey(db, header.kid);
  if (!found) throw invalidToken();
  const seen = verified.get(token);
  if (seen && seen.key === found.key && Date.now() <= seen.until) return seen.claims;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, found.key, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_S,
      typ: 'JWT',
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw jwtExpired();
    throw invalidToken();
  }
  const { sub, email, roles, sid, typ, iat, exp } = payload;
  if (
    typ !== 'access' ||
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    iat > Date.now() / 1000 + CLOCK_TOLERANCE_S ||
    exp - iat > MAX_ACCESS_S ||
    typeof sub !== 'string' ||
    typeof sid !== 'string' ||
    typeof email !== 'string' ||
    !Array.isArray(roles) ||
    !roles.every((r) => typeof r === 'string')
  ) {
    throw invalidToken();
  }
  const claims = { sub, email, roles: roles as string[], sid };
  remember(token, found.key, claims, payload.exp);
  return claims;
}

/**
 * Tokens verified in this process, by their exact text: the check is pure given the key, so a token sent
 * again (every chunk of an upload, every call of a page) skips the RSA verification until it expires — and
 * only while its key is still in the key set. The session is still checked on every call (requireUser).
 */
const verified = new Map<string, { key: unknown; claims: AccessClaims; until: number }>();
const VERIFIED_MAX = 2000;

function remember(token: string, key: unknown, claims: AccessClaims, exp: unknown): void {
  if (typeof exp !== 'number') return;
  if (verified.size >= VERIFIED_MAX) {
    const oldest = verified.keys().next().value;
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(token, { key, claims, until: (exp + CLOCK_TOLERANCE_S) * 1000 });
}
