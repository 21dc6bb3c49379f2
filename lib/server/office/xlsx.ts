import 'server-only';
import { Worker } from 'node:worker_threads';
import { NOT_A_BOOK, type ReadOptions, type WorkbookSheet } from '@/lib/client/office/xlsx-read.mjs';
import { boundedWorker, WorkerRefusal } from './bounded-worker';

/**
 * Reading XLSX files users send (imports of companies, specifications, key rates): the shared reader
 * (`lib/client/office/xlsx-read.mjs`, exceljs) runs on a worker thread, one book at a time, so a large or
 * hostile book never holds other requests. A book not read in `TIME_LIMIT_MS` is refused and the worker
 * replaced; a worker dies rather than grow past `MEMORY_MB`. Refusals are Russian `Error` messages.
 */

const TIME_LIMIT_MS = 10_000;
const MEMORY_MB = 512;

const BUSY = 'Сервер сейчас читает другие книги. Попробуйте ещё раз через минуту.';
const tooSlow = (ms: number) => `Книгу не удалось прочитать за ${ms / 1000} секунд: она слишком большая или повреждена.`;

const pool = boundedWorker({
  name: 'xlsx',
  // A literal `new URL(…, import.meta.url)`: the bundler builds the worker as its own entry (no file lookups
  // here — a computed path would make it trace the whole project).
  create: () => new Worker(new URL('./xlsx-worker.mjs', import.meta.url), { name: 'kalkulus-xlsx', resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } }),
  // Books waiting for the worker at most; more is refused at once.
  maxQueue: 8,
});

/** The book's sheets as rows of cell texts (see `readWorkbook`), read on the worker; refusals as Russian `Error`s. */
async function readSheets(bytes: Uint8Array, options: ReadOptions = {}, timeMs = TIME_LIMIT_MS): Promise<WorkbookSheet[]> {
  try {
    return (await pool.run<WorkbookSheet[]>({ bytes, options }, { timeMs })) ?? [];
  } catch (e) {
    if (!(e instanceof WorkerRefusal)) throw e;
    throw new Error(e.kind === 'busy' ? BUSY : e.kind === 'slow' ? tooSlow(timeMs) : e.kind === 'refused' ? e.message : NOT_A_BOOK);
  }
}

/**
 * Bounds of an imported book, checked before it is parsed: enough for every import (20 000 specification
 * lines, 5000 companies), small enough that the worker unpacks a hostile book within a second or two and
 * reads the largest valid one in a few seconds.
 */
const IMPORT_LIMITS = { maxSheetRows: 25_000, maxCells: 300_000, limits: { maxTotal: 24 << 20, maxEntry: 24 << 20 } };

/** The first sheet as rows of cell texts, trimmed, booleans «Да» / «Нет», empty rows dropped. */
export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const [sheet] = await readSheets(bytes, { firstOnly: true, trueText: 'Да', falseText: 'Нет', ...IMPORT_LIMITS });
  return (sheet?.rows ?? []).map((row) => row.map((c) => c.trim())).filter((row) => row.some((c) => c !== ''));
}

/**
 * Bounds of a supplier's price list (up to 100 000 rows of up to 50 columns): the same checks as an import's, with
 * room for its rows; twice the time, as it holds four times an import's rows.
 */
const PRICE_LIST_LIMITS = { maxSheetRows: 100_001, maxCols: 50, maxCells: 1_500_000, limits: { maxTotal: 96 << 20, maxEntry: 96 << 20 } };

/** The first sheet's non-empty rows with their numbers in the book (1-based), cells trimmed; read on the worker. */
export async function readXlsxNumbered(bytes: Uint8Array): Promise<{ row: number; cells: string[] }[]> {
  const [sheet] = await readSheets(bytes, { firstOnly: true, trueText: 'Да', falseText: 'Нет', ...PRICE_LIST_LIMITS }, 2 * TIME_LIMIT_MS);
  const out: { row: number; cells: string[] }[] = [];
  (sheet?.rows ?? []).forEach((r, i) => {
    const cells = r.map((c) => c.trim());
    if (cells.some((c) => c !== '')) out.push({ row: i + 1, cells });
  });
  return out;
}
