import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { normalizeName } from '@/lib/domain/catalog';
import { okeiCodeOf } from '@/lib/domain/cost/okei';
import { importIdInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogImportRows, catalogImports, catalogItems, catalogPrices } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { touchPrices } from './add-price';
import { findImport, importState } from './import-model';
import type { PreviewOptions } from './import-run';

const BATCH = 1000;

/**
 * `catalog/import/apply {importId}` → `{applied: {prices, created}}`: in one transaction, new items for the rows
 * marked to create and a price row (valid from the preview's date) for every changed, new-and-created and matched
 * row; uncertain rows not reviewed, skipped rows, unchanged prices and errors are left out. Only a ready preview (409).
 */
export const importApply = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    const opts = imp.options as unknown as PreviewOptions;
    const result = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [claimed] = await tx
        .update(catalogImports)
        .set({ state: 'applied', appliedAt: sql`now()` as unknown as Date })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'ready')))
        .returning({ id: catalogImports.id });
      if (!claimed) throw importState(imp.state === 'applied' ? 'Этот импорт уже применён.' : 'Предпросмотр ещё не готов или импорт отменён.');
      const rows = await tx
        .select()
        .from(catalogImportRows)
        .where(and(eq(catalogImportRows.importId, imp.id), inArray(catalogImportRows.status, ['changed', 'new'])))
        .orderBy(asc(catalogImportRows.row));
      const created: string[] = [];
      const toCreate = rows.filter((r) => r.status === 'new' && r.create);
      for (let i = 0; i < toCreate.length; i += BATCH) {
        const part = toCreate.slice(i, i + BATCH);
        const ids = await tx
          .insert(catalogItems)
          .values(part.map((r) => ({ ownerId: user.id, name: r.name, nameNorm: normalizeName(r.name), article: r.article, unit: r.unit || 'шт', okei: okeiCodeOf(r.unit || 'шт') ?? '' })))
          .returning({ id: catalogItems.id });
        part.forEach((r, k) => (r.itemId = ids[k]!.id));
        created.push(...ids.map((x) => x.id));
      }
      const priced = rows.filter((r) => r.itemId && (r.status === 'changed' || r.create));
      for (let i = 0; i < priced.length; i += BATCH) {
        await tx.insert(catalogPrices).values(
          priced.slice(i, i + BATCH).map((r) => ({
            ownerId: user.id,
            itemId: r.itemId!,
            supplierId: imp.supplierId,
            priceKop: r.priceKop!,
            vatIncluded: opts.vatIncluded,
            vatRate: r.vatRate ?? opts.vatRate,
            validFrom: opts.validFrom,
            importId: imp.id,
          })),
        );
      }
      await touchPrices(tx, user.id, priced.map((r) => r.itemId!));
      await tx.update(catalogImports).set({ createdItems: created, data: null }).where(eq(catalogImports.id, imp.id));
      return { prices: priced.length, created: created.length };
    });
    return { msg: `Импорт применён: цен — ${result.prices}, новых позиций — ${result.created}.`, applied: result };
  },
});
