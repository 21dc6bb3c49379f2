/**
 * Writes a workbook model (`lib/domain/xlsx/model`) as an XLSX file with exceljs: number formats, bold
 * headers and subtotals, column widths that fit the text, the header frozen, A4 landscape fitted to the page
 * width. No DOM: the browser (the калькуляция and specification exports) and the server (the companies export)
 * both use it. exceljs is loaded on the first call only, so it stays out of the pages' first-load JS.
 */
import type { Cell, Worksheet } from 'exceljs';
import { columnWidths, rowHeight, type XBook, type XCell, type XFormat, type XRowKind, type XSheet } from '@/lib/domain/xlsx/model';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats; in a Russian locale `#,##0.00` shows «1 234,56». */
const NUM_FMT: Record<XFormat, string> = {
  money: '#,##0.00\\ "₽"',
  price: '#,##0.00##',
  pct: '0.00%',
  qty: 'General',
  int: '0',
};

/** The workbook's default font, named so that bold cells keep it (a font without a name falls back to a serif). */
const FONT = { name: 'Calibri', size: 11 } as const;
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } } as const;
const THIN = { style: 'thin', color: { argb: 'FF9AA5B1' } } as const;

function putCell(cell: Cell, c: XCell) {
  if (c === null) return;
  if (typeof c === 'string') {
    cell.value = c;
    return;
  }
  // The exact decimal string becomes the nearest double: a kopeck amount shows exactly.
  if ('f' in c) cell.value = { formula: c.f, result: c.v === null ? '' : Number(c.v) };
  else cell.value = Number(c.n);
  cell.numFmt = NUM_FMT[c.fmt];
  if (c.fmt === 'int') cell.alignment = { horizontal: 'center', vertical: 'top' };
}

function styleRow(ws: Worksheet, rowNo: number, kind: XRowKind | undefined, width: number) {
  const row = ws.getRow(rowNo);
  if (kind === 'title') row.font = { ...FONT, bold: true, size: 14 };
  if (kind === 'section') row.font = { ...FONT, bold: true, size: 12 };
  if (kind === 'header' || kind === 'subtotal') {
    for (let i = 1; i <= width; i++) {
      const cell = row.getCell(i);
      cell.font = { ...FONT, bold: true };
      cell.border = kind === 'header' ? { top: THIN, bottom: THIN } : { top: THIN };
      if (kind === 'header') {
        cell.fill = HEADER_FILL;
        cell.alignment = { vertical: 'middle', wrapText: true };
      }
    }
  }
}

function addSheet(wb: import('exceljs').Workbook, sheet: XSheet) {
  const widths = columnWidths(sheet);
  const ws = wb.addWorksheet(sheet.name.slice(0, 31), {
    views: sheet.freezeBelow ? [{ state: 'frozen', ySplit: sheet.freezeBelow - 1, xSplit: 0 }] : [],
    pageSetup: {
      paperSize: 9, // A4
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
  });
  if (sheet.freezeBelow) ws.pageSetup.printTitlesRow = `${sheet.freezeBelow - 1}:${sheet.freezeBelow - 1}`;
  // Top-aligned everywhere: a row made tall by wrapped text keeps its figures on its first line.
  ws.columns = widths.map((width, i) => ({ width, style: { alignment: sheet.wrap?.includes(i) ? { wrapText: true, vertical: 'top' } : { vertical: 'top' } } }));
  sheet.rows.forEach((row, r) => {
    const excelRow = ws.getRow(r + 1);
    row.cells.forEach((c, i) => putCell(excelRow.getCell(i + 1), c));
    // A heading's value reads as text beside its label, a number too.
    if (row.kind === 'note') excelRow.getCell(row.cells.length).alignment = { horizontal: 'left', vertical: 'top' };
    styleRow(ws, r + 1, row.kind, widths.length);
    // Wrapped text: as many lines as the tallest cell needs (viewers do not grow a row on their own).
    const height = rowHeight(sheet, row, widths);
    if (height) excelRow.height = height;
  });
  return ws;
}

/** The workbook's bytes. */
export async function xlsxBytes(book: XBook): Promise<Uint8Array<ArrayBuffer>> {
  const mod = await import('exceljs');
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Калькулус';
  wb.created = new Date();
  for (const sheet of book.sheets) addSheet(wb, sheet);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf); // a copy (Node: a Buffer; the browser: its polyfill)
}

/** Saves `bytes` as a file named `fileName` (browser only). */
export function saveXlsx(bytes: Uint8Array, fileName: string) {
  const blob = new Blob([bytes as BlobPart], { type: XLSX_MIME });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/:*?"<>|]/g, '_');
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
