import 'server-only';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';
import { ACCESS_COOKIE } from './config';
import { cachedSession, type SessionRow } from './session-cache';
import { invalidToken, verifyAccessToken } from './tokens';
import { upstreamSessionUser, verifyUpstreamToken } from './upstream';
import { mirrorUpstreamUser } from './users';

/** The signed-in user of a request, as every session-checked call sees it. */
export interface SessionUser {
  id: string;
  email: string;
  /** Current roles from the database (a role change bites at once). */
  roles: string[];
  /** Session id (`sid` of the token). */
  sid: string;
}

/** The access token of a request: `Authorization: Bearer …`, else the `accessToken` cookie. Never the query string. */
export function accessTokenOf(req: Request): string | undefined {
  const auth = req.headers.get('authorization');
  const bearer = auth?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  return cookieValue(req.headers.get('cookie'), ACCESS_COOKIE);
}

export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) {
      const value = part.slice(eqAt + 1).trim();
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const notSignedIn = () => new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');

/** Checks a token and its session row; returns the user or throws UNAUTHORIZED / JWT_EXPIRED / INVALID_TOKEN. */
export async function userOfToken(ctx: AppContext, token: string | undefined): Promise<SessionUser> {
  if (!token) throw notSignedIn();
  if (ctx.env.AUTH_BACK_URL) return upstreamUserOfToken(ctx, token);
  const claims = await verifyAccessToken(ctx.db, token);
  // This runs for every protected page and service call: the row is kept in this process until the session or
  // its user changes (session-cache.ts); a miss reads a function of migration 0018, whose plan is made once per
  // connection (planning the join costs PGlite more than running it).
  const row = await cachedSession(ctx.database, claims.sid, async () => {
    const [found] = await rows<SessionRow>(
      ctx.db,
      sql`select id, email, roles, user_id as "userId", revoked_at as "revokedAt" from auth_session_user(${claims.sid})`,
    );
    return found;
  });
  checkSession(row, claims.sub);
  return { id: row.id, email: row.email, roles: row.roles, sid: claims.sid };
}

/**
 * The rule of a token's session, written once for every call (requireUser, and uploadChunk, which reads the
 * session in the statement it runs anyway): the session exists and belongs to the token's user (`sub`), else
 * the token is invalid; a session ended (revoked) is refused with its own answer.
 */
export function checkSession<S extends { userId: string | null; revokedAt: unknown }>(
  session: S | undefined,
  sub: string,
): asserts session is S {
  if (!session || session.userId !== sub) throw sessionRefused('invalid');
  if (session.revokedAt) throw sessionRefused('revoked');
}

/** What a session check that failed answers: no such session of the token's user, or a session ended. */
function sessionRefused(why: 'invalid' | 'revoked'): ServiceError {
  return why === 'invalid' ? invalidToken() : new ServiceError('UNAUTHORIZED', 'Сеанс завершён. Войдите снова.');
}

/**
 * The verified claims of a request's token, without the session check — for a call that reads the session in
 * the statement it runs anyway (uploadChunk: `files_open_chunk`) and then applies checkSession. Null with
 * AUTH_BACK_URL (the upstream checks its sessions: use requireUser). Throws as
 * userOfToken for a missing, forged or expired token.
 */
export async function tokenClaims(ctx: AppContext, req: Request): Promise<{ sub: string; sid: string } | null> {
  const token = accessTokenOf(req);
  if (!token) throw notSignedIn();
  if (ctx.env.AUTH_BACK_URL) return null;
  const { sub, sid } = await verifyAccessToken(ctx.db, token);
  return { sub, sid };
}

/**
 * AUTH_BACK_URL mode: the token is the upstream's (its keys, its session check); the user gets a mirror row
 * here so the embedded services' rows can point at it.
 */
async function upstreamUserOfToken(ctx: AppContext, token: string): Promise<SessionUser> {
  const claims = await verifyUpstreamToken(ctx.env, token);
  const user = await upstreamSessionUser(ctx.env, token, claims);
  await mirrorUpstreamUser(ctx, user);
  return { ...user, sid: claims.sid };
}

/**
 * The signed-in user of a request, for any service call: verifies the RS256 token against the key set in
 * the database and checks that its session is not revoked (with AUTH_BACK_URL: the upstream's key set and
 * the upstream's session check).
 */
export function requireUser(ctx: AppContext, req: Request): Promise<SessionUser> {
  const seen = checked.get(req);
  if (seen && seen.ctx === ctx) return seen.user;
  const user = userOfToken(ctx, accessTokenOf(req));
  checked.set(req, { ctx, user });
  return user;
}

/**
 * Session checks already made for a request (the gateway checks before it judges the input, the call again):
 * one check per request, its answer or its refusal shared.
 */
const checked = new WeakMap<Request, { ctx: AppContext; user: Promise<SessionUser> }>();
