import 'server-only';
import { and, eq } from 'drizzle-orm';
import { itemDeleteInput } from '@/lib/schemas/catalog';
import { catalogItems } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findItem, itemConflict, itemNotFound } from './model';
import { specsUsingItem } from './usage';

/**
 * `catalog/items/delete {id, version?}` → `{deleted: 1}` with its price rows. An item a specification uses is
 * refused: 409 ITEM_IN_USE with `specs` (archive it instead); a stale `version` is a 409 CONFLICT.
 */
export const deleteItem = defineCall({
  input: itemDeleteInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await findItem(ctx.db, user.id, input.id);
    if (!row) throw itemNotFound();
    if (input.version !== undefined && input.version !== row.version) throw itemConflict(row.version);
    const specs = await specsUsingItem(ctx.db, user.id, row.id);
    if (specs.length) {
      const names = specs.slice(0, 5).map((s) => `«${s.name}»`).join(', ');
      const more = specs.length > 5 ? ` и ещё ${specs.length - 5}` : '';
      throw new ServiceError('ITEM_IN_USE', `Позиция используется в спецификациях: ${names}${more}. Удалить её нельзя — отправьте её в архив.`, {
        extra: { specs: specs.map(({ id, name }) => ({ id, name })) },
      });
    }
    const gone = await ctx.db
      .delete(catalogItems)
      .where(and(eq(catalogItems.id, row.id), eq(catalogItems.ownerId, user.id), eq(catalogItems.version, row.version)))
      .returning({ id: catalogItems.id });
    if (!gone.length) throw itemConflict(row.version + 1);
    return { msg: 'Позиция удалена.', deleted: 1 };
  },
});
