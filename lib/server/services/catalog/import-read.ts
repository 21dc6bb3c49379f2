import 'server-only';
import { IMPORT_MAX_ROWS } from '@/lib/schemas/catalog';
import { ServiceError } from '../../errors';
import { readXlsxNumbered } from '../../office/xlsx';

/**
 * Reading supplier price lists row by row, bounded: at most `IMPORT_MAX_ROWS` data rows and `MAX_COLS` columns
 * are read (the rest of a row is ignored), the caller yields to other requests between batches. CSV: UTF-8 (with
 * or without a BOM) or Windows-1251, `;`, `,` or tab between fields, RFC 4180 quotes. XLSX: the first sheet,
 * read by the shared XLSX reader on its worker thread, within its bounds (time, unpacked size, XML depth, cells).
 */

export const MAX_COLS = 50;
export type ImportFormat = 'csv' | 'xlsx';

export const fileError = (msg: string) => new ServiceError('IMPORT_FILE', msg, { fields: { data: msg } });

export function formatOf(bytes: Uint8Array, fileName: string): ImportFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (/\.xlsx?$/i.test(fileName)) throw fileError('Файл не похож на книгу Excel (XLSX) или повреждён. Старый формат XLS не поддерживается — сохраните файл как XLSX или CSV.');
  return 'csv';
}

/** The text of a CSV file: UTF-8 when it is valid UTF-8, else Windows-1251. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw fileError('Файл не похож на текст CSV: в нём двоичные данные.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

function separatorOf(text: string): string {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((s) => [s, line.split(s).length - 1] as const);
  const [best, n] = counts.sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ';';
}

/** CSV rows (1-based numbers as in the file, empty lines skipped). */
export function* csvRows(text: string): Generator<{ row: number; cells: string[] }> {
  const sep = separatorOf(text);
  let line = 1;
  let rowStart = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  let i = 0;
  const endCell = () => {
    if (cells.length < MAX_COLS) cells.push(wasQuoted ? cell : cell.trim());
    cell = '';
    wasQuoted = false;
  };
  while (i <= text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === undefined) throw fileError(`Строка ${rowStart}: кавычка не закрыта до конца файла.`);
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        if (cell.length < 10_000) cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (ch === sep) endCell();
    else if (ch === '\n' || ch === '\r' || ch === undefined) {
      endCell();
      if (cells.some((c) => c !== '')) yield { row: rowStart, cells };
      cells = [];
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      rowStart = line;
    } else if (cell.length < 10_000) cell += ch;
    i++;
  }
}

/** XLSX rows of the first sheet (1-based numbers as in the book, empty rows skipped), read by the bounded XLSX worker. */
export async function xlsxRows(bytes: Uint8Array): Promise<{ row: number; cells: string[] }[]> {
  try {
    return await readXlsxNumbered(bytes);
  } catch (e) {
    throw fileError(e instanceof Error ? e.message : 'Файл не похож на книгу Excel (XLSX) или повреждён.');
  }
}

/** Rows of the file, whatever its format; more than `IMPORT_MAX_ROWS` (+ header) → 422. */
export async function* fileRows(bytes: Uint8Array, format: ImportFormat): AsyncGenerator<{ row: number; cells: string[] }> {
  let n = 0;
  const source = format === 'xlsx' ? await xlsxRows(bytes) : csvRows(decodeCsv(bytes));
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
