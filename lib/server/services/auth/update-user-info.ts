import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messengerLinkSchema, personNameSchema } from '@/lib/schemas/auth';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { userOfBodyOrRequest } from './session-of-body';
import { userInfoOf } from './users';

export const updateUserInfo = defineCall({
  input: z.object({
    accessToken: z.string().max(8192).optional(),
    userinfo: z
      .object({
        firstName: personNameSchema.firstName.optional(),
        lastName: personNameSchema.lastName.optional(),
        patronymic: personNameSchema.patronymic.optional(),
        messengerLink: messengerLinkSchema.optional(),
        avatarFileId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'Неверный идентификатор файла' })
          .nullable()
          .optional(),
      })
      .strict(),
  }),
  async handle({ input, ctx, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    const changes = Object.fromEntries(Object.entries(input.userinfo).filter(([, v]) => v !== undefined));
    const [user] = await ctx.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, me.id))
      .returning();
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    return { msg: 'Данные сохранены', userinfo: await userInfoOf(ctx, user) };
  },
});
