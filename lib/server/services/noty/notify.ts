import 'server-only';
import type { AppContext } from '../../context';
import { log } from '../../log';
import { NOTY_LIMITS, type NotyKind } from '@/lib/domain/noty/kinds';
import { mutedKinds } from './settings';
import { insertNotification } from './store';

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The product tells a user something happened (a share, an upload, a change upstream…): stored and sent to
 * the user's open streams, unless the user switched this kind off in the profile. Never fails the use case
 * that calls it: a notification that could not be written is logged and dropped. Answers the id, or null.
 */
export async function notify(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  kind: NotyKind,
  title: string,
  body = '',
  link = '',
): Promise<number | null> {
  try {
    if ((await mutedKinds(ctx, userId)).includes(kind)) return null;
    return await insertNotification(ctx, {
      userId,
      kind,
      title: cut(title, NOTY_LIMITS.title),
      body: cut(body, NOTY_LIMITS.body),
      link: link.length <= NOTY_LIMITS.link ? link : '',
    });
  } catch (err) {
    log.error(`notify ${kind} for ${userId} failed`, err);
    return null;
  }
}
