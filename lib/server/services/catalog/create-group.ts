import 'server-only';
import { groupCreateInput } from '@/lib/schemas/catalog';
import { catalogGroups } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkParent, groupOnWire } from './groups';

/** `catalog/groups/create {name, parentId?}` → `{group}`. */
export const createGroup = defineCall({
  input: groupCreateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkParent(ctx.db, user.id, input.parentId);
    const [g] = await ctx.db.insert(catalogGroups).values({ ownerId: user.id, name: input.name, parentId: input.parentId }).returning();
    return { msg: 'Группа создана.', group: groupOnWire(g!) };
  },
});
