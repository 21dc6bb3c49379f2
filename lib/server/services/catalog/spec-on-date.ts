import 'server-only';
import { calculateCost, isCostError, type SpecDocument } from '@/lib/domain/cost';
import { Dec } from '@/lib/domain/money';
import { specOnDateInput } from '@/lib/schemas/catalog';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { withProcessSet } from '../cost/calculate-cost';
import { defaultParamsFor } from '../cost/defaults';
import { collectSpecs, specDocOf } from '../cost/load-specs';
import { costRatesOn } from '../cost/rates';
import { specObject } from '../specifications/access';
import { priceDocuments } from './apply-catalog';

async function fullCost(ctx: AppContext, userId: string, id: string, spec: SpecDocument, nested: Map<string, SpecDocument>, date: string) {
  const defaults = await defaultParamsFor(ctx.db, userId);
  const rates = await costRatesOn(ctx.db, date);
  const root = await withProcessSet(ctx, userId, spec);
  const withSets = new Map<string, SpecDocument>();
  for (const [k, d] of nested) withSets.set(k, d.processSetId ? await withProcessSet(ctx, userId, d) : d);
  try {
    return calculateCost(root, defaults.params, { rates, resolve: (k) => withSets.get(k), rootId: id, nestedLines: false }).perUnit.fullCost;
  } catch (e) {
    if (isCostError(e)) throw new ServiceError(e.code, e.message);
    throw e;
  }
}

/**
 * `catalog/spec-on-date {id, date}` → `{date, lines, savedCost, costOnDate, changePct}`: «Цена на дату» — the
 * specification's catalogue lines priced on `date` (the item's price then, or `missing`: the saved price stays;
 * nested semi-finished goods priced the same way) and its полная себестоимость per unit then against the one saved.
 * Nothing is saved.
 */
export const specOnDate = defineCall({
  input: specOnDateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const spec = specDocOf(row);
    const nested = await collectSpecs(ctx.db, user.id, spec, {});
    const savedCost = await fullCost(ctx, user.id, row.id, spec, nested, input.date);
    const priced = await priceDocuments(ctx.db, user.id, spec, nested, input.date);
    const costOnDate = await fullCost(ctx, user.id, row.id, priced.root, priced.nested, input.date);
    const changePct = new Dec(savedCost).isZero() ? null : new Dec(costOnDate).minus(savedCost).div(savedCost).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
    const lines = priced.lines.map((l) => ({
      lineId: l.lineId,
      itemId: l.itemId,
      name: l.name,
      unit: l.unit,
      qty: l.qty,
      savedPrice: l.savedPrice,
      price: l.price?.price ?? null,
      priceIncludesVat: l.price?.vatIncluded ?? null,
      vatRate: l.price?.vatRate ?? null,
      supplierName: l.price?.supplierName ?? null,
      validFrom: l.price?.validFrom ?? null,
      missing: l.missing,
    }));
    return { date: input.date, lines, savedCost, costOnDate, changePct };
  },
});
