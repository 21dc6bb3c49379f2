import 'server-only';
import { getFileInfoInput } from '@/lib/schemas/files';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { toWire } from './model';

/** One object with its path from the top (the caller's view: a shared subtree starts where the share is). */
export const getFileInfoCall = defineCall({
  input: getFileInfoInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row, access, visiblePath } = await resolveObject(ctx.db, user.id, input.id, 'read');
    // `root` names a parent only when the caller may see it (a share root's parent is not theirs to know).
    const object = { ...toWire(row, access), root: visiblePath.at(-1)?.id ?? (access === 'owner' ? row.parentId : null) };
    return { object, path: visiblePath };
  },
});
