import { randomBytes } from 'node:crypto';
import type { AppContext } from '@/lib/server/context';
import { startSession } from '@/lib/server/services/auth/sessions';
import { createUser, type UserRow } from '@/lib/server/services/auth/users';

export interface TestUser {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
  /** Headers of a signed-in request: bearer + JSON. */
  headers: Record<string, string>;
}

/**
 * Integration tests of any area: a fresh user with a real session (through the auth use cases) and a valid
 * bearer for requests. Uses a fast password so tests do not pay argon2 more than once per user.
 */
export async function createTestUser(
  ctx: AppContext,
  opts: { email?: string; roles?: string[]; password?: string; remember?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? `u-${randomBytes(6).toString('hex')}@example.ru`;
  const user = await createUser(ctx, {
    email,
    password: opts.password ?? 'Пароль-для-теста-1',
    roles: opts.roles ?? [],
    emailConfirmed: true,
  });
  const session = await startSession(ctx, user, { remember: opts.remember });
  return {
    user,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
  };
}
