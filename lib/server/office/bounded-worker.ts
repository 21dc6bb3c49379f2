import 'server-only';
import type { Worker } from 'node:worker_threads';
import { log } from '../log';

/**
 * Worker threads that run the reading of users' files off the thread that serves requests, bounded: at most
 * `threads` jobs at once, at most `maxQueue` waiting (one more is refused at once), each within its time (a job
 * that overruns is refused and its thread replaced) and the memory `create` gives a thread (a thread that
 * outgrows it dies, and its job is refused). The caller creates each thread with a literal
 * `new Worker(new URL('./x-worker.mjs', import.meta.url), …)`, so that the bundler builds the worker as its own
 * entry; the worker answers through `serveJobs` (worker-serve.mjs).
 *
 * Refusals are `WorkerRefusal`s: `busy` (the queue is full), `slow` (over the time), `refused` (the job threw an
 * error the worker shows: its message is the user's, its class name in `errorName`), `failed` (anything else —
 * logged here, the caller says what the user sees).
 */

export type RefusalKind = 'busy' | 'slow' | 'refused' | 'failed';

export class WorkerRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly errorName: string | null = null,
  ) {
    super(message);
    this.name = 'WorkerRefusal';
  }
}

export interface JobOptions {
  /** The job's time on its thread, from the moment it is handed over. */
  timeMs: number;
  /** Each part the job sends before its answer (rows of a long file), in order. */
  onPart?: (part: unknown) => void;
}

interface Job extends JobOptions {
  id: number;
  task: unknown;
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

interface Reply {
  id: number;
  part?: unknown;
  ok?: boolean;
  value?: unknown;
  msg?: string | null;
  errorName?: string | null;
  detail?: string;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface BoundedWorker {
  /** Runs `task` on a thread: its answer, or a `WorkerRefusal`. */
  run<T>(task: unknown, options: JobOptions): Promise<T>;
}

export function boundedWorker({ name, create, threads = 1, maxQueue }: { name: string; create: () => Worker; threads?: number; maxQueue: number }): BoundedWorker {
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: null, job: null, timer: null }));
  const queue: Job[] = [];
  let next = 1;

  const finish = (slot: Slot, settle: (job: Job) => void) => {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) settle(job);
    pump();
  };

  const dropWorker = (slot: Slot) => {
    const w = slot.worker;
    slot.worker = null;
    if (w) void w.terminate();
  };

  const workerOf = (slot: Slot): Worker => {
    if (slot.worker) return slot.worker;
    const w = create();
    w.unref();
    w.on('message', (reply: Reply) => {
      const job = slot.job;
      if (slot.worker !== w || !job || job.id !== reply.id) return;
      if ('part' in reply) job.onPart?.(reply.part);
      else if (reply.ok) finish(slot, (j) => j.resolve(reply.value));
      else {
        if (!reply.msg) log.warn(`${name}: a job failed`, reply.detail);
        const e = reply.msg ? new WorkerRefusal('refused', reply.msg, reply.errorName ?? null) : new WorkerRefusal('failed', reply.detail ?? 'failed');
        finish(slot, (j) => j.reject(e));
      }
    });
    const lost = (e: unknown) => {
      if (slot.worker !== w) return;
      slot.worker = null;
      if (slot.job) {
        log.warn(`${name}: the worker was lost`, e);
        finish(slot, (j) => j.reject(new WorkerRefusal('failed', 'worker lost')));
      }
    };
    w.on('error', lost);
    w.on('exit', lost);
    slot.worker = w;
    return w;
  };

  function pump() {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.timer = setTimeout(() => {
        dropWorker(slot);
        finish(slot, (j) => j.reject(new WorkerRefusal('slow', 'over time')));
      }, job.timeMs);
      workerOf(slot).postMessage({ id: job.id, task: job.task });
    }
  }

  return {
    run<T>(task: unknown, options: JobOptions): Promise<T> {
      if (queue.length >= maxQueue) return Promise.reject(new WorkerRefusal('busy', 'queue full'));
      return new Promise<T>((resolve, reject) => {
        queue.push({ ...options, id: next++, task, resolve: resolve as (v: unknown) => void, reject });
        pump();
      });
    },
  };
}
