import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { staleListInput } from '@/lib/schemas/catalog';
import { catalogGroups, catalogItems } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { groupOnWire } from './groups';
import { itemVisible } from './pending';

/** `catalog/groups/list {}` → `{groups}`: every group of the owner (flat, with `parentId` and the count of its own items), by name. */
export const listGroups = defineCall({
  input: staleListInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const rows = await ctx.db.select().from(catalogGroups).where(eq(catalogGroups.ownerId, user.id)).orderBy(asc(catalogGroups.name));
    const counts = await ctx.db
      .select({ groupId: catalogItems.groupId, n: count() })
      .from(catalogItems)
      .where(and(eq(catalogItems.ownerId, user.id), itemVisible()))
      .groupBy(catalogItems.groupId);
    const byGroup = new Map(counts.map((c) => [c.groupId, Number(c.n)]));
    return { groups: rows.map((g) => groupOnWire(g, byGroup.get(g.id) ?? 0)) };
  },
});
