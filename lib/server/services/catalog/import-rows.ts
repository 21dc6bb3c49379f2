import 'server-only';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { kopToRub, priceChange, vatBasisText } from '@/lib/domain/catalog';
import { importRowsInput, type ImportRow, type ImportRowStatus, type ItemType } from '@/lib/schemas/catalog';
import { catalogImportRows } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport } from './import-model';
import { itemNames, newPriceOf, oldPriceOf, type PreviewOptions } from './import-run';

const STATUS = { changed: 'changed', uncertain: 'uncertain', new: 'new', errors: 'error', unchanged: 'unchanged' } as const;

/** `catalog/import/rows {importId, filter?, offset?, limit?}` → `{rows, total}`: one page of the preview, in file order. */
export const importRows = defineCall({
  input: importRowsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    const where: SQL[] = [eq(catalogImportRows.importId, imp.id)];
    if (input.filter !== 'all') where.push(eq(catalogImportRows.status, STATUS[input.filter]));
    const cond = and(...where);
    const [{ total }] = (await ctx.db.select({ total: count() }).from(catalogImportRows).where(cond)) as [{ total: number }];
    const rows = await ctx.db.select().from(catalogImportRows).where(cond).orderBy(asc(catalogImportRows.row)).offset(input.offset).limit(input.limit);
    const names = await itemNames(ctx.db, user.id, rows.map((r) => r.itemId).filter((x): x is string => !!x));
    const opts = imp.options as unknown as PreviewOptions;
    const out: ImportRow[] = rows.map((r) => {
      const old = oldPriceOf(r);
      const next = r.priceKop === null ? null : newPriceOf({ priceKop: r.priceKop, vatRate: r.vatRate }, opts);
      return {
        row: r.row,
        article: r.article,
        name: r.name,
        unit: r.unit,
        price: r.priceKop === null ? null : kopToRub(r.priceKop),
        status: r.status as ImportRowStatus,
        itemId: r.itemId,
        itemName: r.itemId ? (names.get(r.itemId) ?? null) : null,
        score: r.score,
        oldPrice: old === null ? null : kopToRub(old.kop),
        changePct: next === null ? null : priceChange(old, next).pct,
        oldVat: old === null ? null : vatBasisText(old),
        vat: next === null ? null : vatBasisText(next),
        create: r.create,
        type: (r.itemType as ItemType | null) ?? null,
        error: r.error,
      };
    });
    return { rows: out, total: Number(total) };
  },
});
