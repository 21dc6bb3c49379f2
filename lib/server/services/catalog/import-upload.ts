import 'server-only';
import { and, eq } from 'drizzle-orm';
import { importUploadInput, IMPORT_MAX_BYTES } from '@/lib/schemas/catalog';
import { catalogImports, catalogSupplierMappings } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { checkSupplier } from './model';
import { guessMapping } from './import-model';
import { fileError, fileRows, formatOf } from './import-read';

const SAMPLE_ROWS = 6;

/**
 * `catalog/import/upload {supplierId, fileName, data}` → `{importId, format, columns, mapping, headerRow}`: keeps
 * the file for the preview and shows its first rows as columns with samples; the mapping is the one remembered for
 * the supplier, else guessed from the header. Nothing in the catalogue changes.
 */
export const importUpload = defineCall({
  input: importUploadInput,
  maxBody: Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    await checkSupplier(ctx.db, user.id, input.supplierId);
    const bytes = Buffer.from(input.data, 'base64');
    if (!bytes.length) throw fileError('Файл пустой.');
    if (bytes.length > IMPORT_MAX_BYTES) throw fileError('Файл больше 20 МБ.');
    const format = formatOf(bytes, input.fileName);
    const head: string[][] = [];
    for await (const r of fileRows(bytes, format)) {
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
    const [row] = await ctx.db
      .insert(catalogImports)
      .values({ ownerId: user.id, supplierId: input.supplierId, fileName: input.fileName, format, data: bytes })
      .returning({ id: catalogImports.id });
    return {
      msg: 'Файл загружен. Проверьте соответствие столбцов.',
      importId: row!.id,
      format,
      columns,
      mapping: remembered ? remembered.mapping : guessMapping(header),
      remembered: !!remembered,
      headerRow: remembered ? (remembered.options.headerRow as boolean | undefined) ?? true : true,
    };
  },
});
