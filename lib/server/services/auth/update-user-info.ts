import 'server-only';
import { eq } from 'drizzle-orm';
import { updateUserInfoInput } from '@/lib/schemas/auth-calls';
import { users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { userOfBodyOrRequest } from './session-of-body';
import { userInfoOf } from './users';

export const updateUserInfo = defineCall({
  input: updateUserInfoInput,
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
