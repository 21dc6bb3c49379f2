import 'server-only';
import { z } from 'zod';
import { defineCall } from '../../gateway/types';
import { rotateRefreshToken } from './sessions';

export const regenerateTokens = defineCall({
  input: z.object({ refreshToken: z.string({ message: 'Нет токена обновления — войдите снова.' }).min(1).max(200) }),
  async handle({ input, ctx }) {
    const pair = await rotateRefreshToken(ctx, input.refreshToken);
    return {
      msg: 'Токены обновлены',
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      refreshTokenExpiresIn: pair.refreshMaxAge,
    };
  },
});
