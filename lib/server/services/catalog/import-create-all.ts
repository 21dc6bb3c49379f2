import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { importCreateAllInput } from '@/lib/schemas/catalog';
import { catalogImportRows } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, holdReady, notReady, summaryOf } from './import-model';

/** `catalog/import/create-all {importId, create}` → `{summary}`: every row without a match becomes a new item on apply (`create: true`) or is left out; written only while the import is still `ready` (409). */
export const importCreateAll = defineCall({
  input: importCreateAllInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    if (imp.state !== 'ready') throw notReady();
    await ctx.db.transaction(async (tx) => {
      if (!(await holdReady(tx as never, imp.id))) throw notReady();
      await tx
        .update(catalogImportRows)
        .set({ create: input.create })
        .where(and(eq(catalogImportRows.importId, imp.id), inArray(catalogImportRows.status, ['new'])));
    });
    return { msg: input.create ? 'Новые позиции будут созданы.' : 'Строки без совпадений будут пропущены.', summary: await summaryOf(ctx.db, imp.id) };
  },
});
