// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/server/db/client';
import type { AppContext } from '@/lib/server/context';
import { requireUser } from '@/lib/server/services/auth/require-user';
import { setUserRoles } from '@/lib/server/services/auth/roles';
import { sessionCacheReady } from '@/lib/server/services/auth/session-cache';
import { revokeSession, revokeUserSessions } from '@/lib/server/services/auth/sessions';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';

/**
 * The session check is kept in each process between calls; every change of what it answers still bites on the
 * next call — in this process at once, in another process on the same PostgreSQL as soon as the signal arrives.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.destroy();
});

const req = (headers: Record<string, string>) => new Request('http://localhost/api/v1/x', { headers });
/** Checks the session of a fresh request (one request shares its check; a new one asks again). */
const check = (c: AppContext, headers: Record<string, string>) => requireUser(c, req(headers));

/**
 * Calls `fn` until it resolves to true: the signal through PostgreSQL comes when it comes (milliseconds, unless
 * the machine is busy). The wait cannot end by the rows' own age limit (MAX_AGE_MS, a minute): the rows were
 * kept during this test, and waitUntil gives up before the test's minute is over.
 */
const eventually = (what: string, fn: () => Promise<boolean>) => waitUntil(fn, { what });

describe(`session check kept between calls (${testDriver()})`, () => {
  it('logout, ending every session and a roles change bite on the very next call', async () => {
    expect(await sessionCacheReady(ctx.database)).toBe(true);
    const a = await createTestUser(ctx);
    const b = await createTestUser(ctx);
    for (let i = 0; i < 3; i++) expect((await check(ctx, a.headers)).roles).toEqual([]);
    await setUserRoles(ctx, a.user.email, ['admin']);
    expect((await check(ctx, a.headers)).roles).toEqual(['admin']);

    const { sid } = await check(ctx, a.headers);
    await revokeSession(ctx, sid, 'logout');
    await expect(check(ctx, a.headers)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    await check(ctx, b.headers);
    await revokeUserSessions(ctx, b.user.id, 'password_reset');
    await expect(check(ctx, b.headers)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.runIf(testDriver() === 'postgres')('another process on the same database refuses a session this one ended, and sees new roles', async () => {
    const other: Database = await openDatabase({ driver: 'postgres', url: ctx.database.url!, max: 2 });
    try {
      const ctx2: AppContext = { ...ctx, db: other.db, database: other };
      const a = await createTestUser(ctx);
      const b = await createTestUser(ctx);
      // The other process checks (and keeps) both sessions, listening for changes.
      expect(await sessionCacheReady(other)).toBe(true);
      for (let i = 0; i < 3; i++) {
        await check(ctx2, a.headers);
        await check(ctx2, b.headers);
      }
      await setUserRoles(ctx, b.user.email, ['admin']);
      await eventually('the other process to see the new roles', async () => (await check(ctx2, b.headers)).roles.includes('admin'));

      const { sid } = await check(ctx, a.headers);
      await revokeSession(ctx, sid, 'logout');
      const refused = () => check(ctx2, a.headers).then(() => false, (e: { code?: string }) => e.code === 'UNAUTHORIZED');
      await eventually('the other process to refuse the ended session', refused);
      // …and stays refused.
      expect(await refused()).toBe(true);
    } finally {
      await other.close();
    }
  });
});
