import 'server-only';
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
  close(): Promise<void>;
}

type Reply = { id: number; result: unknown } | { id: number; error: WireError } | { channel: string; payload: string } | { ready: boolean; error?: WireError };
interface WireError {
  message: string;
  fields: Record<string, unknown>;
}

/** A database error as the driver would throw it: its message with its code, detail, constraint … */
const errorOf = (e: WireError): Error => Object.assign(new Error(e.message), e.fields);

/**
 * PGlite on a worker thread (pglite-worker.mjs): the same calls as an in-process PGlite, each a message. A
 * transaction holds the database until its function settles, as PGlite's own does (other calls wait).
 * The worker lost (it never should be) fails every call waiting and every later one.
 */
export async function openPgliteWorker(opts: { dir?: string; loadDataDir?: Blob; settings: [string, string][] }): Promise<PgliteLike> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    name: 'kalkulus-pglite',
    workerData: { dataDir: opts.dir, loadDataDir: opts.loadDataDir, startParams: opts.settings.flatMap(([name, value]) => ['-c', `${name}=${value}`]) },
  });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
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
      worker.postMessage({ id, op, ...body });
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
    async close() {
      try {
        await send('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}
