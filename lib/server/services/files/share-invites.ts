import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { objectHref, sharedWhat } from '@/lib/domain/noty/links';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { fileShareInvites } from '../../db/schema';
import { isServiceError } from '../../errors';
import { log } from '../../log';
import { sendMail, siteUrl } from '../auth/mail';
import { hitLimit } from '../auth/rate-limit';
import { notify } from '../noty/notify';

/** Invitation letters one owner may send in an hour; past it the share is kept and the letter skipped. */
const LETTERS_PER_HOUR = 20;

const accessRu = (access: string) => (access === 'edit' ? 'просмотр и изменение' : 'только просмотр');

interface SharedObject {
  id: string;
  name: string;
  type: string;
  kind: string;
}

/**
 * A share to an address with no account: kept as an invitation (sharing again changes the right), answered by
 * the caller exactly as a share, and announced by a letter with a registration link. Letters to placeholder
 * addresses (`…@users.invalid`) and past the owner's hourly allowance are not sent.
 */
export async function inviteToShare(
  ctx: AppContext,
  req: Request,
  o: { object: SharedObject; email: string; access: string; owner: { id: string; email: string } },
): Promise<void> {
  await ctx.db
    .insert(fileShareInvites)
    .values({ objectId: o.object.id, email: o.email, access: o.access, invitedBy: o.owner.id })
    .onConflictDoUpdate({ target: [fileShareInvites.objectId, fileShareInvites.email], set: { access: o.access, createdAt: sql`now()` } });
  if (o.email.endsWith('@users.invalid')) return;
  try {
    await hitLimit(ctx, 'shareInvite', o.owner.id, { max: LETTERS_PER_HOUR, windowS: 3600 });
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'RATE_LIMITED') throw err;
    log.info(`share invitation letter skipped: owner ${o.owner.id} is past ${LETTERS_PER_HOUR} an hour`);
    return;
  }
  const product = ctx.env.PRODUCT_NAME;
  // Not awaited: a share to a registered user does not wait for a mail server either, so the time of the answer
  // tells nothing.
  void sendMail(ctx, {
    to: o.email,
    subject: `Вам открыли доступ — ${product}`,
    text:
      `Здравствуйте!\n\nПользователь ${o.owner.email} поделился с вами ${sharedWhat(o.object)} (${product}). ` +
      `Доступ: ${accessRu(o.access)}.\n\nЧтобы открыть, зарегистрируйтесь с этим адресом почты по ссылке:\n` +
      `${siteUrl(ctx, req, '/auth?mode=register')}\n\nПосле регистрации это будет в разделе «Доступные мне».` +
      `\n\n— ${product}\nЕсли вы не знаете этого человека, просто удалите письмо.`,
  }).catch((err: unknown) => log.error('share invitation letter failed', err));
}

/** Invitations of an object as `[{login, access, createdAt}]`, to be listed with its shares. */
export async function invitesOf(ctx: AppContext, objectId: string) {
  const found = await ctx.db.select().from(fileShareInvites).where(eq(fileShareInvites.objectId, objectId));
  return found.map((i) => ({ login: i.email, access: i.access, createdAt: i.createdAt }));
}

/** Withdraws an invitation; true when there was one. */
export async function withdrawInvite(ctx: AppContext, objectId: string, email: string): Promise<boolean> {
  const gone = await ctx.db
    .delete(fileShareInvites)
    .where(and(eq(fileShareInvites.objectId, objectId), eq(fileShareInvites.email, email)))
    .returning({ email: fileShareInvites.email });
  return gone.length > 0;
}

/**
 * An account now has this address (a new account, or an address change it confirmed): its invitations become
 * shares, each announced as a share is.
 */
export async function claimShareInvites(ctx: AppContext, userId: string, email: string): Promise<void> {
  const claimed = await rows<SharedObject & { access: string; ownerEmail: string | null }>(
    ctx.db,
    sql`with gone as (
          delete from files_share_invites where email = ${email.trim().toLowerCase()} returning object_id, access
        ), added as (
          insert into files_shares (object_id, user_id, access)
          select g.object_id, ${userId}, g.access from gone g
            join files_objects o on o.id = g.object_id and o.owner_id <> ${userId}
          on conflict (object_id, user_id) do nothing
          returning object_id, access
        )
        select o.id, o.name, o.type, o.kind, a.access, u.email as "ownerEmail"
        from added a join files_objects o on o.id = a.object_id left join auth_users u on u.id = o.owner_id`,
  );
  for (const c of claimed) {
    await notify(ctx, userId, 'share', `С вами поделились ${sharedWhat(c)}`, `Владелец: ${c.ownerEmail ?? ''}. Доступ: ${accessRu(c.access)}.`, objectHref(c));
  }
}
