import 'server-only';
import { workCentreCreateInput } from '@/lib/schemas/catalog';
import { workCentres } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { workCentreColumns, workCentreOnWire } from './work-centres';

/** `catalog/work-centres/create {name, kind?, hourlyRate, machineHourRate?, notes?, archived?}` → `{workCentre}`. */
export const createWorkCentre = defineCall({
  input: workCentreCreateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const [row] = await ctx.db.insert(workCentres).values({ ownerId: user.id, ...workCentreColumns(input) }).returning();
    return { msg: 'Рабочий центр добавлен.', workCentre: workCentreOnWire(row!) };
  },
});
