import 'server-only';
import { saveBusinessProcessInput } from '@/lib/schemas/specification-calls';
import { and, eq, sql } from 'drizzle-orm';
import { businessProcesses } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { notifyProcessChanged } from '../noty/product-events';
import { businessProcessRow, processConflict, processNotFound, toWire } from './model';

/**
 * `business-processes/save {id?, version?, name, steps}` → `{set}`: a new process without `id`. With `version`
 * the update is conditional in SQL (`… and version = $v`), so of parallel saves from one version exactly one is
 * written and the others get 409 CONFLICT with the current `version`; without it the save overwrites.
 */
export const saveBusinessProcess = defineCall({
  input: saveBusinessProcessInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const steps = JSON.parse(JSON.stringify(input.steps)) as Record<string, unknown>[];
    if (!input.id) {
      const [row] = await ctx.db.insert(businessProcesses).values({ ownerId: user.id, name: input.name, steps }).returning();
      return { msg: 'Набор процессов сохранён', set: toWire(row!) };
    }
    const where = [eq(businessProcesses.id, input.id), eq(businessProcesses.ownerId, user.id)];
    if (input.version !== undefined) where.push(eq(businessProcesses.version, input.version));
    const [row] = await ctx.db
      .update(businessProcesses)
      .set({ name: input.name, steps, version: sql`${businessProcesses.version} + 1`, updatedAt: sql`now()` })
      .where(and(...where))
      .returning();
    if (!row) {
      const cur = await businessProcessRow(ctx.db, user.id, input.id);
      if (!cur) throw processNotFound();
      throw processConflict(cur.version);
    }
    await notifyProcessChanged(ctx, user.id, row);
    return { msg: 'Набор процессов сохранён', set: toWire(row) };
  },
});
