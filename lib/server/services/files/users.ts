import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The user with this login (e-mail, case-insensitive), or null. */
export async function userByLogin(db: Db, login: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} = ${login.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** id → e-mail for the given users. */
export async function loginsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.email]));
}
