import 'server-only';
import { and, eq } from 'drizzle-orm';
import { groupDeleteInput } from '@/lib/schemas/catalog';
import { catalogGroups, catalogItems } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { groupNotFound } from './model';
import { findGroup, groupConflict } from './groups';

/** `catalog/groups/delete {id, version?}` → `{deleted: 1}`; a group with items or subgroups → 409 GROUP_NOT_EMPTY. */
export const deleteGroup = defineCall({
  input: groupDeleteInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const g = await findGroup(ctx.db, user.id, input.id);
    if (!g) throw groupNotFound();
    if (input.version !== undefined && input.version !== g.version) throw groupConflict(g.version);
    const [item] = await ctx.db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.groupId, g.id)).limit(1);
    const [child] = await ctx.db.select({ id: catalogGroups.id }).from(catalogGroups).where(eq(catalogGroups.parentId, g.id)).limit(1);
    if (item || child) {
      throw new ServiceError('GROUP_NOT_EMPTY', `В группе «${g.name}» есть ${item ? 'позиции' : 'подгруппы'}: перенесите их, затем удалите группу.`);
    }
    await ctx.db.delete(catalogGroups).where(and(eq(catalogGroups.id, g.id), eq(catalogGroups.ownerId, user.id)));
    return { msg: 'Группа удалена.', deleted: 1 };
  },
});
