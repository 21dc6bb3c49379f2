import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { linkedAccounts, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { claimShareInvites } from '../files/share-invites';
import { hashPassword } from './password';

export type UserRow = typeof users.$inferSelect;

/** Every column of `auth_users` under its property name (a plain statement, no query building per call). */
const USER_COLUMNS = sql.join(
  Object.entries(getTableColumns(users)).map(([key, col]) => sql`${sql.identifier(col.name)} as ${sql.identifier(key)}`),
  sql`, `,
);

/** The one-row query of an address's account (also run inside a login's rate-limit statement). */
export const userByEmailQuery = (email: string): SQL =>
  sql`select ${USER_COLUMNS} from auth_users where email = ${email.trim().toLowerCase()} limit 1`;

/** A row of USER_COLUMNS as a UserRow; undefined for no row or an all-null row (no such account). */
export function userOfRow(row: Record<string, unknown> | undefined): UserRow | undefined {
  if (!row || row.id === null || row.id === undefined) return undefined;
  const user = row as unknown as UserRow;
  // Both drivers give timestamps as Date and text[] as arrays; normalise in case a driver gives strings.
  for (const k of ['createdAt', 'updatedAt'] as const) if (!(user[k] instanceof Date)) user[k] = new Date(user[k] as unknown as string);
  return user;
}

/** The account of an address (plain SQL: see bench/auth). */
export async function findUserByEmail(ctx: Pick<AppContext, 'db'>, email: string): Promise<UserRow | undefined> {
  const [row] = await rows<Record<string, unknown>>(ctx.db, userByEmailQuery(email));
  return userOfRow(row);
}

export async function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  patronymic?: string;
  roles?: string[];
  emailConfirmed?: boolean;
}

export const emailTaken = () =>
  new ServiceError('ALREADY_EXISTS', 'Пользователь с такой почтой уже зарегистрирован. Войдите или восстановите пароль.', {
    fields: { login: 'Эта почта уже зарегистрирована' },
  });

/**
 * Creates an account; a taken address answers ALREADY_EXISTS (also when two registrations race). Shares made to
 * the address before it had an account become the account's.
 */
export async function createUser(ctx: AppContext, input: NewUser): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const inserted = await ctx.db
    .insert(users)
    .values({
      id: randomUUID(),
      email,
      passwordHash,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      patronymic: input.patronymic ?? '',
      roles: input.roles ?? [],
      emailConfirmed: input.emailConfirmed ?? false,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const row = inserted[0];
  if (!row) throw emailTaken();
  await claimShareInvites(ctx, row.id, row.email);
  return row;
}

/** The `userinfo` object of getUserInfo / updateUserInfo. */
export async function userInfoOf(ctx: AppContext, user: UserRow) {
  const linked = await ctx.db
    .select({ provider: linkedAccounts.provider, displayName: linkedAccounts.displayName })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, user.id));
  return {
    sub: user.id,
    email: user.email,
    roles: user.roles,
    firstName: user.firstName,
    lastName: user.lastName,
    patronymic: user.patronymic,
    messengerLink: user.messengerLink,
    phone: user.phone,
    emailConfirmed: user.emailConfirmed,
    phoneConfirmed: user.phoneConfirmed,
    avatarFileId: user.avatarFileId,
    linkedAccounts: linked,
    pendingEmail: user.pendingEmail,
  };
}

/** What was last written per mirrored user, per database (no write while nothing changed). */
const mirrored = new WeakMap<AppContext['db'], Map<string, string>>();

/**
 * AUTH_BACK_URL mode: keeps a row for an upstream user (id = the token's `sub`, no password) so the
 * embedded services can own rows by it. An e-mail already held by another local account is not taken over.
 */
export async function mirrorUpstreamUser(ctx: AppContext, u: { id: string; email: string; roles: string[] }): Promise<void> {
  let seen = mirrored.get(ctx.db);
  if (!seen) mirrored.set(ctx.db, (seen = new Map()));
  const stamp = `${u.email}\n${u.roles.join('\n')}`;
  if (seen.get(u.id) === stamp) return;
  const placeholder = `upstream-${u.id}@users.invalid`.toLowerCase();
  const email = (u.email || placeholder).trim().toLowerCase();
  const write = (address: string) =>
    ctx.db
      .insert(users)
      .values({ id: u.id, email: address, roles: u.roles, emailConfirmed: true })
      .onConflictDoUpdate({ target: users.id, set: { email: address, roles: u.roles, updatedAt: new Date() } });
  try {
    await write(email);
  } catch {
    // The address belongs to another account of this database.
    await write(placeholder);
  }
  if (seen.size > 10_000) seen.clear();
  seen.set(u.id, stamp);
}
