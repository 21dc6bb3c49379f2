import 'server-only';
import { processIdInput } from '@/lib/schemas/specification-calls';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { specsMentioning } from '../specifications/mentioning';
import { businessProcessRow, processNotFound } from './model';

/**
 * `business-processes/linked {id}` → `{specs: [{id, name, stale}]}`: the caller's specifications that take
 * their operations from this process; `stale` — the process changed after the specification was last
 * calculated (saved).
 */
export const linkedSpecifications = defineCall({
  input: processIdInput,
  async handle({ input: { id }, req, ctx }) {
    const user = await requireUser(ctx, req);
    const set = await businessProcessRow(ctx.db, user.id, id);
    if (!set) throw processNotFound();
    const specs = (await specsMentioning(ctx.db, user.id, id))
      .filter((c) => c.doc.processSetId === id)
      .map((c) => ({ id: c.id, name: c.name, stale: set.updatedAt.getTime() > c.updatedAt.getTime() }));
    return { specs };
  },
});
