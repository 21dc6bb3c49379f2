import 'server-only';
import { z } from 'zod';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { userOfBodyOrRequest } from './session-of-body';
import { findUserById, userInfoOf } from './users';

export const getUserInfo = defineCall({
  input: z.object({ accessToken: z.string().max(8192).optional() }),
  async handle({ input, ctx, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    const user = await findUserById(ctx, me.id);
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    return { userinfo: await userInfoOf(ctx, user) };
  },
});
