import 'server-only';
import { eq } from 'drizzle-orm';
import { setFileModeInput } from '@/lib/schemas/files';
import { fileObjects } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { notFound, toWire } from './model';

/**
 * private (default) / public: a public object (and what is inside a public folder) is readable by anyone by
 * its id. A change of access, not of the content: the version and the time of the last change stay.
 */
export const setFileModeCall = defineCall({
  input: setFileModeInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'owner');
    const [updated] = await ctx.db
      .update(fileObjects)
      .set({ mode: input.mode })
      .where(eq(fileObjects.id, row.id))
      .returning();
    if (!updated) throw notFound();
    return { object: toWire(updated, 'owner') };
  },
});
