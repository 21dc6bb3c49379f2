// The embedded PostgreSQL (PGlite) on a worker thread of its own, one per server process (pglite-remote.ts
// talks to it): its WebAssembly and its result decoding then run beside the thread that answers requests, not
// on it. Plain JavaScript, so it runs as it is under the tests and as its own entry in the build.
//
// Messages in: {id, op, …} — `query` {sql, params, rowMode, tx?}, `exec` {sql, tx?}, `begin` (answers once the
// transaction holds the database; its id is the transaction's), `end` {tx, commit}, `batch` {statements:
// [{sql, params}], tx} (all in turn, as one transaction when `tx`; answers each one's result), `listen` / `unlisten`
// {channel}, `dumpDataDir` {compression}, `memory`, `collect`, `close`. Out: {id, result} or {id, error}; {channel, payload} for a notification.
//
// The same file runs as a child process too (`fork`, its data in KALKULUS_PGLITE_WORKER, messages over IPC):
// the short-lived database that creates a new data folder, whose memory then goes back to the system with it.
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort as threadPort, workerData as threadData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Times and intervals as the database writes them (as drizzle-orm reads PGlite: it parses them itself).
const RAW = (value) => value;
const PARSERS = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, RAW]));

const parentPort = threadPort ?? { postMessage: (m) => process.send(m), on: (event, fn) => process.on(event, fn) };
const { dataDir, loadDataDir, startParams } = threadPort ? threadData : JSON.parse(process.env.KALKULUS_PGLITE_WORKER);
// A child process ends with its parent's channel (closed after `close`, or the parent gone).
if (!threadPort) process.on('disconnect', () => process.exit(0));
const txs = new Map(); // transaction id → { tx, end(commit) }
const listening = new Map(); // channel → unlisten
let client;

/** Own fields of a database error (code, detail, constraint …) travel with its message. */
function errorOf(err) {
  const fields = {};
  if (err && typeof err === 'object') {
    for (const [k, v] of Object.entries(err)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { message: err instanceof Error ? err.message : String(err), fields };
}

const reply = (id, result) => parentPort.postMessage({ id, result });
const fail = (id, err) => parentPort.postMessage({ id, error: errorOf(err) });
const on = (tx) => (tx ? txs.get(tx)?.tx : client);

const ops = {
  async query({ sql, params, rowMode, tx }) {
    const r = await on(tx).query(sql, params, { rowMode, parsers: PARSERS });
    return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  },
  async exec({ sql, tx }) {
    const rs = await on(tx).exec(sql);
    return rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  },
  /**
   * Statements in turn, answered in one message: a short fixed list costs one wait for this thread, not one per
   * statement (and two more for a transaction's begin and end). With `tx` they are one transaction: the first
   * to fail rolls it back and its error (with `statementIndex`) is the answer.
   */
  async batch({ statements, tx }) {
    const run = async (on) => {
      const results = [];
      for (const [i, { sql, params }] of statements.entries()) {
        const r = await on.query(sql, params, { parsers: PARSERS }).catch((err) => {
          if (err && typeof err === 'object') err.statementIndex = i; // which one failed travels with its error
          throw err;
        });
        results.push({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });
      }
      return results;
    };
    return tx ? client.transaction(run) : run(client);
  },
  async listen({ channel }) {
    if (!listening.has(channel)) listening.set(channel, await client.listen(channel, (payload) => parentPort.postMessage({ channel, payload })));
    return null;
  },
  async unlisten({ channel }) {
    const stop = listening.get(channel);
    listening.delete(channel);
    await stop?.();
    return null;
  },
  /** The data folder as a tarball (tests copy a migrated database from it). */
  async dumpDataDir({ compression }) {
    return client.dumpDataDir(compression);
  },
  /** This thread's V8 heap (committed, used) and the database's WebAssembly memory, in bytes. */
  async memory() {
    const heap = v8.getHeapStatistics();
    return { heap: heap.total_heap_size, heapUsed: heap.used_heap_size, wasm: client.mod?.HEAPU8?.byteLength ?? 0 };
  },
  /**
   * One full collection of this thread's heap that compacts every page, asked for by the server once it is
   * idle (server.mjs, collectWhenIdle, which explains why): after a burst of queries V8 keeps the pages the
   * heap grew to, half empty.
   */
  async collect() {
    v8.setFlagsFromString('--expose-gc');
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      vm.runInNewContext('gc')();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
    return null;
  },
  async close() {
    await client.close();
    return null;
  },
};

/** Opens a transaction that stays open until its `end`; answers `id` once it holds the database. */
function begin(id) {
  client
    .transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          txs.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          reply(id, null);
        }),
    )
    .then(
      () => settle(id, null),
      (err) => settle(id, err === ROLLBACK ? null : err),
    );
}
const ROLLBACK = Symbol('rollback');
const ending = new Map(); // transaction id → id of its `end` message
function settle(txId, err) {
  txs.delete(txId);
  const endId = ending.get(txId);
  ending.delete(txId);
  if (endId === undefined) return;
  if (err) fail(endId, err);
  else reply(endId, null);
}

parentPort.on('message', (m) => {
  if (m.op === 'begin') return begin(m.id);
  if (m.op === 'end') {
    const open = txs.get(m.tx);
    if (!open) return fail(m.id, new Error('no such transaction'));
    ending.set(m.tx, m.id);
    return open.end(m.commit);
  }
  const op = ops[m.op];
  if (!op) return fail(m.id, new Error(`unknown op ${m.op}`));
  op(m).then(
    (result) => reply(m.id, result),
    (err) => fail(m.id, err),
  );
});

try {
  client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...startParams],
  });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorOf(err) });
}
