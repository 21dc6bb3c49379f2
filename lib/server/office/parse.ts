import 'server-only';
import { Worker } from 'node:worker_threads';
import type { CsvRow } from '@/lib/domain/catalog/price-csv';
import type { TemplateFields } from '@/lib/domain/docx/template';
import type { TemplateData } from '@/lib/domain/docx/values';
import { boundedWorker, WorkerRefusal } from './bounded-worker';
import type { CsvTable, ParseTask } from './parse-jobs';
import type { FilledTemplate } from './template-jobs';

/**
 * Reading the text files users send — DOCX templates (listing their fields, filling them) and CSV (companies, price
 * lists) — on worker threads (parse-worker.mjs, bounded by bounded-worker.ts): at most `THREADS` files at once,
 * `MAX_QUEUE` waiting, `TIME_LIMIT_MS` each, a thread at most `MEMORY_MB`. So a large or hostile file costs the
 * thread that serves requests only the copy of its bytes and of the answer. A template's refusals are
 * `WorkerRefusal`s (its caller says what the user sees); a CSV file's are `Error`s with a Russian message.
 */

export const TIME_LIMIT_MS = 10_000;
const MEMORY_MB = 512;
const THREADS = 2;
const MAX_QUEUE = 16;

const pool = boundedWorker({
  name: 'parse',
  // A literal `new URL(…, import.meta.url)`: the bundler builds the worker as its own entry (see xlsx.ts).
  create: () => new Worker(new URL('./parse-worker.mjs', import.meta.url), { name: 'kalkulus-parse', resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } }),
  threads: THREADS,
  maxQueue: MAX_QUEUE,
});

const run = <T>(task: ParseTask, onPart?: (part: unknown) => void) => pool.run<T>(task, { timeMs: TIME_LIMIT_MS, onPart });

/** A DOCX template's fields and loops (`listTemplateFields`), read from its file. */
export const templateFieldsOf = (bytes: Uint8Array, fileName: string) => run<TemplateFields>({ kind: 'template-fields', bytes, fileName });

/** A DOCX template filled with `data` (`renderTemplate`), packed. */
export const filledTemplate = (bytes: Uint8Array, fileName: string, data: TemplateData) => run<FilledTemplate>({ kind: 'template-fill', bytes, fileName, data });

const BUSY = 'Сервер сейчас читает другие файлы. Попробуйте ещё раз через минуту.';

/** A refusal of a CSV file as an `Error` with the Russian message the user reads. */
function csvRefusal(e: unknown): unknown {
  if (!(e instanceof WorkerRefusal)) return e;
  if (e.kind === 'refused') return new Error(e.message);
  if (e.kind === 'busy') return new Error(BUSY);
  if (e.kind === 'slow') return new Error(`Файл не удалось прочитать за ${TIME_LIMIT_MS / 1000} секунд: он слишком большой или повреждён.`);
  return new Error('Файл не удалось прочитать: он повреждён или слишком большой.');
}

/** A CSV text as rows of cells (`parseCsv`): the first `maxRows` rows of at most `maxCols` cells, and the count of all. */
export async function csvTableOf(text: string, maxRows: number, maxCols: number): Promise<CsvTable> {
  try {
    return await run<CsvTable>({ kind: 'csv-table', text, maxRows, maxCols });
  } catch (e) {
    throw csvRefusal(e);
  }
}

/**
 * The first `maxRows` rows of a price list in CSV (`csvRows`), as the worker reads them: the worker sends them on in
 * parts, each taken in its own turn of the event loop, so even 100 000 rows never hold it long.
 */
export async function* csvRowsOf(bytes: Uint8Array, maxRows: number): AsyncGenerator<CsvRow> {
  const parts: CsvRow[][] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: unknown = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  run<unknown>({ kind: 'csv-rows', bytes, maxRows }, (part) => {
    parts.push(part as CsvRow[]);
    poke();
  }).then(
    () => {
      ended = true;
      poke();
    },
    (e: unknown) => {
      failure = csvRefusal(e);
      ended = true;
      poke();
    },
  );
  for (;;) {
    const part = parts.shift();
    if (part) yield* part;
    else if (ended) {
      if (failure) throw failure;
      return;
    } else await new Promise<void>((resolve) => (wake = resolve));
  }
}
