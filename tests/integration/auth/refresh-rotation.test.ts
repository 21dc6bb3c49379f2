// @vitest-environment node
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppContext } from '@/lib/server/context';
import { authSessions, refreshTokens } from '@/lib/server/db/schema';
import { REFRESH_GRACE_MS } from '@/lib/server/services/auth/config';
import { gatePage } from '@/lib/server/services/auth/gate';
import { sha256 } from '@/lib/server/services/auth/crypto';
import { rotateRefreshToken, startSession } from '@/lib/server/services/auth/sessions';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { authCall, bearer } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});

/** A moment `ms` after `t` (the rotation's injected clock). */
const after = (t: Date, ms: number) => new Date(t.getTime() + ms);

/** The answer of getUserInfo for an access token: 200 while its session lives. */
const infoStatus = async (access: string) => (await authCall('getUserInfo', {}, { headers: bearer(access) })).status;

const sessionRow = async (refresh: string) => {
  const [row] = await ctx.db
    .select({ revokedAt: authSessions.revokedAt, revokedReason: authSessions.revokedReason, rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(refresh)));
  return row;
};

describe(`refresh rotation: an exchanged token is a reuse once the grace window has passed (${testDriver()})`, () => {
  it('the window is short: at most 30 s', () => {
    expect(REFRESH_GRACE_MS).toBeGreaterThan(0);
    expect(REFRESH_GRACE_MS).toBeLessThanOrEqual(30_000);
  });

  it('within the window the exchanged token gets the same child, to its last millisecond; the session lives on', async () => {
    const u = await createTestUser(ctx);
    const t0 = new Date();
    const first = await rotateRefreshToken(ctx, u.refreshToken, t0);
    expect(first.refreshToken).not.toBe(u.refreshToken);

    const again = await rotateRefreshToken(ctx, u.refreshToken, after(t0, 1));
    expect(again.refreshToken).toBe(first.refreshToken);
    const last = await rotateRefreshToken(ctx, u.refreshToken, after(t0, REFRESH_GRACE_MS));
    expect(last.refreshToken).toBe(first.refreshToken);
    for (const t of [u.accessToken, first.accessToken, last.accessToken]) expect(await infoStatus(t)).toBe(200);

    // The child goes on rotating.
    const next = await rotateRefreshToken(ctx, first.refreshToken, after(t0, REFRESH_GRACE_MS + 1));
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await sessionRow(next.refreshToken))?.revokedAt).toBeNull();
  });

  it('after the window the exchanged token ends its family, even while its child was never used (an answer lost 35 s ago)', async () => {
    const u = await createTestUser(ctx);
    const other = await startSession(ctx, { id: u.user.id, email: u.user.email, roles: u.user.roles });
    const t0 = new Date();
    const child = await rotateRefreshToken(ctx, u.refreshToken, t0);

    await expect(rotateRefreshToken(ctx, u.refreshToken, after(t0, 35_000))).rejects.toMatchObject({
      code: 'REFRESH_REUSED',
      message: 'Токен обновления уже был использован — сеанс завершён ради безопасности. Войдите снова.',
    });
    expect(await sessionRow(child.refreshToken)).toMatchObject({ revokedReason: 'refresh_reused', rotatedAt: null });

    // The unused child is dead too, and every access token of the family.
    await expect(rotateRefreshToken(ctx, child.refreshToken, after(t0, 36_000))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    for (const t of [u.accessToken, child.accessToken]) expect(await infoStatus(t)).toBe(401);
    // Another sign-in of the same user is another family: it lives on.
    expect(await infoStatus(other.accessToken)).toBe(200);
    expect((await rotateRefreshToken(ctx, other.refreshToken)).refreshToken).toBeTruthy();
  });

  it('one millisecond past the window is already a reuse', async () => {
    const u = await createTestUser(ctx);
    const t0 = new Date();
    await rotateRefreshToken(ctx, u.refreshToken, t0);
    await expect(rotateRefreshToken(ctx, u.refreshToken, after(t0, REFRESH_GRACE_MS + 1))).rejects.toMatchObject({ code: 'REFRESH_REUSED' });
  });

  it('a token from early in a long family ends the whole family: every descendant and its access token', async () => {
    const u = await createTestUser(ctx);
    const t0 = new Date();
    const chain = [{ refreshToken: u.refreshToken, accessToken: u.accessToken }];
    for (let i = 1; i <= 4; i++) chain.push(await rotateRefreshToken(ctx, chain[i - 1]!.refreshToken, after(t0, i * 60_000)));

    await expect(rotateRefreshToken(ctx, chain[1]!.refreshToken, after(t0, 5 * 60_000))).rejects.toMatchObject({ code: 'REFRESH_REUSED' });
    const newest = chain[4]!;
    await expect(rotateRefreshToken(ctx, newest.refreshToken, after(t0, 5 * 60_000 + 1))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    for (const link of chain) expect(await infoStatus(link.accessToken)).toBe(401);
  });

  it('on the wire: a racing pair gets the same child; the old token after the window → 401 REFRESH_REUSED, its cookie dropped, the child refused', async () => {
    const u = await createTestUser(ctx);
    const [a, b] = await Promise.all([
      authCall('regenerateTokens', { refreshToken: u.refreshToken }),
      authCall('regenerateTokens', {}, { headers: { cookie: `refreshToken=${u.refreshToken}` } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    const child = a.body.refreshToken as string;

    // The rotation 35 s in the past (the database's clock moved, not a wait).
    await ctx.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - interval '35 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(u.refreshToken)));
    const reused = await authCall('regenerateTokens', {}, { headers: { cookie: `refreshToken=${u.refreshToken}` } });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({
      ok: false,
      code: 'REFRESH_REUSED',
      msg: 'Токен обновления уже был использован — сеанс завершён ради безопасности. Войдите снова.',
    });
    expect(reused.cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/Max-Age=0/);

    const late = await authCall('regenerateTokens', {}, { headers: { cookie: `refreshToken=${child}` } });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'INVALID_TOKEN', msg: 'Сеанс завершён. Войдите снова.' });
    expect(await infoStatus(a.body.accessToken as string)).toBe(401);
  });

  it('the page gate does not rotate: an expired session goes to /auth/renew with its refresh token untouched', async () => {
    const u = await createTestUser(ctx);
    const page = new Request('http://localhost/companies?tab=2', {
      headers: { cookie: `accessToken=expired.or.broken; refreshToken=${u.refreshToken}` },
    });
    expect(await gatePage(page)).toEqual({ kind: 'redirect', location: '/auth/renew?next=%2Fcompanies%3Ftab%3D2', setCookies: [] });
    expect(await sessionRow(u.refreshToken)).toMatchObject({ rotatedAt: null, revokedAt: null });
  });
});
