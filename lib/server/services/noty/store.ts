import 'server-only';
import { and, count, desc, eq, inArray, isNull, lt, gt, asc, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { notyNotifications } from '../../db/schema';
import type { NotificationItem } from '@/lib/schemas/noty';
import { signalSql } from './hub';

type Row = typeof notyNotifications.$inferSelect;

export const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt ? r.readAt.toISOString() : null,
});

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  body?: string;
  link?: string;
}

/**
 * Stores a notification and, in the same statement, signals it with the whole object to every process
 * (delivered when the statement commits). The time is kept to the millisecond, as the wire writes it, so the
 * signalled object and the listed one are the same.
 */
export async function insertNotification(ctx: Pick<AppContext, 'db'>, n: NewNotification): Promise<number> {
  const [row] = await rows<{ id: string | number }>(
    ctx.db,
    sql`with n as (
      insert into noty_notifications (user_id, kind, title, body, link, created_at)
      values (${n.userId}, ${n.kind}, ${n.title}, ${n.body ?? ''}, ${n.link ?? ''}, date_trunc('milliseconds', now()))
      returning id, user_id, kind, title, body, link, created_at
    )
    select n.id, ${signalSql(sql`json_build_object('t', 'n', 'userId', n.user_id, 'n', json_build_object(
      'id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body, 'link', n.link,
      'created_at', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'read_at', null))::text`)}
    from n`,
  );
  return Number(row!.id);
}

/** A page of a user's notifications, newest first. */
export async function listNotifications(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  opts: { unreadOnly?: boolean; limit: number; before?: number },
): Promise<NotificationItem[]> {
  const t = notyNotifications;
  const found = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), opts.unreadOnly ? isNull(t.readAt) : undefined, opts.before ? lt(t.id, opts.before) : undefined))
    .orderBy(desc(t.id))
    .limit(opts.limit);
  return found.map(toItem);
}

/** What a stream missed: the user's notifications after `afterId`, oldest first (at most `limit`). */
export async function notificationsAfter(ctx: Pick<AppContext, 'db'>, userId: string, afterId: number, limit: number): Promise<NotificationItem[]> {
  const t = notyNotifications;
  const found = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), gt(t.id, afterId)))
    .orderBy(asc(t.id))
    .limit(limit);
  return found.map(toItem);
}

/** The id of a user's newest notification (0 when none). */
export async function newestId(ctx: Pick<AppContext, 'db'>, userId: string): Promise<number> {
  const t = notyNotifications;
  const [row] = await ctx.db.select({ id: t.id }).from(t).where(eq(t.userId, userId)).orderBy(desc(t.id)).limit(1);
  return row?.id ?? 0;
}

export async function unreadCount(ctx: Pick<AppContext, 'db'>, userId: string): Promise<number> {
  const t = notyNotifications;
  const [row] = await ctx.db.select({ n: count() }).from(t).where(and(eq(t.userId, userId), isNull(t.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks a user's notifications read (the given ids, or all); ids of other users change nothing. */
export async function markRead(ctx: Pick<AppContext, 'db'>, userId: string, which: { ids?: number[]; all?: true }): Promise<void> {
  const t = notyNotifications;
  if (!which.all && !which.ids?.length) return;
  await ctx.db
    .update(t)
    .set({ readAt: new Date() })
    .where(and(eq(t.userId, userId), isNull(t.readAt), which.all ? undefined : inArray(t.id, which.ids!)));
}
