import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { moscowToday } from '@/lib/domain/format/date';
import { importPreviewInput } from '@/lib/schemas/catalog';
import { catalogImports, catalogSupplierMappings } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importState } from './import-model';
import { runPreview } from './import-run';

/**
 * `catalog/import/preview {importId, mapping, headerRow?, validFrom?, vatIncluded?, vatRate?}` → `{importId, state:
 * 'parsing'}`: reads the file in the background (progress by `catalog/import/status`) and remembers the mapping for
 * the supplier (with the VAT choice). Again on a prepared preview: prepared anew. Not while it is being read or after it was applied (409).
 */
export const importPreview = defineCall({
  input: importPreviewInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    const opts = { mapping: input.mapping, headerRow: input.headerRow, validFrom: input.validFrom ?? moscowToday(), vatIncluded: input.vatIncluded, vatRate: input.vatRate };
    const [claimed] = await ctx.db
      .update(catalogImports)
      .set({ state: 'parsing', options: opts, progressDone: 0, progressTotal: 0, summary: null, error: null })
      .where(and(eq(catalogImports.id, imp.id), inArray(catalogImports.state, ['uploaded', 'ready', 'failed'])))
      .returning({ id: catalogImports.id });
    if (!claimed) throw importState(imp.state === 'parsing' ? 'Файл ещё читается — дождитесь конца.' : imp.state === 'applying' ? 'Импорт применяется — дождитесь конца.' : 'Этот импорт уже применён или отменён: загрузите файл снова.');
    const remembered = { headerRow: input.headerRow, vatIncluded: input.vatIncluded, vatRate: input.vatRate };
    await ctx.db
      .insert(catalogSupplierMappings)
      .values({ ownerId: user.id, supplierId: imp.supplierId, mapping: input.mapping, options: remembered })
      .onConflictDoUpdate({
        target: [catalogSupplierMappings.ownerId, catalogSupplierMappings.supplierId],
        set: { mapping: input.mapping, options: remembered, updatedAt: new Date() },
      });
    void runPreview(ctx, user.id, imp.id, opts);
    return { msg: 'Файл читается.', importId: imp.id, state: 'parsing' as const };
  },
});
