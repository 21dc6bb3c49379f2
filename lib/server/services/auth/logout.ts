import 'server-only';
import { defineCall } from '../../gateway/types';
import { accessTokenOf } from './require-user';
import { revokeSession, sessionOfRefreshToken } from './sessions';
import { verifyAccessToken } from './tokens';
import { logoutInput } from '@/lib/schemas/auth-calls';

/** Ends the session of the refresh token (or of the bearer when no refresh token is given). Idempotent. */
export const logout = defineCall({
  input: logoutInput,
  async handle({ input, ctx, req }) {
    let sessionId = input.refreshToken ? await sessionOfRefreshToken(ctx, input.refreshToken) : undefined;
    if (!sessionId) {
      const token = accessTokenOf(req);
      if (token) sessionId = await verifyAccessToken(ctx.db, token).then((c) => c.sid, () => undefined);
    }
    if (sessionId) await revokeSession(ctx, sessionId, 'logout');
    return { msg: 'Вы вышли' };
  },
});
