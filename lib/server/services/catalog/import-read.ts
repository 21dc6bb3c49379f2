import 'server-only';
import { IMPORT_MAX_ROWS } from '@/lib/schemas/catalog';
import { ServiceError } from '../../errors';
import { csvRowsOf } from '../../office/parse';
import { readXlsxNumbered } from '../../office/xlsx';

/**
 * Reading supplier price lists row by row, bounded: at most `IMPORT_MAX_ROWS` data rows and 50 columns are read
 * (the rest of a row is ignored), the caller yields to other requests between batches. Both formats are read on
 * worker threads, so a large or hostile file never holds other requests. CSV (`lib/domain/catalog/price-csv.ts`,
 * on the parse worker): UTF-8 (with or without a BOM) or Windows-1251, `;`, `,` or tab between fields, RFC 4180
 * quotes. XLSX: the first sheet, read by the shared XLSX reader on its worker thread, within its bounds (time,
 * unpacked size, XML depth, cells).
 */

export type ImportFormat = 'csv' | 'xlsx';

export const fileError = (msg: string) => new ServiceError('IMPORT_FILE', msg, { fields: { data: msg } });

export function formatOf(bytes: Uint8Array, fileName: string): ImportFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (/\.xlsx?$/i.test(fileName)) throw fileError('Файл не похож на книгу Excel (XLSX) или повреждён. Старый формат XLS не поддерживается — сохраните файл как XLSX или CSV.');
  return 'csv';
}

/** XLSX rows of the first sheet (1-based numbers as in the book, empty rows skipped), read by the bounded XLSX worker. */
export async function xlsxRows(bytes: Uint8Array): Promise<{ row: number; cells: string[] }[]> {
  try {
    return await readXlsxNumbered(bytes);
  } catch (e) {
    throw fileError(e instanceof Error ? e.message : 'Файл не похож на книгу Excel (XLSX) или повреждён.');
  }
}

/** CSV rows of the file (1-based numbers as in the file, empty lines skipped), at most `maxRows`, read on the parse worker. */
async function* csvFileRows(bytes: Uint8Array, maxRows: number): AsyncGenerator<{ row: number; cells: string[] }> {
  try {
    yield* csvRowsOf(bytes, maxRows);
  } catch (e) {
    throw fileError(e instanceof Error ? e.message : 'Файл не похож на текст CSV или повреждён.');
  }
}

/**
 * Rows of the file, whatever its format; more than `IMPORT_MAX_ROWS` (+ header) → 422. `maxRows` — the rows the
 * caller needs at most (a preview of the first ones): a CSV file is read no further.
 */
export async function* fileRows(bytes: Uint8Array, format: ImportFormat, maxRows = IMPORT_MAX_ROWS + 2): AsyncGenerator<{ row: number; cells: string[] }> {
  let n = 0;
  const source = format === 'xlsx' ? await xlsxRows(bytes) : csvFileRows(bytes, maxRows);
  for await (const r of source) {
    if (++n > IMPORT_MAX_ROWS + 1) throw fileError(`В файле больше ${IMPORT_MAX_ROWS.toLocaleString('ru-RU')} строк — разделите его на части.`);
    yield r;
  }
}

/** Column letters as Excel names them (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
