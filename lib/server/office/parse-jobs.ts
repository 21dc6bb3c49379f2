// No `server-only` marker: this runs on the parse worker's thread (parse-worker.mjs), outside a React server build.
import { csvRows, decodeCsv, type CsvRow } from '@/lib/domain/catalog/price-csv';
import type { TemplateData } from '@/lib/domain/docx/values';
import { parseCsv } from '@/lib/domain/requisites/csv';
import { fillTemplate, templateFields } from './template-jobs';

/**
 * The jobs of the parse worker: the reading of users' text files that grows with the file — DOCX templates (their
 * fields; the filled document) and CSV (a companies file as a table; a price list's rows, sent on in parts of
 * `ROWS_A_PART` as they are read).
 */
export type ParseTask =
  | { kind: 'template-fields'; bytes: Uint8Array; fileName: string }
  | { kind: 'template-fill'; bytes: Uint8Array; fileName: string; data: TemplateData }
  | { kind: 'csv-table'; text: string; maxRows: number; maxCols: number }
  | { kind: 'csv-rows'; bytes: Uint8Array; maxRows: number };

/** A CSV table cut to its first rows and columns, and how many rows the file has. */
export interface CsvTable {
  rows: string[][];
  total: number;
}

/** Errors whose message is the user's, by class name (they cross to the server's thread as text). */
const SHOWN = new Set(['TemplateError', 'TemplateTooComplex', 'XmlParseError', 'TemplateFileError', 'CsvError']);
export const isShown = (e: Error) => SHOWN.has(e.name);

export const ROWS_A_PART = 1000;

export function runParseTask(task: ParseTask, send: (part: CsvRow[]) => void): unknown {
  switch (task.kind) {
    case 'template-fields':
      return templateFields(task.bytes, task.fileName);
    case 'template-fill':
      return fillTemplate(task.bytes, task.fileName, task.data);
    case 'csv-table': {
      const rows = parseCsv(task.text);
      return { rows: rows.slice(0, task.maxRows).map((r) => r.slice(0, task.maxCols)), total: rows.length } satisfies CsvTable;
    }
    case 'csv-rows': {
      let part: CsvRow[] = [];
      let n = 0;
      for (const r of csvRows(decodeCsv(task.bytes))) {
        part.push(r);
        if (part.length >= ROWS_A_PART) {
          send(part);
          part = [];
        }
        if (++n >= task.maxRows) break;
      }
      if (part.length) send(part);
      return { rows: n };
    }
  }
}

/** The buffers an answer hands over instead of copying: a filled document's bytes. */
export function transferOf(value: unknown): ArrayBuffer[] {
  const bytes = (value as { bytes?: unknown } | null)?.bytes;
  return bytes instanceof Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [];
}
