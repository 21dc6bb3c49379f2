import 'server-only';
import { and, eq } from 'drizzle-orm';
import { importUploadInput, IMPORT_MAX_BYTES } from '@/lib/schemas/catalog';
import { moscowToday } from '@/lib/domain/format/date';
import { isTaxRegime, regimeVatPct, TAX_REGIME } from '@/lib/domain/tax-regimes';
import type { Db } from '../../db/client';
import { catalogImports, catalogSupplierMappings, companies } from '../../db/schema';
import { costRatesOn } from '../cost/rates';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkSupplier } from './model';
import { guessMapping } from './import-model';
import { fileError, fileRows, formatOf } from './import-read';
import { checkImportRoom, checkImportSize, dropSupersededFiles, importTooLargeMsg } from './import-storage';

const SAMPLE_ROWS = 6;

/**
 * Whether the supplier's prices are with VAT, and at what rate, to start the mapping step with: by the supplier's
 * tax regime (a VAT payer — with VAT at the regime's rate today; УСН, АУСН, ПСН, НПД — without), or, for a supplier
 * without a business regime («не применяется»), the choice made on this supplier's last import.
 */
async function vatDefault(db: Db, supplierId: string, last: Record<string, unknown> | undefined) {
  const [sup] = await db.select({ taxRegime: companies.taxRegime }).from(companies).where(eq(companies.id, supplierId));
  const regime = sup?.taxRegime;
  if (isTaxRegime(regime) && regime !== 'none') {
    const today = moscowToday();
    const r = await costRatesOn(db, today).catch(() => null);
    if (!r) return { vatIncluded: TAX_REGIME[regime].vat !== 'none', vatRate: 'none', from: 'regime' as const, regime: TAX_REGIME[regime].short };
    const pct = regimeVatPct(regime, (kind) => (kind === 'vat' ? r.vatGeneralPct : kind === 'vat_usn_5' ? r.vatUsn5Pct : r.vatUsn7Pct));
    return { vatIncluded: pct !== null, vatRate: pct ?? 'none', from: 'regime' as const, regime: TAX_REGIME[regime].short };
  }
  if (typeof last?.vatIncluded === 'boolean' && typeof last.vatRate === 'string') return { vatIncluded: last.vatIncluded, vatRate: last.vatRate, from: 'last' as const, regime: null };
  return { vatIncluded: false, vatRate: 'none', from: null, regime: null };
}

/**
 * `catalog/import/upload {supplierId, fileName, data}` → `{importId, format, columns, mapping, headerRow}`: keeps
 * the file for the preview and shows its first rows as columns with samples; the mapping is the one remembered for
 * the supplier, else guessed from the header; `vat` — with or without VAT to start with (`vatDefault`). Nothing in
 * the catalogue changes. The file: at most 20 МБ (413), within the owner's quota (413 `QUOTA_EXCEEDED`); earlier
 * unfinished imports of the supplier let go of theirs (import-storage.ts).
 */
export const importUpload = defineCall({
  input: importUploadInput,
  maxBody: Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
  tooLarge: importTooLargeMsg,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkSupplier(ctx.db, user.id, input.supplierId);
    const bytes = Buffer.from(input.data, 'base64');
    if (!bytes.length) throw fileError('Файл пустой.');
    checkImportSize(bytes);
    await checkImportRoom(ctx, user.id, bytes.length);
    const format = formatOf(bytes, input.fileName);
    const head: string[][] = [];
    for await (const r of fileRows(bytes, format, SAMPLE_ROWS + 1)) {
      head.push(r.cells);
      if (head.length > SAMPLE_ROWS) break;
    }
    if (!head.length) throw fileError('В файле нет ни одной строки.');
    const width = Math.max(...head.map((r) => r.length));
    const header = head[0]!;
    const columns = Array.from({ length: width }, (_, index) => ({ index, header: header[index] ?? '', samples: head.slice(1).map((r) => r[index] ?? '') }));
    const [remembered] = await ctx.db
      .select()
      .from(catalogSupplierMappings)
      .where(and(eq(catalogSupplierMappings.ownerId, user.id), eq(catalogSupplierMappings.supplierId, input.supplierId)));
    const vat = await vatDefault(ctx.db, input.supplierId, remembered?.options);
    const [row] = await ctx.db
      .insert(catalogImports)
      .values({ ownerId: user.id, supplierId: input.supplierId, fileName: input.fileName, format, data: bytes })
      .returning({ id: catalogImports.id });
    await dropSupersededFiles(ctx.db, user.id, input.supplierId, row!.id);
    return {
      msg: 'Файл загружен. Проверьте соответствие столбцов.',
      importId: row!.id,
      format,
      columns,
      mapping: remembered ? remembered.mapping : guessMapping(header),
      remembered: !!remembered,
      headerRow: remembered ? (remembered.options.headerRow as boolean | undefined) ?? true : true,
      vat,
    };
  },
});
