import 'server-only';
import { itemCreateInput } from '@/lib/schemas/catalog';
import { catalogItems } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkRefs, itemColumns } from './model';
import { itemAnswer } from './prices';

/** `catalog/items/create {…item}` → `{item}`. */
export const createItem = defineCall({
  input: itemCreateInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkRefs(ctx.db, user.id, input);
    const [row] = await ctx.db
      .insert(catalogItems)
      .values({ ownerId: user.id, ...itemColumns(input), name: input.name, nameNorm: itemColumns(input).nameNorm!, unit: input.unit })
      .returning();
    return { msg: 'Позиция добавлена.', item: await itemAnswer(ctx.db, user.id, row!) };
  },
});
