import 'server-only';
import type { AppContext } from '../../context';
import { requireUser, userOfToken, type SessionUser } from './require-user';

/** Calls of docs/api.md that carry `accessToken` in the body: the body wins, else the bearer / cookie. */
export function userOfBodyOrRequest(ctx: AppContext, req: Request, accessToken: string | undefined): Promise<SessionUser> {
  return accessToken ? userOfToken(ctx, accessToken) : requireUser(ctx, req);
}
