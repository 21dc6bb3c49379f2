import 'server-only';
import type { AppContext } from '../../context';
import { startSession } from './sessions';
import type { UserRow } from './users';

/** The token answer of login / register / oauthLogin / telegramLogin. */
export async function tokenAnswer(
  ctx: AppContext,
  user: UserRow,
  opts: { remember?: boolean; ip: string; req: Request; msg: string },
) {
  const pair = await startSession(ctx, user, {
    remember: opts.remember,
    ip: opts.ip,
    userAgent: opts.req.headers.get('user-agent'),
  });
  return {
    msg: opts.msg,
    accessToken: pair.accessToken,
    refreshToken: pair.refreshToken,
    refreshTokenExpiresIn: pair.refreshMaxAge,
  };
}
