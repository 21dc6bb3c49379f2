import 'server-only';
import { Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { crc32Hex } from '@/lib/domain/files/crc32';
import { TooLong } from './measure';

/**
 * The checksums of an upload's bytes, and on the disk store their writing: the SHA-256 of the whole file
 * (the costliest step) is computed on a worker thread, which for the disk store also writes the chunk into
 * the upload's file; the main thread computes each chunk's CRC-32 (a transfer check the client compares with
 * its own; native, it fits in the time the worker needs for the hash), copies the bytes into batches and
 * hands them over (no copy back: the batch's memory moves to the worker and returns empty for reuse).
 *
 * The whole-file hash is carried from chunk to chunk while chunks arrive in order in this process, so
 * completion need not read the file again. Anything unusual (a chunk out of order, a re-sent chunk, another
 * instance, a restart, the worker lost) just drops the carried state, and completion falls back to reading
 * the chunks. The state lives in the worker, one per process (kept on globalThis, as every bundle of the
 * server — route handlers, the upload fast path — must see the same one).
 */

/**
 * Bytes are sent to the worker in batches of this size (one copy, one message each). Small enough that the
 * worker hashes and writes while the chunk still arrives and has little left once its last byte is in (with
 * 2 MiB batches that tail was the largest part of a chunk's time: bench/upload 0.55–0.62× the raw sink, with
 * 512 KiB 0.65–0.81×), large enough that the messages cost little.
 */
const BATCH = 512 << 10;
/** Batches on their way to or in the worker at most (4 MiB); past it a chunk writer asks its source to pause. */
const MAX_IN_FLIGHT = 8;
/** Hashed batches kept for reuse at most (the rest are left to the garbage collector). */
const MAX_SPARES = 16;

// The worker: plain CommonJS evaluated from this string, so no bundler has to find a file for it. Messages
// are handled in order, so `end` and `finish` answer only after every batch sent before them was handled.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const TTL_MS = 48 * 3600 * 1000;
const MAX = 10000;
// job → { hash (the file's, continued by this chunk) | null, write (the chunk goes to a file: its bytes
// wait in held until released), held, fd, file, offset, limit, at, writing, error, then }
const jobs = new Map();
const files = new Map();  // upload → { next, hash, keys, at }
const { O_WRONLY, O_CREAT } = fs.constants;
function openFile(file) {
  try { return fs.openSync(file, O_WRONLY | O_CREAT, 0o644); } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, O_WRONLY | O_CREAT, 0o644);
  }
}
const giveBack = (bytes) => parentPort.postMessage({ spare: bytes.buffer }, [bytes.buffer]);
// Runs j.then (end or forget) once the job's writes are all done.
function settle(j) {
  if (j.writing > 0 || !j.then) return;
  const then = j.then;
  j.then = null;
  then();
}
function closeJob(j) {
  for (const b of j.held) giveBack(b);
  j.held = [];
  if (j.fd !== null) { try { fs.closeSync(j.fd); } catch (e) { j.error = j.error || e; } j.fd = null; }
}
// Writes bytes at the chunk's place in the file on the thread pool (the next batch is hashed meanwhile),
// never past the chunk's length; the batch goes back once written.
function write(j, bytes) {
  if (j.error || j.fd === null) { giveBack(bytes); return; }
  const at = j.at;
  j.at += bytes.length;
  if (j.at > j.limit) { j.error = new Error('chunk longer than planned'); giveBack(bytes); return; }
  j.writing++;
  const go = (from, pos) => fs.write(j.fd, bytes, from, bytes.length - from, pos, (err, n) => {
    if (!err && from + n < bytes.length) { go(from + n, pos + n); return; }
    if (err) j.error = j.error || err;
    j.writing--;
    giveBack(bytes);
    settle(j);
  });
  go(0, j.offset + at);
}
parentPort.on('message', (m) => {
  switch (m.op) {
    case 'begin': {
      const s = files.get(m.upload);
      let hash = null;
      if (m.chunk === 0 && !s) hash = createHash('sha256');
      else if (s && s.next === m.chunk && Date.now() - s.at <= TTL_MS) hash = s.hash.copy();
      else if (s && m.chunk < s.next) files.delete(m.upload); // a re-sent chunk: the carried hash is not the file's
      jobs.set(m.job, { hash, write: !!m.write, held: [], fd: null, file: null, offset: 0, limit: 0, at: 0, writing: 0, error: null, then: null });
      break;
    }
    case 'release': {
      const j = jobs.get(m.job);
      if (!j) break;
      j.file = m.file; j.offset = m.offset; j.limit = m.limit;
      try { j.fd = openFile(m.file); } catch (e) { j.error = e; }
      const held = j.held;
      j.held = [];
      for (const b of held) write(j, b);
      break;
    }
    case 'data': {
      const j = jobs.get(m.job);
      if (!j) { giveBack(m.bytes); break; }
      if (j.hash) j.hash.update(m.bytes);
      if (!j.write) giveBack(m.bytes);
      else if (j.file === null) j.held.push(m.bytes);
      else write(j, m.bytes);
      break;
    }
    case 'end': {
      const j = jobs.get(m.job);
      if (!j) { parentPort.postMessage({ reply: m.reply, value: { error: 'unknown job' } }); break; }
      j.then = () => {
        closeJob(j);
        const e = j.error;
        parentPort.postMessage({ reply: m.reply, value: e ? { error: String(e.message || e), code: e.code || null } : {} });
      };
      settle(j);
      break;
    }
    case 'commit': {
      const j = jobs.get(m.job);
      jobs.delete(m.job);
      const hash = j && j.hash;
      if (!hash) break; // not in order: the carried state (if any) waits for the chunk it needs
      const prev = files.get(m.upload);
      files.delete(m.upload);
      if (m.chunk > 0 && (!prev || prev.next !== m.chunk)) break;
      if (files.size >= MAX) files.delete(files.keys().next().value);
      files.set(m.upload, { next: m.chunk + 1, hash, at: Date.now(), keys: [...(m.chunk > 0 ? prev.keys : []), m.key] });
      break;
    }
    case 'forget': {
      const j = jobs.get(m.job);
      jobs.delete(m.job);
      if (!j) break;
      j.then = () => closeJob(j);
      settle(j);
      break;
    }
    case 'finish': {
      const s = files.get(m.upload);
      files.delete(m.upload);
      const ok = s && s.next === m.keys.length && s.keys.length === m.keys.length && s.keys.every((k, i) => k === m.keys[i]);
      parentPort.postMessage({ reply: m.reply, value: ok ? s.hash.digest('hex') : null });
      break;
    }
    case 'drop': files.delete(m.upload); break;
  }
});
`;

type Reply = { resolve: (v: unknown) => void; reject: (e: Error) => void };

interface Link {
  worker: Worker;
  nextId: number;
  replies: Map<number, Reply>;
  /** Batches the worker has handled and handed back, ready to be filled again. */
  spares: ArrayBuffer[];
  /** Batches sent and not yet handed back. */
  inFlight: number;
  /** Called once batches come back (writers waiting for room). */
  waiting: Set<() => void>;
}

const KEY = Symbol.for('kalkulus.chunkHasher');
type Holder = { [KEY]?: Link };
const holder = globalThis as Holder;

function link(): Link {
  const have = holder[KEY];
  if (have) return have;
  const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'kalkulus-chunks' });
  worker.unref();
  const l: Link = { worker, nextId: 1, replies: new Map(), spares: [], inFlight: 0, waiting: new Set() };
  worker.on('message', (m: { reply: number; value: unknown } | { spare: ArrayBuffer }) => {
    if ('spare' in m) {
      l.inFlight--;
      if (l.spares.length < MAX_SPARES) l.spares.push(m.spare);
      if (l.inFlight < MAX_IN_FLIGHT && l.waiting.size) {
        const ready = [...l.waiting];
        l.waiting.clear();
        for (const go of ready) go();
      }
      return;
    }
    const r = l.replies.get(m.reply);
    l.replies.delete(m.reply);
    r?.resolve(m.value);
  });
  const lost = (why: Error) => {
    if (holder[KEY] === l) delete holder[KEY];
    for (const r of l.replies.values()) r.reject(why);
    l.replies.clear();
    for (const go of l.waiting) go();
    l.waiting.clear();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`chunk worker exited (${code})`)));
  holder[KEY] = l;
  return l;
}

function ask<T>(l: Link, msg: Record<string, unknown>): Promise<T> {
  const reply = l.nextId++;
  return new Promise<T>((resolve, reject) => {
    l.replies.set(reply, { resolve: resolve as (v: unknown) => void, reject });
    l.worker.postMessage({ ...msg, reply });
  });
}

let jobSeq = 0;

/** A worker write that failed (the disk store's temp file could not be created or written). */
export class ChunkWriteError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'ChunkWriteError';
  }
}

/**
 * One chunk's bytes on their way to the worker: counted (TooLong past `limit`), copied into batches and
 * sent (their CRC-32 is computed on the way); the worker carries the file's SHA-256 on. With `write`, it also writes
 * the bytes into a file — only once `release` names the file and the chunk's place in it (after the chunk's
 * checks have passed: until then the bytes wait in the worker, and the source pauses when too many wait).
 * `end()` answers the CRC-32 once the worker has handled every byte (and closed the file); `commit(key)` once
 * the chunk is committed as `key` (the file's hash then moves on by it); `forget()` when it was not.
 */
export class ChunkJob {
  bytes = 0;
  private crc = 0;
  private readonly link = link();
  private readonly job = ++jobSeq;
  private batch: Buffer | null = null;
  private filled = 0;
  private closed = false;

  constructor(
    private limit: number,
    private readonly uploadId: string,
    private readonly chunkId: number,
    write = false,
  ) {
    this.link.worker.postMessage({ op: 'begin', job: this.job, upload: uploadId, chunk: chunkId, write });
  }

  /** Takes the next bytes; throws TooLong past the limit. */
  feed(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) throw new TooLong();
    this.crc = crc32(chunk, this.crc);
    let at = 0;
    while (at < chunk.length) {
      if (!this.batch) {
        const spare = this.link.spares.pop();
        this.batch = spare ? Buffer.from(spare) : Buffer.allocUnsafeSlow(BATCH);
      }
      const n = chunk.copy(this.batch, this.filled, at);
      this.filled += n;
      at += n;
      if (this.filled === this.batch.length) this.send();
    }
  }

  /** Whether the worker has room for more now; otherwise `then` is called once it has. */
  hasRoom(then: () => void): boolean {
    if (this.link.inFlight < MAX_IN_FLIGHT) return true;
    this.link.waiting.add(then);
    return false;
  }

  /** Lowers the limit (once the chunk's exact length is known); throws TooLong when more has passed already. */
  limitTo(limit: number): void {
    this.limit = limit;
    if (this.bytes > limit) throw new TooLong();
  }

  /**
   * The chunk's checks have passed: its bytes go to `file` (created when missing, never truncated) from byte
   * `offset` on, `length` of them at most.
   */
  release(file: string, offset: number, length: number): void {
    this.limitTo(length);
    this.link.worker.postMessage({ op: 'release', job: this.job, file, offset, limit: length });
  }

  private send(): void {
    if (!this.batch || this.filled === 0) return;
    const bytes = this.batch.subarray(0, this.filled);
    this.link.inFlight++;
    this.link.worker.postMessage({ op: 'data', job: this.job, bytes }, [this.batch.buffer as ArrayBuffer]);
    this.batch = null;
    this.filled = 0;
  }

  /** Every byte was fed: answers the CRC-32 (8 hex digits) once the worker has handled (and written) them all. */
  async end(): Promise<string> {
    this.send();
    this.closed = true;
    const r = await ask<{ error?: string; code?: string | null }>(this.link, { op: 'end', job: this.job });
    if (r.error !== undefined) throw new ChunkWriteError(r.error, r.code ?? null);
    return crc32Hex(this.crc);
  }

  /** The chunk is committed as `key` (what completion names it by: a part's ETag, the chunk's CRC-32…). */
  commit(key: string): void {
    if (!this.closed) this.send();
    this.link.worker.postMessage({ op: 'commit', job: this.job, upload: this.uploadId, chunk: this.chunkId, key });
  }

  /** The chunk was not committed: what it holds is dropped (what it wrote stays, outside any committed chunk). */
  forget(): void {
    this.batch = null;
    this.link.worker.postMessage({ op: 'forget', job: this.job });
  }
}

/**
 * A chunk job as a stream stage (bodies that go on to a store as a stream: S3): passes the bytes through
 * unchanged while feeding them to the job; fails with TooLong past the limit.
 */
export class ChunkHasher extends Transform {
  readonly job: ChunkJob;

  constructor(limit: number, uploadId: string, chunkId: number) {
    super({ highWaterMark: 1 << 20 });
    this.job = new ChunkJob(limit, uploadId, chunkId);
  }

  get bytes(): number {
    return this.job.bytes;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    try {
      this.job.feed(chunk);
    } catch (e) {
      done(e as Error);
      return;
    }
    done(null, chunk);
  }
}

/**
 * The file's SHA-256 when the carried hash saw exactly the committed chunks `keys` (in order); null otherwise
 * (and when the worker is gone). The state is dropped either way.
 */
export async function finishHash(uploadId: string, keys: string[]): Promise<string | null> {
  try {
    return await ask<string | null>(link(), { op: 'finish', upload: uploadId, keys });
  } catch {
    return null;
  }
}

/** Drops the carried hash of an upload (aborted, restarted; tests: as after a restart). */
export function dropHash(uploadId: string): void {
  link().worker.postMessage({ op: 'drop', upload: uploadId });
}
