import 'server-only';
import { and, eq } from 'drizzle-orm';
import { normalizeArticle, type BasedPrice } from '@/lib/domain/catalog';
import { importResolveInput } from '@/lib/schemas/catalog';
import { catalogImportRows, catalogImports, catalogSupplierMatches } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findItem } from './model';
import { findImport, holdReady, notReady, summaryOf } from './import-model';
import { newPriceOf, oldPriceOf, priceStatus, type PreviewOptions } from './import-run';

/**
 * `catalog/import/resolve {importId, decisions: [{row, action, itemId?}]}` → `{summary}`: the review — a row takes
 * another item (`match`: its status then follows the price), becomes a new item (`create`) or is left out (`skip`).
 * Rows with errors cannot be resolved. The decisions are written only while the import is still `ready` (409).
 */
export const importResolve = defineCall({
  input: importResolveInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    if (imp.state !== 'ready') throw notReady();
    const checked = new Map<string, boolean>();
    for (const d of input.decisions) {
      if (d.action === 'match' && !checked.has(d.itemId!)) checked.set(d.itemId!, !!(await findItem(ctx.db, user.id, d.itemId!)));
      if (d.action === 'match' && !checked.get(d.itemId!)) {
        throw new ServiceError('VALIDATION_ERROR', `Строка ${d.row}: позиция не найдена.`, { fields: { decisions: 'Выберите позицию из номенклатуры.' } });
      }
    }
    const oldPrices = new Map<string, BasedPrice | null>();
    const opts = imp.options as unknown as PreviewOptions;
    await ctx.db.transaction(async (tx) => {
      if (!(await holdReady(tx as never, imp.id))) throw notReady();
      for (const d of input.decisions) {
        const at = and(eq(catalogImportRows.importId, imp.id), eq(catalogImportRows.row, d.row));
        const [r] = await tx.select().from(catalogImportRows).where(at);
        if (!r || r.status === 'error') continue;
        if (d.action === 'skip') await tx.update(catalogImportRows).set({ status: 'skip', create: false }).where(at);
        else if (d.action === 'create') await tx.update(catalogImportRows).set({ status: 'new', create: true, itemId: null, score: null, oldPriceKop: null, oldVatIncluded: null, oldVatRate: null }).where(at);
        else {
          // The supplier's current price of the item chosen: the one of another row matched to it, else looked up.
          let old = oldPrices.get(d.itemId!);
          if (old === undefined) {
            const [same] = await tx
              .select({ oldPriceKop: catalogImportRows.oldPriceKop, oldVatIncluded: catalogImportRows.oldVatIncluded, oldVatRate: catalogImportRows.oldVatRate })
              .from(catalogImportRows)
              .where(and(eq(catalogImportRows.importId, imp.id), eq(catalogImportRows.itemId, d.itemId!)))
              .limit(1);
            old = same ? oldPriceOf(same) : null;
            oldPrices.set(d.itemId!, old);
          }
          await tx
            .update(catalogImportRows)
            .set({
              itemId: d.itemId!,
              score: 1,
              create: false,
              oldPriceKop: old?.kop ?? null,
              oldVatIncluded: old?.vatIncluded ?? null,
              oldVatRate: old?.vatRate ?? null,
              status: priceStatus(old, newPriceOf({ priceKop: r.priceKop!, vatRate: r.vatRate }, opts)),
            })
            .where(at);
          // Remembered for this supplier: the article goes to this item in its next price lists.
          const article = normalizeArticle(r.article);
          if (article) {
            await tx
              .insert(catalogSupplierMatches)
              .values({ ownerId: user.id, supplierId: imp.supplierId, article, itemId: d.itemId! })
              .onConflictDoUpdate({
                target: [catalogSupplierMatches.ownerId, catalogSupplierMatches.supplierId, catalogSupplierMatches.article],
                set: { itemId: d.itemId!, updatedAt: new Date() },
              });
          }
        }
      }
      await tx.update(catalogImports).set({ summary: await summaryOf(tx as never, imp.id) }).where(eq(catalogImports.id, imp.id));
    });
    return { msg: 'Решения сохранены.', summary: await summaryOf(ctx.db, imp.id) };
  },
});
