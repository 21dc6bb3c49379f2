import 'server-only';
import { Worker } from 'node:worker_threads';
import { NOT_A_BOOK, type ReadOptions, type WorkbookSheet } from '@/lib/client/office/xlsx-read.mjs';
import { log } from '../log';

/**
 * Reading XLSX files users send (imports of companies, specifications, key rates): the shared reader
 * (`lib/client/office/xlsx-read.mjs`, exceljs) runs on a worker thread, one book at a time, so a large or
 * hostile book never holds other requests. A book not read in `TIME_LIMIT_MS` is refused and the worker
 * replaced; a worker dies rather than grow past `MEMORY_MB`. Refusals are Russian `Error` messages.
 */

const TIME_LIMIT_MS = 10_000;
const MEMORY_MB = 512;
/** Books waiting for the worker at most; more is refused at once. */
const MAX_QUEUE = 8;

const BUSY = 'Сервер сейчас читает другие книги. Попробуйте ещё раз через минуту.';
const tooSlow = (ms: number) => `Книгу не удалось прочитать за ${ms / 1000} секунд: она слишком большая или повреждена.`;

interface Job {
  id: number;
  bytes: Uint8Array;
  options: ReadOptions;
  timeMs: number;
  resolve: (sheets: WorkbookSheet[]) => void;
  reject: (e: Error) => void;
}

interface Reply {
  id: number;
  ok: boolean;
  sheets?: WorkbookSheet[];
  msg?: string | null;
  detail?: string;
}

const state = { worker: null as Worker | null, busy: null as Job | null, timer: null as NodeJS.Timeout | null, queue: [] as Job[], next: 1 };

function finish(job: Job, settle: () => void) {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  state.busy = null;
  settle();
  pump();
}

function dropWorker() {
  const w = state.worker;
  state.worker = null;
  if (w) void w.terminate();
}

function worker(): Worker {
  if (state.worker) return state.worker;
  // A literal `new URL(…, import.meta.url)`: the bundler builds the worker as its own entry (no file lookups
  // here — a computed path would make it trace the whole project).
  const w = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), { name: 'kalkulus-xlsx', resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
  w.unref();
  w.on('message', (reply: Reply) => {
    const job = state.busy;
    if (!job || job.id !== reply.id) return;
    if (reply.ok) finish(job, () => job.resolve(reply.sheets ?? []));
    else {
      if (!reply.msg) log.warn('xlsx read failed', reply.detail);
      finish(job, () => job.reject(new Error(reply.msg ?? NOT_A_BOOK)));
    }
  });
  const lost = (e: unknown) => {
    if (state.worker !== w) return;
    state.worker = null;
    const job = state.busy;
    if (job) {
      log.warn('xlsx worker lost', e);
      finish(job, () => job.reject(new Error(NOT_A_BOOK)));
    }
  };
  w.on('error', lost);
  w.on('exit', lost);
  state.worker = w;
  return w;
}

function pump() {
  if (state.busy) return;
  const job = state.queue.shift();
  if (!job) return;
  state.busy = job;
  state.timer = setTimeout(() => {
    dropWorker();
    finish(job, () => job.reject(new Error(tooSlow(job.timeMs))));
  }, job.timeMs);
  worker().postMessage({ id: job.id, bytes: job.bytes, options: job.options });
}

/** The book's sheets as rows of cell texts (see `readWorkbook`), read on the worker. */
function readSheets(bytes: Uint8Array, options: ReadOptions = {}, timeMs = TIME_LIMIT_MS): Promise<WorkbookSheet[]> {
  if (state.queue.length >= MAX_QUEUE) return Promise.reject(new Error(BUSY));
  return new Promise((resolve, reject) => {
    state.queue.push({ id: state.next++, bytes, options, timeMs, resolve, reject });
    pump();
  });
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
