import 'server-only';
import { specCostsInput as input } from '@/lib/schemas/specification-calls';
import { calculateCost, isCostError, type SpecDocument } from '@/lib/domain/cost';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { withProcessSet } from '../cost/calculate-cost';
import { defaultParamsFor } from '../cost/defaults';
import { collectSpecs, specDocOf } from '../cost/load-specs';
import { costRatesOn } from '../cost/rates';
import { rateDocuments } from '../catalog/work-centre-rates';
import { moscowToday } from '@/lib/domain/format/date';
import { specObject } from './access';
import { specStaleness } from './staleness';

interface SpecCostItem {
  id: string;
  /** Полная себестоимость of one unit by the caller's default parameters (kopecks, "1234.56"); null on error. */
  fullCost: string | null;
  unit: string;
  outputQty: string;
  /** Why it could not be calculated (Russian), or null. */
  error: string | null;
  stale: boolean;
  nested: { id: string; name: string; updatedAt: string }[];
  processSet: { id: string; name: string; updatedAt: string } | null;
  /** Catalogue items (work centres) it uses whose prices (rates) changed after it was saved. */
  items: { id: string; name: string; changedAt: string }[];
}

/**
 * `specs/costs {ids}` → `{items: [...], defaults, date}`: for one page of the specifications list, the current
 * полная себестоимость per unit of each (the caller's default parameters — the first own company with costing,
 * else the saved defaults — today's rates, both read once, and the work centres' current rates, as `cost/calculate`)
 * and whether it is out of date («цены устарели» / «требует пересчёта», as `specs/status`). Nested specifications
 * read for one are reused for the next. A specification that cannot be calculated or read has `error` instead of a figure.
 */
export const specificationCosts = defineCall({
  input,
  async handle({ input: { ids }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const defaults = await defaultParamsFor(ctx.db, user.id);
    const date = moscowToday();
    const rates = await costRatesOn(ctx.db, date);
    const cache: Record<string, SpecDocument> = {};
    const items: SpecCostItem[] = [];
    for (const id of [...new Set(ids)]) {
      const item: SpecCostItem = { id, fullCost: null, unit: '', outputQty: '1', error: null, stale: false, nested: [], processSet: null, items: [] };
      items.push(item);
      try {
        const row = await specObject(ctx.db, user.id, id, 'read');
        Object.assign(item, await specStaleness(ctx.db, user.id, row));
        let spec = specDocOf(row);
        item.unit = spec.unit;
        item.outputQty = spec.outputQty ?? '1';
        const stored = await collectSpecs(ctx.db, user.id, spec, cache);
        for (const [k, v] of stored) cache[k] = v;
        // Operations linked to a work centre at its current rate, as `cost/calculate` takes them.
        const rated = await rateDocuments(ctx.db, user.id, spec, stored);
        const specs = rated.nested;
        spec = await withProcessSet(ctx, user.id, rated.root);
        const withSets = new Map<string, SpecDocument>();
        for (const [k, doc] of specs) withSets.set(k, doc.processSetId ? await withProcessSet(ctx, user.id, doc) : doc);
        const result = calculateCost(spec, defaults.params, { rates, resolve: (k) => withSets.get(k), rootId: id, nestedLines: false });
        item.fullCost = result.perUnit.fullCost;
      } catch (e) {
        if (e instanceof ServiceError || isCostError(e)) item.error = e.message;
        else throw e;
      }
    }
    return { items, defaults: defaults.source, date };
  },
});
