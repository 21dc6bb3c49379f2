import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authSessions, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { ACCESS_COOKIE } from './config';
import { invalidToken, verifyAccessToken } from './tokens';

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
  const claims = await verifyAccessToken(ctx.db, token);
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email, roles: users.roles, userId: authSessions.userId, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, claims.sid))
    .limit(1);
  if (!row || row.userId !== claims.sub) throw invalidToken();
  if (row.revokedAt) throw new ServiceError('UNAUTHORIZED', 'Сеанс завершён. Войдите снова.');
  return { id: row.id, email: row.email, roles: row.roles, sid: claims.sid };
}

/**
 * The signed-in user of a request, for any service call: verifies the RS256 token against the key set in
 * the database and checks that its session is not revoked.
 */
export async function requireUser(ctx: AppContext, req: Request): Promise<SessionUser> {
  return userOfToken(ctx, accessTokenOf(req));
}
