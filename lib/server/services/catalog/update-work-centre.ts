import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { workCentreUpdateInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { workCentres } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findWorkCentre, spreadRates, workCentreColumns, workCentreConflict, workCentreNotFound, workCentreOnWire } from './work-centres';

/**
 * `catalog/work-centres/update {id, version, …}` → `{workCentre, processSets}`: stale → 409. A changed rate is
 * copied into every business-process step pointing at the centre in the same transaction (`processSets`) and
 * makes the specifications using the centre «цены устарели»; a new name or notes do neither.
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
    const msg = processSets.length ? `Сохранено. Новые ставки переданы в наборы процессов: ${processSets.length}.` : 'Сохранено.';
    return { msg, workCentre: workCentreOnWire(row), processSets };
  },
});
