import type { ZipLimits } from './zip-read.mjs';

export declare class XlsxError extends Error {
  constructor(message: string);
}

export declare const NOT_A_BOOK: string;
export declare function tooBig(bytes: number): string;
export declare const NO_SHEET: string;
export declare function tooManyCells(n: number): string;
export declare function tooManyRows(n: number): string;

export interface WorkbookSheet {
  name: string;
  /** Cell texts; `rows[0]` is row 1, `rows[r][0]` column A; empty rows are `[]`. */
  rows: string[][];
  truncated: boolean;
}

export interface ReadOptions {
  maxRows?: number;
  maxCols?: number;
  /** Refuse a sheet of more cells (1 000 000 by default) or rows (Excel's 1 048 576) before parsing it. */
  maxCells?: number;
  maxSheetRows?: number;
  /** Only the workbook's first sheet (cheaper). */
  firstOnly?: boolean;
  trueText?: string;
  falseText?: string;
  limits?: Partial<ZipLimits>;
}

export declare function readWorkbook(bytes: Uint8Array | ArrayBuffer, options?: ReadOptions): Promise<WorkbookSheet[]>;
