/**
 * A workbook as plain data, before any XLSX library sees it: sheets of rows of cells, each number kept as the
 * exact decimal string it came from, each formula with the value it must show (cached in the cell, so that a
 * viewer which does not recalculate shows the same figure). `lib/client/office/xlsx-book.ts` turns it into a
 * file with styles, widths, a frozen header and the A4 landscape page setup.
 */
import { Dec, formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';

/**
 * How a number is shown: `money` «1 234,56 ₽», `price` a unit price with two to four decimals «2 000,00»,
 * «0,6967» (the cell keeps all its digits),
 * `pct` a fraction as «30,00 %», `qty` as typed, `int` whole.
 */
export type XFormat = 'money' | 'price' | 'pct' | 'qty' | 'int';

export type XCell =
  | null
  | string
  | { n: string; fmt: XFormat }
  /** A formula (without «=») and the value it gives; `v` null — an empty result (a percentage of zero). */
  | { f: string; v: string | null; fmt: XFormat };

/**
 * `title` — the sheet's heading; `header` — a table's column titles; `subtotal` — a bold total; `section` — a
 * table's caption; `note` — a label and its value in the heading (its text spills over empty cells to the right
 * and does not widen the columns).
 */
export type XRowKind = 'title' | 'header' | 'subtotal' | 'section' | 'note';

export interface XRow {
  cells: XCell[];
  kind?: XRowKind;
}

export interface XSheet {
  name: string;
  rows: XRow[];
  /** Rows above this 1-based row stay in place when scrolling (the first table's header included). */
  freezeBelow?: number;
  /** Columns (0-based) with long text: capped width, wrapped. */
  wrap?: number[];
}

export interface XBook {
  sheets: XSheet[];
}

/** Excel's column letters: 0 → A, 26 → AA. */
export function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A1 reference; `sheet` quotes a sheet's name for a cross-sheet reference. */
export const ref = (col: number, row: number, sheet?: string) => `${sheet ? `'${sheet.replace(/'/g, "''")}'!` : ''}${colName(col)}${row}`;

export const money = (v: string): XCell => ({ n: v, fmt: 'money' });
export const qty = (v: string): XCell => ({ n: v, fmt: 'qty' });
export const price = (v: string): XCell => ({ n: v, fmt: 'price' });
/** A percentage given as «30.00» (per cent) → the fraction 0.3 shown «30,00 %». */
export const pct = (v: string | null): XCell => (v === null ? null : { n: new Dec(v).div(100).toFixed(), fmt: 'pct' });

/** The text a cell shows in a Russian locale (for column widths and for tests). */
export function shownText(c: XCell): string {
  if (c === null) return '';
  if (typeof c === 'string') return c;
  const v = 'f' in c ? c.v : c.n;
  if (v === null) return '';
  if (c.fmt === 'money') return formatMoney(v);
  if (c.fmt === 'pct') return formatPercent(new Dec(v).times(100));
  if (c.fmt === 'price') return formatNumber(new Dec(v).toDecimalPlaces(4, Dec.ROUND_HALF_UP), Math.max(2, Math.min(4, new Dec(v).decimalPlaces())));
  return formatNumber(v);
}

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
const WRAP_WIDTH = 48;
const HEADER_WIDTH = 14;

/**
 * Column widths (in characters) that fit the text each column shows; titles and captions (one cell spanning
 * the row) do not widen the first column, a table header wraps (it widens a column to its longest word or
 * about 14 characters). Wrapped columns are capped.
 */
export function columnWidths(sheet: XSheet): number[] {
  const widths: number[] = [];
  for (const row of sheet.rows) {
    if (row.kind === 'title' || row.kind === 'section') continue;
    row.cells.forEach((c, i) => {
      if (row.kind === 'note' && i === row.cells.length - 1) return; // the value spills to the right
      const text = shownText(c);
      // A header wraps: its longest word, or about half the title, sets the width.
      const longest =
        row.kind === 'header'
          ? Math.min(text.length, Math.max(HEADER_WIDTH, ...text.split(/\s+/).map((w) => w.length)))
          : Math.max(...text.split('\n').map((l) => l.length));
      widths[i] = Math.max(widths[i] ?? MIN_WIDTH, Math.min(MAX_WIDTH, longest + 2));
    });
  }
  for (const i of sheet.wrap ?? []) if (widths[i] !== undefined) widths[i] = Math.min(widths[i]!, WRAP_WIDTH);
  return widths.map((w) => w ?? MIN_WIDTH);
}

/**
 * How many lines `text` takes wrapped at spaces in a column `width` characters wide (one character of padding):
 * viewers keep a row at the height the file gives, so a row with wrapped text has to say it.
 */
export function wrappedLines(text: string, width: number): number {
  const room = Math.max(1, Math.floor(width) - 1);
  let count = 0;
  for (const para of text.split('\n')) {
    let lines = 1;
    let used = 0;
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (used > 0 && used + 1 + word.length <= room) {
        used += 1 + word.length;
        continue;
      }
      if (used > 0) lines++;
      // The word starts a line; one longer than the column breaks over as many as it needs.
      const over = Math.ceil(word.length / room) - 1;
      lines += over;
      used = word.length - over * room;
    }
    count += lines;
  }
  return Math.max(1, count);
}

/** A row's height in points: 15 per line of its tallest wrapped cell (headers and the `wrap` columns wrap). */
export function rowHeight(sheet: XSheet, row: XRow, widths: number[]): number | undefined {
  let lines = 1;
  row.cells.forEach((c, i) => {
    if (row.kind !== 'header' && !sheet.wrap?.includes(i)) return;
    lines = Math.max(lines, wrappedLines(shownText(c), widths[i] ?? MIN_WIDTH));
  });
  return lines > 1 ? 15 * lines : undefined;
}
