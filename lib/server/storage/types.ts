import 'server-only';
import type { Readable } from 'node:stream';

/** A body a store accepts: a web stream, a Node stream or bytes. Streams are never buffered whole. */
export type BlobBody = ReadableStream<Uint8Array> | Readable | Uint8Array;

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  /** Inclusive; omitted = to the end. */
  end?: number;
}

export interface BlobStat {
  key: string;
  size: number;
  /** Opaque, changes whenever the content changes. */
  etag: string;
  modifiedAt: Date;
}

export interface BlobRead extends BlobStat {
  /** The bytes (the requested range only, when a range was given). */
  body: ReadableStream<Uint8Array>;
  /** The range actually served (inclusive), when a range was asked for. */
  range?: { start: number; end: number };
}

/**
 * Where file bytes live (DESIGN §5). Keys are generated ids (`[a-zA-Z0-9/_-]`), never user file names.
 * Implementations: disk (DATA_DIR/blobs) and S3-compatible. Both pass tests/integration/storage.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /**
   * Writes the whole body under `key`, replacing what was there; visible only once complete. Durable when it
   * resolves, unless `durable: false`: then the bytes survive a crash of the process at once, and a power
   * loss only after `sync` of the key has resolved (the disk store flushes them in the background meanwhile).
   */
  put(key: string, body: BlobBody, opts?: { contentType?: string; durable?: boolean }): Promise<BlobStat>;
  /** Makes blobs written with `durable: false` durable (disk: rejects when one is missing; S3: nothing to do). */
  sync(keys: string[]): Promise<void>;
  /** Reads `key` (or a range of it); `null` when it does not exist. Throws RangeError for an unsatisfiable range. */
  get(key: string, range?: ByteRange): Promise<BlobRead | null>;
  /** Size and etag of `key`; `null` when it does not exist. */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Checks that the store is reachable and writable (for /api/ready). */
  ping(): Promise<void>;
}
