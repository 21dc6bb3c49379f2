import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { reasonsOf } from '../specifications/staleness';
import { loadOwnerGraph } from './graph';

/**
 * `catalog/stale {}` → `{specs: [{id, name, items, nested, processSet}]}`: every specification of the owner that is
 * out of date — prices of catalogue items it uses (directly, or through a semi-finished good) or its process set
 * changed after it was last calculated — by name.
 */
export const listStale = defineCall({
  input: staleListInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const nodes = await loadOwnerGraph(ctx.db, user.id);
    const specs = [];
    for (const [id, n] of nodes) {
      const r = reasonsOf(nodes, id);
      if (r.stale) specs.push({ id, name: n.row.name, items: r.items, nested: r.nested, processSet: r.processSet });
    }
    specs.sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    return { specs };
  },
});
