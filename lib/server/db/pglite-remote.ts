import 'server-only';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What drizzle-orm's PGlite driver and client.ts call on a PGlite client. */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: 'object' | 'array' }): Promise<{ rows: T[]; fields: unknown[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown[]>;
  /**
   * Runs `statements` in turn in one message to the database (as one transaction when `tx`: the first to fail
   * rolls it back and rejects with its error); answers each one's result (rows as objects).
   */
  batch(statements: { sql: string; params: unknown[] }[], opts: { tx: boolean }): Promise<{ rows: unknown[]; fields: unknown[]; affectedRows?: number }[]>;
  transaction<T>(fn: (tx: Pick<PgliteLike, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  /** The worker's V8 heap (committed, used) and the database's WebAssembly memory, in bytes. */
  memory(): Promise<{ heap: number; heapUsed: number; wasm: number }>;
  /** One full collection of the worker's V8 heap (the server asks for it once idle). */
  collect(): Promise<void>;
  close(): Promise<void>;
  /** Calls in flight (sent, not yet answered) and when the last answer came (`performance.now()`). */
  activity?(): { inFlight: number; answeredAt: number };
}

type Reply = { id: number; result: unknown } | { id: number; error: WireError } | { channel: string; payload: string } | { ready: boolean; error?: WireError };
interface WireError {
  message: string;
  fields: Record<string, unknown>;
}

/** A database error as the driver would throw it: its message with its code, detail, constraint … */
const errorOf = (e: WireError): Error => Object.assign(new Error(e.message), e.fields);

/** What the client needs of a worker thread or a child process. */
interface Endpoint {
  send(m: unknown): void;
  on(event: 'message', fn: (m: Reply) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  on(event: 'exit', fn: (code: number | null) => void): void;
  stop(): Promise<unknown>;
}

/** The worker: a thread of this process, or (`childProcess`) a process of its own, ended by `close`. */
function startWorker(opts: { dir?: string; loadDataDir?: Blob; settings: [string, string][]; childProcess?: boolean }): Endpoint {
  const data = { dataDir: opts.dir, loadDataDir: opts.loadDataDir, startParams: opts.settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]) };
  if (opts.childProcess) {
    if (opts.loadDataDir) throw new Error('a database from a dump opens on a worker thread only');
    const child = fork(fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url)), [], {
      serialization: 'advanced',
      execArgv: [],
      env: { ...process.env, KALKULUS_PGLITE_WORKER: JSON.stringify(data) },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return {
      send: (m) => child.send(m as object),
      on: (event: string, fn: (...args: never[]) => void) => void child.on(event, fn as () => void),
      // Its channel closed, the process exits by itself (pglite-worker.mjs); one that hangs is killed.
      stop: async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.disconnect();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      },
    };
  }
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { name: 'kalkulus-pglite', workerData: data });
  return {
    send: (m) => worker.postMessage(m),
    on: (event: string, fn: (...args: never[]) => void) => void worker.on(event, fn as () => void),
    stop: () => worker.terminate(),
  };
}

/**
 * PGlite on a worker thread (pglite-worker.mjs): the same calls as an in-process PGlite, each a message. A
 * transaction holds the database until its function settles, as PGlite's own does (other calls wait).
 * The worker lost (it never should be) fails every call waiting and every later one. `childProcess`: the same
 * worker as a process of its own, for work whose memory must go back to the system when it ends (see client.ts).
 */
export async function openPgliteWorker(opts: { dir?: string; loadDataDir?: Blob; settings: [string, string][]; childProcess?: boolean }): Promise<PgliteLike> {
  const worker = startWorker(opts);
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let answeredAt = 0;
  let lost: Error | null = null;
  let ready!: { resolve: () => void; reject: (e: Error) => void };
  const started = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));

  worker.on('message', (m: Reply) => {
    if ('ready' in m) return m.ready ? ready.resolve() : ready.reject(errorOf(m.error!));
    if ('channel' in m) {
      for (const fn of listeners.get(m.channel) ?? []) fn(m.payload);
      return;
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    answeredAt = performance.now();
    if (!w) return;
    if ('error' in m) w.reject(errorOf(m.error));
    else w.resolve(m.result);
  });
  const fail = (err: Error) => {
    lost ??= err;
    ready.reject(err);
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database worker exited (${code})`)));
  await started;

  const send = <T>(op: string, body: Record<string, unknown> = {}): Promise<T> => {
    if (lost) return Promise.reject(lost);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.send({ id, op, ...body });
    });
  };
  const on = (tx?: number): Pick<PgliteLike, 'query' | 'exec'> => ({
    query: (sql, params = [], options = {}) => send('query', { sql, params, rowMode: options.rowMode ?? 'object', tx }),
    exec: (sql) => send('exec', { sql, tx }),
  });

  return {
    ...on(),
    batch: (statements, { tx }) => send('batch', { statements, tx }),
    async transaction(fn) {
      // `begin` answers once the worker's transaction holds the database; its message id names it.
      const id = nextId;
      await send('begin');
      let result;
      try {
        result = await fn(on(id));
      } catch (err) {
        await send('end', { tx: id, commit: false }).catch(() => undefined);
        throw err;
      }
      await send('end', { tx: id, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onPayload);
      await send('listen', { channel });
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await send('unlisten', { channel });
        }
      };
    },
    dumpDataDir: (compression = 'auto') => send('dumpDataDir', { compression }),
    activity: () => ({ inFlight: waiting.size, answeredAt }),
    memory: () => send('memory'),
    collect: () => send('collect'),
    async close() {
      try {
        await send('close');
      } finally {
        await worker.stop();
      }
    },
  };
}
