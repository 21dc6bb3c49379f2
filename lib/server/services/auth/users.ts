import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { linkedAccounts, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { hashPassword } from './password';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
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

/** Creates an account; a taken address answers ALREADY_EXISTS (also when two registrations race). */
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
  return row;
}

/** The `userinfo` object of getUserInfo / updateUserInfo (API.md §2). */
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
