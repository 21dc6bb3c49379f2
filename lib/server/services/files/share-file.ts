import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { type FileShare, listSharesInput, shareFileInput, unshareFileInput } from '@/lib/schemas/files';
import { fileShares } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { notify } from '../noty/notify';
import { resolveObject } from './access';
import { objectHref, sharedWhat } from '@/lib/domain/noty/links';
import { loginsOf, userByLogin } from './users';

const noSuchUser = () =>
  new ServiceError('NOT_FOUND', 'Пользователь с таким логином не найден.', { fields: { login: 'Пользователь не найден.' } });

/** Shares an object with a user by login, `read` or `edit`; sharing again changes the right. Owner only. */
export const shareFileCall = defineCall({
  input: shareFileInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const target = await userByLogin(ctx.db, input.login);
    if (!target) throw noSuchUser();
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
    if (!target) throw noSuchUser();
    const gone = await ctx.db
      .delete(fileShares)
      .where(and(eq(fileShares.objectId, row.id), eq(fileShares.userId, target.id)))
      .returning({ userId: fileShares.userId });
    if (gone.length === 0) throw new ServiceError('NOT_FOUND', 'У этого пользователя нет доступа.', { fields: { login: 'Доступа нет.' } });
    return { msg: `Доступ закрыт: ${target.email}` };
  },
});

/** Who the object is shared with (owner only): `shares: [{login, access, created_at}]`. */
export const listSharesCall = defineCall({
  input: listSharesInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const found = await ctx.db.select().from(fileShares).where(eq(fileShares.objectId, row.id)).orderBy(fileShares.createdAt);
    const logins = await loginsOf(ctx.db, found.map((s) => s.userId));
    return {
      shares: found.map((s): FileShare => ({ login: logins.get(s.userId) ?? '', access: s.access as FileShare['access'], created_at: s.createdAt.toISOString() })),
    };
  },
});
