import 'server-only';
import { defineCall } from '../../gateway/types';
import { rotateRefreshToken } from './sessions';
import { regenerateTokensInput } from '@/lib/schemas/auth-calls';

export const regenerateTokens = defineCall({
  input: regenerateTokensInput,
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
