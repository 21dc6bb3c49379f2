import 'server-only';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { notyListInput } from '@/lib/schemas/noty';
import { listNotifications, unreadCount } from './store';

/** A page of the caller's notifications, newest first (`before`: the next page), and how many are unread. */
export const listCall = defineCall({
  input: notyListInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const [notifications, unread] = await Promise.all([
      listNotifications(ctx, user.id, { unreadOnly: input.unreadOnly, limit: input.limit ?? 20, before: input.before }),
      unreadCount(ctx, user.id),
    ]);
    return { msg: 'Уведомления', notifications, unread };
  },
});
