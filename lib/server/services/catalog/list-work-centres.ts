import 'server-only';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { workCentreListInput } from '@/lib/schemas/catalog';
import { workCentres } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { workCentreOnWire } from './work-centres';

/** `catalog/work-centres/list {archived?}` → `{workCentres}` by name. */
export const listWorkCentres = defineCall({
  input: workCentreListInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const where: SQL[] = [eq(workCentres.ownerId, user.id)];
    if (input.archived !== 'all') where.push(eq(workCentres.archived, input.archived === 'yes'));
    const rows = await ctx.db.select().from(workCentres).where(and(...where)).orderBy(asc(workCentres.name), asc(workCentres.id));
    return { workCentres: rows.map(workCentreOnWire) };
  },
});
