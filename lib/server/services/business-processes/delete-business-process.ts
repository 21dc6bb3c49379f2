import 'server-only';
import { processIdInput } from '@/lib/schemas/specification-calls';
import { and, eq } from 'drizzle-orm';
import { businessProcesses } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { processNotFound } from './model';

/** `business-processes/delete {id}` → `{}`. */
export const deleteBusinessProcess = defineCall({
  input: processIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const gone = await ctx.db
      .delete(businessProcesses)
      .where(and(eq(businessProcesses.id, input.id), eq(businessProcesses.ownerId, user.id)))
      .returning({ id: businessProcesses.id });
    if (!gone.length) throw processNotFound();
    return { msg: 'Набор процессов удалён' };
  },
});
