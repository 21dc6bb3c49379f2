/**
 * CSV as Russian Excel and 1С write it: `;` between fields, CRLF, UTF-8 with a BOM, RFC 4180 quoting.
 * Pure functions: `toCsv` / `parseCsv` (the separator is detected from the header line).
 */

/** A file that is not CSV as read here; the message is the user's. */
export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvError';
  }
}

const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s()\-–]*$)/;

/** Protects a cell from being run as a formula by a spreadsheet (OWASP «CSV injection»). Phones stay as they are. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `guardCell` on import. */
function unguardCell(value: string): string {
  return /^'[=@+\-\t\r]/.test(value) ? value.slice(1) : value;
}

function quote(value: string, sep: string): string {
  const v = guardCell(value);
  return v.includes(sep) || /["\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Rows → CSV text with a BOM (Excel then reads it as UTF-8). */
export function toCsv(rows: readonly (readonly string[])[], sep = ';'): string {
  return `\ufeff${rows.map((r) => r.map((c) => quote(c, sep)).join(sep)).join('\r\n')}\r\n`;
}

/** `;`, `,` or tab — whichever occurs most in the first line outside quotes. */
export function detectSeparator(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let inQuotes = false;
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch]! += 1;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ';';
}

/**
 * CSV text → rows of cells (quotes removed, `""` → `"`, line breaks inside quotes kept). Empty lines are
 * dropped. Throws a CsvError with a Russian message on an unclosed quote. One linear pass.
 */
export function parseCsv(input: string, sep = detectSeparator(input.replace(/^\ufeff/, ''))): string[][] {
  const text = input.replace(/^\ufeff/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  let quotedCell = false;
  /** Whether the cell read so far is only spaces (kept as it grows: checking the cell at each quote is quadratic). */
  let blank = true;
  const endCell = () => {
    row.push(quotedCell ? cell : cell.trim());
    cell = '';
    quotedCell = false;
    blank = true;
  };
  const endRow = () => {
    endCell();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          inQuotes = false;
          blank = cell.trim() === ''; // once per quoted cell: as long as reading it was
        }
      } else cell += ch;
      continue;
    }
    if (ch === '"' && blank) {
      inQuotes = true;
      quotedCell = true;
      cell = '';
    } else if (ch === sep) endCell();
    else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else {
      if (blank && ch.trim() !== '') blank = false;
      cell += ch;
    }
  }
  if (inQuotes) throw new CsvError('В файле CSV не закрыта кавычка — проверьте файл.');
  if (cell !== '' || row.length > 0) endRow();
  return rows.map((r) => r.map(unguardCell));
}
