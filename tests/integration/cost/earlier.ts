import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '@/lib/server/context';
import { businessProcesses, fileObjects } from '@/lib/server/db/schema';

/**
 * Moves every stored object and process set of `ownerId` a second back in time, their order kept: what is saved
 * next has then changed after all of them, however fast the machine. Staleness compares update times as read
 * (to the millisecond), so two saves in the same millisecond compare equal; a sleep between them only made that
 * unlikely.
 */
export async function aSecondEarlier(ctx: AppContext, ownerId: string): Promise<void> {
  await ctx.db
    .update(fileObjects)
    .set({ updatedAt: sql`${fileObjects.updatedAt} - interval '1 second'` })
    .where(eq(fileObjects.ownerId, ownerId));
  await ctx.db
    .update(businessProcesses)
    .set({ updatedAt: sql`${businessProcesses.updatedAt} - interval '1 second'` })
    .where(eq(businessProcesses.ownerId, ownerId));
}
