import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { ITEM_TYPE_TITLES, importRowTypeInput } from '@/lib/schemas/catalog';
import { catalogImportRows } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, holdReady, notReady } from './import-model';

/**
 * `catalog/import/row-type {importId, rows, type}` → `{updated}`: the type of the items the listed rows create on
 * apply. Only rows without a match (`new`) take it — a matched row's item keeps its own type; written only while the
 * import is still `ready` (409).
 */
export const importRowType = defineCall({
  input: importRowTypeInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    if (imp.state !== 'ready') throw notReady();
    const updated = await ctx.db.transaction(async (tx) => {
      if (!(await holdReady(tx as never, imp.id))) throw notReady();
      const done = await tx
        .update(catalogImportRows)
        .set({ itemType: input.type })
        .where(and(eq(catalogImportRows.importId, imp.id), eq(catalogImportRows.status, 'new'), inArray(catalogImportRows.row, [...new Set(input.rows)])))
        .returning({ row: catalogImportRows.row });
      return done.length;
    });
    return { msg: `Тип «${ITEM_TYPE_TITLES[input.type]}»: строк — ${updated}.`, updated };
  },
});
