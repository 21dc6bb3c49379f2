import 'server-only';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { notyMarkReadInput } from '@/lib/schemas/noty';
import { markRead, unreadCount } from './store';

/** Marks the caller's notifications read (`ids`, or `all: true`); answers how many stay unread. */
export const markReadCall = defineCall({
  input: notyMarkReadInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await markRead(ctx, user.id, input);
    return { msg: 'Прочитано', unread: await unreadCount(ctx, user.id) };
  },
});
