import 'server-only';
import { specIdInput } from '@/lib/schemas/specification-calls';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { specObject } from './access';
import { loadTree, reasonsOf } from './staleness';

/**
 * `specs/status {id}` → `{stale, nested: [{id, name, updatedAt}], processSet: {id, name, updatedAt} | null}`:
 * «цены устарели» — a nested specification (at any depth) changed after this one was last calculated
 * (saved); «требует пересчёта» — its business process changed after that.
 */
export const specificationStatus = defineCall({
  input: specIdInput,
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, id, 'read');
    const nodes = await loadTree(ctx.db, user.id, row);
    return reasonsOf(nodes, row.id);
  },
});
