import 'server-only';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { userOfBodyOrRequest } from './session-of-body';
import { findUserById, userInfoOf } from './users';
import { getUserInfoInput } from '@/lib/schemas/auth-calls';

export const getUserInfo = defineCall({
  input: getUserInfoInput,
  async handle({ input, ctx, req }) {
    const me = await userOfBodyOrRequest(ctx, req, input.accessToken);
    const user = await findUserById(ctx, me.id);
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    return { userinfo: await userInfoOf(ctx, user) };
  },
});
