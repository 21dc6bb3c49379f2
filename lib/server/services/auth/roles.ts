import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { userChanged } from './session-cache';
import { findUserByEmail } from './users';

/** A role's name: lower-case Latin letters, digits and hyphens, starting with a letter, at most 40. */
export const ROLE_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Replaces the roles of the user with this address (an admin's action; it holds at once, as the calls that
 * check a session read roles from the database). Answers the roles set, or null when there is no such user.
 */
export async function setUserRoles(ctx: Pick<AppContext, 'db'>, email: string, roles: string[]): Promise<string[] | null> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return null;
  const next = [...new Set(roles)];
  await ctx.db.update(users).set({ roles: next, updatedAt: new Date() }).where(eq(users.id, user.id));
  await userChanged(ctx, user.id);
  return next;
}
