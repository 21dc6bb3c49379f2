// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/lib/server/db/schema';
import { requireUser } from '@/lib/server/services/auth/require-user';
import { findUserByEmail } from '@/lib/server/services/auth/users';
import { revokeSession } from '@/lib/server/services/auth/sessions';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.destroy();
});

const req = (headers: Record<string, string>, url = 'http://localhost/api/v1/x') => new Request(url, { headers });

describe(`requireUser (${testDriver()})`, () => {
  it('accepts the bearer and the accessToken cookie, with the roles from the database', async () => {
    const t = await createTestUser(ctx, { roles: ['admin'] });
    const byBearer = await requireUser(ctx, req(t.headers));
    expect(byBearer).toEqual({ id: t.user.id, email: t.user.email, roles: ['admin'], sid: expect.any(String) });
    const byCookie = await requireUser(ctx, req({ cookie: `theme=dark; accessToken=${t.accessToken}` }));
    expect(byCookie.id).toBe(t.user.id);
  });

  it('refuses no token, an empty bearer, a token in the query string, and a revoked session', async () => {
    const t = await createTestUser(ctx);
    await expect(requireUser(ctx, req({}))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(requireUser(ctx, req({ authorization: 'Bearer ' }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      requireUser(ctx, req({}, `http://localhost/api/v1/x?accessToken=${t.accessToken}&token=${t.accessToken}`)),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await requireUser(ctx, req(t.headers));
    await revokeSession(ctx, user.sid, 'logout');
    await expect(requireUser(ctx, req(t.headers))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a garbage token as INVALID_TOKEN', async () => {
    await expect(requireUser(ctx, req({ authorization: 'Bearer a.b.c' }))).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('findUserByEmail (plain SQL on the login path) answers the same row as the schema query', async () => {
    const t = await createTestUser(ctx, { roles: ['admin', 'super-admin'] });
    const [viaSchema] = await ctx.db.select().from(users).where(eq(users.id, t.user.id));
    expect(await findUserByEmail(ctx, ` ${t.user.email.toUpperCase()} `)).toEqual(viaSchema);
    expect(await findUserByEmail(ctx, 'nobody@example.ru')).toBeUndefined();
  });
});
