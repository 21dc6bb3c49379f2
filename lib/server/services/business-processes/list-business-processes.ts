import 'server-only';
import { listBusinessProcessesInput } from '@/lib/schemas/specification-calls';
import { desc, eq } from 'drizzle-orm';
import { businessProcesses } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { toWire } from './model';

/** `business-processes/list {}` → `{sets}` of the caller, last changed first, with totals per unit. */
export const listBusinessProcesses = defineCall({
  input: listBusinessProcessesInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const rows = await ctx.db
      .select()
      .from(businessProcesses)
      .where(eq(businessProcesses.ownerId, user.id))
      .orderBy(desc(businessProcesses.updatedAt));
    return { sets: rows.map(toWire) };
  },
});
