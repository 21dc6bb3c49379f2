import 'server-only';
import fs from 'node:fs';
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
  /**
   * The job's time: the time its thread runs on a core (where the system tells it — Linux), so that a loaded
   * machine, where the thread also waits for a core, does not refuse a file a quiet one reads; at most
   * `WALL_FACTOR` times that on the clock, whatever the load.
   */
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

/** However loaded the machine, a job is refused after this many times its time on the clock. */
const WALL_FACTOR = 6;

/** The time (ms) thread `tid` of this process has run on a core, or null where it cannot be read. */
function threadCpuMs(tid: number | null): number | null {
  if (tid === null) return null;
  try {
    return Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

interface Reply {
  tid?: number | null;
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
  /** The worker thread's id (its run time is read from /proc), once it has said it. */
  tid: number | null;
  /** The job's start: on the clock, and the thread's run time then (null: not known yet). */
  startedAt: number;
  cpuAtStart: number | null;
}

export interface BoundedWorker {
  /** Runs `task` on a thread: its answer, or a `WorkerRefusal`. */
  run<T>(task: unknown, options: JobOptions): Promise<T>;
}

export function boundedWorker({ name, create, threads = 1, maxQueue }: { name: string; create: () => Worker; threads?: number; maxQueue: number }): BoundedWorker {
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: null, job: null, timer: null, tid: null, startedAt: 0, cpuAtStart: null }));
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
    slot.tid = null;
    w.on('message', (reply: Reply) => {
      if (slot.worker !== w) return;
      if ('tid' in reply) {
        slot.tid = reply.tid ?? null;
        if (slot.job && slot.cpuAtStart === null) slot.cpuAtStart = threadCpuMs(slot.tid);
        return;
      }
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

  /**
   * Checks the job's time in `ms`: over it (the thread's run time, else the clock) or over the clock's bound, the
   * job is refused and its thread replaced; otherwise it checks again when the rest could have run out.
   */
  function arm(slot: Slot, job: Job, ms: number) {
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      const wall = performance.now() - slot.startedAt;
      const cpu = threadCpuMs(slot.tid);
      const used = cpu === null || slot.cpuAtStart === null ? wall : cpu - slot.cpuAtStart;
      const left = Math.min(job.timeMs - used, WALL_FACTOR * job.timeMs - wall);
      if (left > 0) return arm(slot, job, Math.max(left, 20));
      dropWorker(slot);
      finish(slot, (j) => j.reject(new WorkerRefusal('slow', 'over time')));
    }, ms);
  }

  function pump() {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      const worker = workerOf(slot);
      slot.startedAt = performance.now();
      slot.cpuAtStart = threadCpuMs(slot.tid);
      arm(slot, job, job.timeMs);
      worker.postMessage({ id: job.id, task: job.task });
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
