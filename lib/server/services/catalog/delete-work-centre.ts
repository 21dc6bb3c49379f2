import 'server-only';
import { and, eq } from 'drizzle-orm';
import { workCentreDeleteInput } from '@/lib/schemas/catalog';
import { workCentres } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findWorkCentre, processesUsing, specsUsingCentre, workCentreConflict, workCentreNotFound } from './work-centres';

/**
 * `catalog/work-centres/delete {id, version?}` → `{deleted: 1}`; one a business process or an operation of a
 * specification uses → 409 WORK_CENTRE_IN_USE with `processSets` and `specs` (archive it instead).
 */
export const deleteWorkCentre = defineCall({
  input: workCentreDeleteInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await findWorkCentre(ctx.db, user.id, input.id);
    if (!row) throw workCentreNotFound();
    if (input.version !== undefined && input.version !== row.version) throw workCentreConflict(row.version);
    const used = await processesUsing(ctx.db, user.id, row.id);
    const specs = await specsUsingCentre(ctx.db, user.id, row.id);
    if (used.length || specs.length) {
      const names = (list: { name: string }[]) => list.slice(0, 5).map((x) => `«${x.name}»`).join(', ') + (list.length > 5 ? ` и ещё ${list.length - 5}` : '');
      const where = [used.length ? `в наборах процессов: ${names(used)}` : '', specs.length ? `в операциях спецификаций: ${names(specs)}` : ''].filter(Boolean).join('; ');
      throw new ServiceError('WORK_CENTRE_IN_USE', `Рабочий центр используется ${where}. Удалить его нельзя — отправьте его в архив.`, {
        extra: { processSets: used.map((p) => ({ id: p.id, name: p.name })), specs },
      });
    }
    await ctx.db.delete(workCentres).where(and(eq(workCentres.id, row.id), eq(workCentres.ownerId, user.id)));
    return { msg: 'Рабочий центр удалён.', deleted: 1 };
  },
});
