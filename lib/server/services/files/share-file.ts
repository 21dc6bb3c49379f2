import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { emailSchema } from '@/lib/schemas/auth';
import { type FileShare, listSharesInput, shareFileInput, unshareFileInput } from '@/lib/schemas/files';
import { fileShares } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { notify } from '../noty/notify';
import { resolveObject } from './access';
import { objectHref, sharedWhat } from '@/lib/domain/noty/links';
import { invitesOf, inviteToShare, withdrawInvite } from './share-invites';
import { loginsOf, userByLogin } from './users';

const noAccess = () => new ServiceError('NOT_FOUND', 'У этого пользователя нет доступа.', { fields: { login: 'Доступа нет.' } });

/**
 * Shares an object with a user by login, `read` or `edit`; sharing again changes the right. Owner only. An address
 * with no account gets an invitation and the same answer, so sharing never tells who is registered.
 */
export const shareFileCall = defineCall({
  input: shareFileInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const target = await userByLogin(ctx.db, input.login);
    if (!target) {
      const email = emailSchema.safeParse(input.login);
      if (!email.success) {
        const msg = email.error.issues[0]?.message ?? 'Введите адрес почты в формате name@example.ru';
        throw new ServiceError('VALIDATION_ERROR', msg, { fields: { login: msg } });
      }
      await inviteToShare(ctx, req, { object: row, email: email.data, access: input.access, owner: user });
      return { msg: `Доступ открыт: ${email.data}` };
    }
    if (target.id === row.ownerId) {
      throw new ServiceError('VALIDATION_ERROR', 'Нельзя поделиться с самим собой.', { fields: { login: 'Это вы.' } });
    }
    await ctx.db
      .insert(fileShares)
      .values({ objectId: row.id, userId: target.id, access: input.access })
      .onConflictDoUpdate({ target: [fileShares.objectId, fileShares.userId], set: { access: input.access, createdAt: sql`now()` } });
    await notify(
      ctx,
      target.id,
      'share',
      `С вами поделились ${sharedWhat(row)}`,
      `Владелец: ${user.email}. Доступ: ${input.access === 'edit' ? 'просмотр и изменение' : 'только просмотр'}.`,
      objectHref(row),
    );
    return { msg: `Доступ открыт: ${target.email}` };
  },
});

/** Withdraws a user's share. Owner only. */
export const unshareFileCall = defineCall({
  input: unshareFileInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const target = await userByLogin(ctx.db, input.login);
    if (!target) {
      const email = input.login.trim().toLowerCase();
      if (!(await withdrawInvite(ctx, row.id, email))) throw noAccess();
      return { msg: `Доступ закрыт: ${email}` };
    }
    const gone = await ctx.db
      .delete(fileShares)
      .where(and(eq(fileShares.objectId, row.id), eq(fileShares.userId, target.id)))
      .returning({ userId: fileShares.userId });
    if (gone.length === 0) throw noAccess();
    return { msg: `Доступ закрыт: ${target.email}` };
  },
});

/** Who the object is shared with (owner only), invitations among them: `shares: [{login, access, created_at}]`. */
export const listSharesCall = defineCall({
  input: listSharesInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const [found, invited] = await Promise.all([
      ctx.db.select().from(fileShares).where(eq(fileShares.objectId, row.id)),
      invitesOf(ctx, row.id),
    ]);
    const logins = await loginsOf(ctx.db, found.map((s) => s.userId));
    const all = [...found.map((s) => ({ login: logins.get(s.userId) ?? '', access: s.access, createdAt: s.createdAt })), ...invited];
    all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.login.localeCompare(b.login));
    return {
      shares: all.map((s): FileShare => ({ login: s.login, access: s.access as FileShare['access'], created_at: s.createdAt.toISOString() })),
    };
  },
});
