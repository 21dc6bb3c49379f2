import 'server-only';
import { and, eq } from 'drizzle-orm';
import { workCentreDeleteInput } from '@/lib/schemas/catalog';
import { workCentres } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findWorkCentre, processesUsing, workCentreConflict, workCentreNotFound } from './work-centres';

/** `catalog/work-centres/delete {id, version?}` → `{deleted: 1}`; one a business process uses → 409 WORK_CENTRE_IN_USE with `processSets`. */
export const deleteWorkCentre = defineCall({
  input: workCentreDeleteInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await findWorkCentre(ctx.db, user.id, input.id);
    if (!row) throw workCentreNotFound();
    if (input.version !== undefined && input.version !== row.version) throw workCentreConflict(row.version);
    const used = await processesUsing(ctx.db, user.id, row.id);
    if (used.length) {
      throw new ServiceError('WORK_CENTRE_IN_USE', `Рабочий центр используется в наборах процессов: ${used.map((p) => `«${p.name}»`).join(', ')}. Отправьте его в архив.`, {
        extra: { processSets: used.map((p) => ({ id: p.id, name: p.name })) },
      });
    }
    await ctx.db.delete(workCentres).where(and(eq(workCentres.id, row.id), eq(workCentres.ownerId, user.id)));
    return { msg: 'Рабочий центр удалён.', deleted: 1 };
  },
});
