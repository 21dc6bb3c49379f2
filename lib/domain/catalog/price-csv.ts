import { CsvError } from '@/lib/domain/requisites/csv';

/**
 * Supplier price lists in CSV, read row by row and bounded: at most `MAX_COLS` cells a row (the rest is ignored),
 * at most 10 000 characters a cell. UTF-8 (with or without a BOM) or Windows-1251, `;`, `,` or tab between fields
 * (whichever the first line holds most), RFC 4180 quotes. One linear pass: a file of nothing but line breaks or
 * separators costs its length once. Refusals are `CsvError`s with a Russian message.
 */

export const MAX_COLS = 50;
const MAX_CELL = 10_000;

export interface CsvRow {
  /** The row's line in the file, 1-based. */
  row: number;
  cells: string[];
}

/** The text of a CSV file: UTF-8 when it is valid UTF-8, else Windows-1251. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new CsvError('Файл не похож на текст CSV: в нём двоичные данные.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** The separator the first line holds most of (`;` when it holds none); counted, not split. */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n|$/);
  const counts = new Map([[';', 0], ['\t', 0], [',', 0]]);
  for (let i = 0; i < end; i++) {
    const n = counts.get(text[i]!);
    if (n !== undefined) counts.set(text[i]!, n + 1);
  }
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ';';
}

/** CSV rows (1-based numbers as in the file, empty lines skipped). */
export function* csvRows(text: string): Generator<CsvRow> {
  const sep = separatorOf(text);
  let line = 1;
  let rowStart = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  /** Whether the cell read so far is only spaces (kept as it grows: checking the cell at each quote is quadratic). */
  let blank = true;
  let i = 0;
  const endCell = () => {
    if (cells.length < MAX_COLS) cells.push(wasQuoted ? cell : cell.trim());
    cell = '';
    wasQuoted = false;
    blank = true;
  };
  while (i <= text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === undefined) throw new CsvError(`Строка ${rowStart}: кавычка не закрыта до конца файла.`);
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        blank = cell.trim() === ''; // once per quoted cell: as long as reading it was
      } else {
        if (ch === '\n') line++;
        if (cell.length < MAX_CELL) cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && blank) {
      quoted = true;
      wasQuoted = true;
      blank = false;
      cell = '';
    } else if (ch === sep) endCell();
    else if (ch === '\n' || ch === '\r' || ch === undefined) {
      endCell();
      if (cells.some((c) => c !== '')) yield { row: rowStart, cells };
      cells = [];
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      rowStart = line;
    } else {
      if (blank && ch.trim() !== '') blank = false;
      if (cell.length < MAX_CELL) cell += ch;
    }
    i++;
  }
}
