// @vitest-environment node
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { boundedWorker, WorkerRefusal } from '@/lib/server/office/bounded-worker';

/**
 * The pool of bounded worker threads, with a worker made here on the shared worker side (worker-serve.mjs): jobs
 * answer in order, parts arrive before the answer, a job over its time is refused and its thread replaced, a full
 * queue refuses at once, an error the worker shows keeps its message and class, any other is a failure.
 */

const SERVE = new URL('../../../lib/server/office/worker-serve.mjs', import.meta.url).href;
const CODE = `
const { serveJobs } = await import(${JSON.stringify(SERVE)});
class ShownError extends Error { constructor(m) { super(m); this.name = 'ShownError'; } }
serveJobs(async (task, send) => {
  if (task.kind === 'echo') return { value: task.value, thread: require('node:worker_threads').threadId };
  if (task.kind === 'parts') { for (let i = 0; i < task.n; i++) send(i); return 'done'; }
  if (task.kind === 'spin') { for (;;); }
  if (task.kind === 'wait') return new Promise((r) => setTimeout(() => r('waited'), task.ms));
  if (task.kind === 'shown') throw new ShownError('Понятная причина');
  throw new TypeError('a bug');
}, { shown: (e) => e.name === 'ShownError' });
`;

// An eval'd worker is a CommonJS script (it has `require`): wrapped so that it may await its import.
const create = () => new Worker(`(async () => { ${CODE} })();`, { eval: true });

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(WorkerRefusal);
  return e as WorkerRefusal;
};

describe('boundedWorker', () => {
  it('answers jobs, sends parts before the answer, and shows only the errors the worker shows', async () => {
    const pool = boundedWorker({ name: 'test', create, maxQueue: 4 });
    expect(await pool.run<{ value: number }>({ kind: 'echo', value: 7 }, { timeMs: 30_000 })).toMatchObject({ value: 7 });
    const parts: unknown[] = [];
    expect(await pool.run({ kind: 'parts', n: 5 }, { timeMs: 30_000, onPart: (p) => parts.push(p) })).toBe('done');
    expect(parts).toEqual([0, 1, 2, 3, 4]);
    const shown = await refusal(pool.run({ kind: 'shown' }, { timeMs: 30_000 }));
    expect(shown).toMatchObject({ kind: 'refused', message: 'Понятная причина', errorName: 'ShownError' });
    const bug = await refusal(pool.run({ kind: 'bug' }, { timeMs: 30_000 }));
    expect(bug.kind).toBe('failed');
    expect(bug.message).toMatch(/a bug/);
  });

  it('counts the time its thread runs, not the time it waits (a loaded machine): up to six times the time on the clock', async () => {
    const pool = boundedWorker({ name: 'test', create, maxQueue: 4 });
    await pool.run({ kind: 'echo', value: 0 }, { timeMs: 30_000 }); // the thread is up and has said its id
    // Three times its time on the clock, next to nothing on a core: it is answered (Linux reads the run time).
    if (process.platform === 'linux') expect(await pool.run({ kind: 'wait', ms: 600 }, { timeMs: 200 })).toBe('waited');
    // Past six times its time on the clock, it is refused however little it ran.
    expect((await refusal(pool.run({ kind: 'wait', ms: 60_000 }, { timeMs: 200 }))).kind).toBe('slow');
  });

  it('refuses a job over its time and replaces its thread; the next job runs on a new one', async () => {
    const pool = boundedWorker({ name: 'test', create, maxQueue: 4 });
    const before = await pool.run<{ thread: number }>({ kind: 'echo', value: 1 }, { timeMs: 30_000 });
    const slow = await refusal(pool.run({ kind: 'spin' }, { timeMs: 200 }));
    expect(slow.kind).toBe('slow');
    const after = await pool.run<{ thread: number }>({ kind: 'echo', value: 2 }, { timeMs: 30_000 });
    expect(after.thread).not.toBe(before.thread);
  });

  it('runs as many jobs at once as it has threads, queues the next ones up to its bound and refuses more at once', async () => {
    const pool = boundedWorker({ name: 'test', create, threads: 2, maxQueue: 1 });
    const running = [pool.run({ kind: 'wait', ms: 300 }, { timeMs: 30_000 }), pool.run({ kind: 'wait', ms: 300 }, { timeMs: 30_000 })];
    const queued = pool.run({ kind: 'echo', value: 3 }, { timeMs: 30_000 });
    const busy = await refusal(pool.run({ kind: 'echo', value: 4 }, { timeMs: 30_000 }));
    expect(busy.kind).toBe('busy');
    expect(await Promise.all(running)).toEqual(['waited', 'waited']);
    expect(await queued).toMatchObject({ value: 3 });
  });
});
