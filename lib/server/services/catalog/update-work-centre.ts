import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { workCentreUpdateInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { workCentres } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findWorkCentre, specsUsingCentre, spreadRates, workCentreColumns, workCentreConflict, workCentreNotFound, workCentreOnWire } from './work-centres';

/**
 * `catalog/work-centres/update {id, version, …}` → `{workCentre, processSets, specs}`: stale → 409. A changed rate
 * is copied into every business-process step pointing at the centre in the same transaction (`processSets`); the
 * specifications with an operation on the centre (`specs`) are calculated at it from now on and are «цены
 * устарели» until recalculated. A new name or notes do neither.
 */
export const updateWorkCentre = defineCall({
  input: workCentreUpdateInput,
  async handle({ input: { id, version, data }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const before = await findWorkCentre(ctx.db, user.id, id);
    if (!before) throw workCentreNotFound();
    const next = workCentreColumns(data);
    const rateChanged = next.hourlyRateKop !== before.hourlyRateKop || next.machineHourRateKop !== before.machineHourRateKop;
    const { row, processSets } = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(workCentres)
        .set({
          ...next,
          version: sql`${workCentres.version} + 1`,
          updatedAt: sql`now()`,
          ratesChangedAt: rateChanged ? sql`now()` : sql`${workCentres.ratesChangedAt}`,
        })
        .where(and(eq(workCentres.id, id), eq(workCentres.ownerId, user.id), eq(workCentres.version, version)))
        .returning();
      if (!row) throw workCentreConflict(before.version === version ? version + 1 : before.version);
      return { row, processSets: rateChanged ? await spreadRates(tx as unknown as Db, user.id, row) : [] };
    });
    const specs = rateChanged ? await specsUsingCentre(ctx.db, user.id, id) : [];
    const told = [
      processSets.length ? `Новые ставки переданы в наборы процессов: ${processSets.length}.` : '',
      specs.length ? `Спецификации, чьи операции идут по этому центру, считаются по новым ставкам и отмечены «цены устарели»: ${specs.length}.` : '',
    ].filter(Boolean);
    return { msg: ['Сохранено.', ...told].join(' '), workCentre: workCentreOnWire(row), processSets, specs };
  },
});
