import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { groupUpdateInput } from '@/lib/schemas/catalog';
import { catalogGroups } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { groupNotFound } from './model';
import { checkParent, findGroup, groupConflict, groupOnWire } from './groups';

/** `catalog/groups/update {id, version, name, parentId}` → `{group}`: rename or move (not under itself: 422 GROUP_CYCLE); stale → 409. */
export const updateGroup = defineCall({
  input: groupUpdateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkParent(ctx.db, user.id, input.parentId, input.id);
    const [g] = await ctx.db
      .update(catalogGroups)
      .set({ name: input.name, parentId: input.parentId, version: sql`${catalogGroups.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(catalogGroups.id, input.id), eq(catalogGroups.ownerId, user.id), eq(catalogGroups.version, input.version)))
      .returning();
    if (!g) {
      const current = await findGroup(ctx.db, user.id, input.id);
      if (!current) throw groupNotFound();
      throw groupConflict(current.version);
    }
    return { msg: 'Группа сохранена.', group: groupOnWire(g) };
  },
});
