import 'server-only';
import { Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { crc32Hex } from '@/lib/domain/files/crc32';
import { TooLong } from './measure';

/**
 * The checksums of an upload's bytes: the CRC-32 of each chunk (a transfer check the client compares with
 * its own, computed here natively as the bytes pass) and the SHA-256 of the whole file, computed on a worker
 * thread so the main thread only copies the bytes while the other core hashes them.
 *
 * The whole-file hash is carried from chunk to chunk while chunks arrive in order in this process, so
 * completion need not read the file again. Anything unusual (a chunk out of order, a re-sent chunk, another
 * instance, a restart, the worker lost) just drops the carried state, and completion falls back to reading
 * the chunks. The state lives in the worker, one per process (kept on globalThis, as every bundle of the
 * server — route handlers, the upload fast path — must see the same one).
 */

/** Bytes are sent to the worker in batches of this size (one copy, one message each). */
const BATCH = 2 << 20;
/** Hashed batches kept for reuse at most (the rest are left to the garbage collector). */
const MAX_SPARES = 8;

// The worker: plain CommonJS evaluated from this string, so no bundler has to find a file for it. Messages
// are handled in order, so `finish` answers only after every batch sent before it was hashed.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const TTL_MS = 48 * 3600 * 1000;
const MAX = 10000;
const jobs = new Map();   // job → the file's hash continued by this chunk
const files = new Map();  // upload → { next, hash, keys, at }
parentPort.on('message', (m) => {
  switch (m.op) {
    case 'begin': {
      const s = files.get(m.upload);
      if (m.chunk === 0 && !s) jobs.set(m.job, createHash('sha256'));
      else if (s && s.next === m.chunk && Date.now() - s.at <= TTL_MS) jobs.set(m.job, s.hash.copy());
      else if (s && m.chunk < s.next) files.delete(m.upload); // a re-sent chunk: the carried hash is not the file's
      break;
    }
    case 'data': {
      const hash = jobs.get(m.job);
      if (hash) hash.update(m.bytes);
      // The batch goes back to be filled again (no allocation, no garbage per batch).
      parentPort.postMessage({ spare: m.bytes.buffer }, [m.bytes.buffer]);
      break;
    }
    case 'commit': {
      const hash = jobs.get(m.job);
      jobs.delete(m.job);
      if (!hash) break; // not in order: the carried state (if any) waits for the chunk it needs
      const prev = files.get(m.upload);
      files.delete(m.upload);
      if (m.chunk > 0 && (!prev || prev.next !== m.chunk)) break;
      if (files.size >= MAX) files.delete(files.keys().next().value);
      files.set(m.upload, { next: m.chunk + 1, hash, at: Date.now(), keys: [...(m.chunk > 0 ? prev.keys : []), m.key] });
      break;
    }
    case 'forget': jobs.delete(m.job); break;
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

interface Link {
  worker: Worker;
  nextId: number;
  replies: Map<number, { resolve: (v: string | null) => void; reject: (e: Error) => void }>;
  /** Batches the worker has hashed and handed back, ready to be filled again. */
  spares: ArrayBuffer[];
}

const KEY = Symbol.for('kalkulus.chunkHasher');
type Holder = { [KEY]?: Link };
const holder = globalThis as Holder;

function link(): Link {
  const have = holder[KEY];
  if (have) return have;
  const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'kalkulus-sha256' });
  worker.unref();
  const l: Link = { worker, nextId: 1, replies: new Map(), spares: [] };
  worker.on('message', (m: { reply: number; value: string | null } | { spare: ArrayBuffer }) => {
    if ('spare' in m) {
      if (l.spares.length < MAX_SPARES) l.spares.push(m.spare);
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
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`sha256 worker exited (${code})`)));
  holder[KEY] = l;
  return l;
}

function ask(l: Link, msg: Record<string, unknown>): Promise<string | null> {
  const reply = l.nextId++;
  return new Promise((resolve, reject) => {
    l.replies.set(reply, { resolve, reject });
    l.worker.postMessage({ ...msg, reply });
  });
}

let jobSeq = 0;

/**
 * Passes a chunk's bytes through, counting them (fails with TooLong past `limit`), computing their CRC-32
 * and handing them to the worker for the file's SHA-256. `commit(key)` once the chunk is stored as `key` (the
 * file's hash then moves on by it); `forget()` when it was not.
 */
export class ChunkHasher extends Transform {
  bytes = 0;
  private crc = 0;
  private readonly link = link();
  private readonly job = ++jobSeq;
  private batch: Buffer | null = null;
  private filled = 0;

  constructor(
    private limit: number,
    private readonly uploadId: string,
    private readonly chunkId: number,
  ) {
    super({ highWaterMark: 1 << 20 });
    this.link.worker.postMessage({ op: 'begin', job: this.job, upload: uploadId, chunk: chunkId });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(new TooLong());
      return;
    }
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
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void): void {
    this.send();
    done();
  }

  private send(): void {
    if (!this.batch || this.filled === 0) return;
    const bytes = this.batch.subarray(0, this.filled);
    this.link.worker.postMessage({ op: 'data', job: this.job, bytes }, [this.batch.buffer as ArrayBuffer]);
    this.batch = null;
    this.filled = 0;
  }

  /** Lowers the limit (once the chunk's exact length is known); fails at once when more has passed already. */
  limitTo(limit: number): void {
    this.limit = limit;
    if (this.bytes > limit) this.destroy(new TooLong());
  }

  /** CRC-32 (8 hex digits) of every byte that passed. */
  checksum(): string {
    return crc32Hex(this.crc);
  }

  /** The chunk is committed as `key` (a blob key, or an S3 part's ETag). */
  commit(key: string): void {
    this.send();
    this.link.worker.postMessage({ op: 'commit', job: this.job, upload: this.uploadId, chunk: this.chunkId, key });
  }

  /** The chunk was not committed. */
  forget(): void {
    this.batch = null;
    this.link.worker.postMessage({ op: 'forget', job: this.job });
  }
}

/**
 * The file's SHA-256 when the carried hash saw exactly the committed chunks `keys` (in order); null otherwise
 * (and when the worker is gone). The state is dropped either way.
 */
export async function finishHash(uploadId: string, keys: string[]): Promise<string | null> {
  try {
    return await ask(link(), { op: 'finish', upload: uploadId, keys });
  } catch {
    return null;
  }
}

/** Drops the carried hash of an upload (aborted, restarted; tests: as after a restart). */
export function dropHash(uploadId: string): void {
  link().worker.postMessage({ op: 'drop', upload: uploadId });
}
