/** An XLSX as sheets of text cells for a preview (values as stored; the first 500 rows × 50 columns). */
export interface Sheet {
  name: string;
  rows: string[][];
  truncated: boolean;
}

const MAX_ROWS = 500;
const MAX_COLS = 50;

/**
 * Reads the book with the shared reader (`xlsx-read.mjs`: fflate and exceljs), loaded on the first preview
 * only, so the viewer's page does not carry it. Throws a Russian message on a bad or oversized book.
 */
export async function readXlsx(buf: ArrayBuffer): Promise<Sheet[]> {
  const { readWorkbook } = await import('./xlsx-read.mjs');
  return readWorkbook(buf, { maxRows: MAX_ROWS, maxCols: MAX_COLS });
}
