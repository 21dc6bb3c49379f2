import 'server-only';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { accessTokenOf, notSignedIn, userOfToken } from '../auth/require-user';
import { resolveObject } from './access';
import { objectByLink } from './file-links';
import type { ObjectRow } from './model';

/**
 * Who asks for bytes (GET /file, GET /files): the signed-in user if the bearer header or the cookie
 * carries a valid token, else nobody. A bad token is remembered and reported only if nothing else grants access.
 */
async function viewerOf(ctx: AppContext, req: Request): Promise<{ userId: string | null; tokenError?: unknown }> {
  const token = accessTokenOf(req);
  if (!token) return { userId: null };
  try {
    return { userId: (await userOfToken(ctx, token)).id };
  } catch (e) {
    return { userId: null, tokenError: e };
  }
}

/**
 * An object the request may read: through `?link=…` (&`grant=` for a link with a password), or the
 * viewer's own rights (owner, share, public). Not signed in and nothing granted → 401; signed in → 404.
 */
export async function readableObject(ctx: AppContext, req: Request, objectId: string): Promise<ObjectRow> {
  const url = new URL(req.url);
  const link = url.searchParams.get('link');
  if (link) return objectByLink(ctx.db, link, objectId, url.searchParams.get('grant'));
  const viewer = await viewerOf(ctx, req);
  try {
    return (await resolveObject(ctx.db, viewer.userId, objectId, 'read')).row;
  } catch (e) {
    if (viewer.userId === null && e instanceof ServiceError && e.code === 'NOT_FOUND') throw viewer.tokenError ?? notSignedIn();
    throw e;
  }
}
