import 'server-only';
import { itemIdInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findItem, itemNotFound } from './model';
import { specsUsingItem } from './usage';

/** `catalog/items/where-used {id}` → `{specs: [{id, name, lines}]}`: the owner's specifications with lines pointing at the item. */
export const itemWhereUsed = defineCall({
  input: itemIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    if (!(await findItem(ctx.db, user.id, input.id))) throw itemNotFound();
    return { specs: await specsUsingItem(ctx.db, user.id, input.id) };
  },
});
