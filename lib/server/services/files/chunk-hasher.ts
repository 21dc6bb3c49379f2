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
 * the chunks. The state lives in the worker (chunk-worker.mjs), one per process (kept on globalThis, as every
 * bundle of the server — route handlers, the upload fast path — must see the same one).
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
  // The worker's module, named by a URL relative to this one (written so, inline, the build bundles it as a
  // worker entry of its own; the tests run the file as it is).
  const worker = new Worker(new URL('./chunk-worker.mjs', import.meta.url), { name: 'kalkulus-chunks' });
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
class ChunkWriteError extends Error {
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
