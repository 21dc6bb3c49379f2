import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authSessions, refreshTokens, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { REFRESH_GRACE_MS, lifetimes } from './config';
import { randomToken, seal, sha256, unseal } from './crypto';
import { signAccessToken } from './tokens';
import { noteSignInDevice } from '../noty/devices';
import { signalSessionsEnded } from '../noty/hub';
import { forgetSessions } from './session-cache';
import { log } from '../../log';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the refresh token lives (the route sets its cookie's max-age from it). */
  refreshMaxAge: number;
}

export interface SessionOwner {
  id: string;
  email: string;
  roles: string[];
}

/** Starts a session for a user who has just proven who they are. */
export async function startSession(
  ctx: AppContext,
  user: SessionOwner,
  opts: { remember?: boolean; ip?: string; userAgent?: string | null } = {},
): Promise<TokenPair & { sessionId: string }> {
  const remember = opts.remember ?? false;
  const life = lifetimes(ctx.env, remember);
  const sessionId = randomUUID();
  const refreshToken = randomToken();
  // One statement (session row + its first refresh token), and the token signed meanwhile: a login's
  // database cost is one round trip here (bench/auth).
  const expiresAt = new Date(Date.now() + life.refresh * 1000).toISOString();
  const [, accessToken] = await Promise.all([
    ctx.db.execute(sql`
      with s as (
        insert into auth_sessions (id, user_id, remember, ip, user_agent)
        values (${sessionId}, ${user.id}, ${remember}, ${opts.ip ?? null}, ${opts.userAgent?.slice(0, 300) ?? null})
        returning id
      )
      insert into auth_refresh_tokens (token_hash, session_id, expires_at)
      select ${sha256(refreshToken)}, s.id, ${expiresAt}::timestamptz from s`),
    signAccessToken(ctx.db, { sub: user.id, email: user.email, roles: user.roles, sid: sessionId }, life.access),
    noteSignInDevice(ctx, user.id, opts.userAgent, opts.ip),
  ]);
  return { accessToken, refreshToken, refreshMaxAge: life.refresh, sessionId };
}

/** A refresh token (by hash) that is still good and has not been exchanged: what a rotation may claim. */
const unexchanged = (hash: string, now: Date) =>
  and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, now));

const sessionEnded = () => new ServiceError('INVALID_TOKEN', 'Сеанс завершён. Войдите снова.');

/**
 * Exchanges a refresh token for a new pair (rotation). A token already exchanged gets the same child again only
 * within REFRESH_GRACE_MS of its exchange (two tabs racing, a request repeated after its answer was lost);
 * presented later, it is a reuse — another copy of it is in someone else's hands — and the whole session (the
 * token family: every token descended from the first, and their access tokens) ends with REFRESH_REUSED.
 * `now` is the clock the rotation reads (a test moves it).
 */
export async function rotateRefreshToken(ctx: AppContext, raw: string, now: Date = new Date()): Promise<TokenPair> {
  if (!raw || raw.length > 200) throw sessionEnded();
  const hash = sha256(raw);
  const child = randomToken();

  const result = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now, childSealed: seal(raw, child) })
      .where(unexchanged(hash, now))
      .returning({ id: refreshTokens.id, sessionId: refreshTokens.sessionId });
    const first = claimed[0];
    if (first) {
      const owner = await sessionOwner(tx as never, first.sessionId);
      if (!owner || owner.revokedAt) {
        throw sessionEnded();
      }
      const life = lifetimes(ctx.env, owner.remember);
      await tx.insert(refreshTokens).values({
        tokenHash: sha256(child),
        sessionId: first.sessionId,
        parentId: first.id,
        expiresAt: new Date(now.getTime() + life.refresh * 1000),
      });
      return { owner, sessionId: first.sessionId, refreshToken: child, life };
    }
    return null;
  });
  if (result) return finish(ctx, result);

  // Not claimable: unknown, expired, or already rotated.
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (!row) throw sessionEnded();
  if (!row.rotatedAt) throw new ServiceError('INVALID_TOKEN', 'Сеанс истёк. Войдите снова.');
  const owner = await sessionOwner(ctx.db, row.sessionId);
  if (!owner || owner.revokedAt) throw sessionEnded();
  const sameChild = row.childSealed ? unseal(raw, row.childSealed) : null;
  if (sameChild && now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
    return finish(ctx, { owner, sessionId: row.sessionId, refreshToken: sameChild, life: lifetimes(ctx.env, owner.remember) });
  }
  await revokeSession(ctx, row.sessionId, 'refresh_reused');
  log.warn(`refresh token reused ${Math.round((now.getTime() - row.rotatedAt.getTime()) / 1000)} s after its rotation: session ${row.sessionId} ended`);
  throw new ServiceError(
    'REFRESH_REUSED',
    'Токен обновления уже был использован — сеанс завершён ради безопасности. Войдите снова.',
  );
}

async function finish(
  ctx: AppContext,
  r: { owner: SessionOwner; sessionId: string; refreshToken: string; life: { access: number; refresh: number } },
): Promise<TokenPair> {
  const accessToken = await signAccessToken(
    ctx.db,
    { sub: r.owner.id, email: r.owner.email, roles: r.owner.roles, sid: r.sessionId },
    r.life.access,
  );
  return { accessToken, refreshToken: r.refreshToken, refreshMaxAge: r.life.refresh };
}

async function sessionOwner(db: AppContext['db'], sessionId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      remember: authSessions.remember,
      revokedAt: authSessions.revokedAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row;
}

/**
 * Ends one session at once: its access tokens are refused by every session-checked call, and its open
 * notification streams, in any process, are closed.
 */
export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await ctx.db
    .update(authSessions)
    .set({ revokedAt: sql`coalesce(${authSessions.revokedAt}, now())`, revokedReason: sql`coalesce(${authSessions.revokedReason}, ${reason})` })
    .where(eq(authSessions.id, sessionId));
  forgetSessions(ctx.db, { sid: sessionId });
  await signalSessionsEnded(ctx, { sid: sessionId });
}

/** Ends every session of a user (password reset, e-mail change), open notification streams included. */
export async function revokeUserSessions(ctx: AppContext, userId: string, reason: string): Promise<void> {
  await ctx.db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  forgetSessions(ctx.db, { userId });
  await signalSessionsEnded(ctx, { userId });
}

/** The session a refresh token belongs to (logout by refresh token). */
export async function sessionOfRefreshToken(ctx: AppContext, raw: string): Promise<string | undefined> {
  if (!raw || raw.length > 200) return undefined;
  const [row] = await ctx.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(raw)))
    .limit(1);
  return row?.sessionId;
}
