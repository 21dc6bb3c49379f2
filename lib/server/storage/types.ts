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

/** A read whose bytes are a Node stream (for a consumer that pipes Node streams: no web-stream copy). */
export interface BlobNodeRead extends BlobStat {
  /** The bytes (the requested range only, when a range was given); destroying it releases the file or connection. */
  body: Readable;
  /** The range actually served (inclusive), when a range was asked for. */
  range?: { start: number; end: number };
}

/** One part of a multipart upload, as CompleteMultipartUpload wants it. */
export interface PartRef {
  /** 1-based. */
  partNumber: number;
  etag: string;
}

/**
 * An object written part by part (S3 multipart upload; the S3 store only). Parts are numbered from 1; every
 * part but the last must be at least `minPartSize` bytes; a part sent again replaces the old one.
 */
export interface MultipartBlobs {
  readonly minPartSize: number;
  /** Starts a multipart upload that will write `key`; answers its upload id. */
  create(key: string, opts?: { contentType?: string }): Promise<string>;
  /**
   * Streams part `partNumber` of exactly `length` bytes and answers its ETag. Rejects with BodyLengthError
   * when the body is longer or shorter, with NoSuchMultipartUpload when the upload is gone (aborted, completed).
   */
  putPart(key: string, uploadId: string, partNumber: number, body: BlobBody, length: number): Promise<string>;
  /**
   * Joins the parts, in this order, into the object `key` (atomic: the object appears whole or not at all).
   * Rejects with NoSuchMultipartUpload when the upload is gone, InvalidMultipartPart when a part is missing,
   * too small or not the one whose ETag is given.
   */
  complete(key: string, uploadId: string, parts: PartRef[]): Promise<void>;
  /** Discards the upload and its parts; no error when it no longer exists. */
  abort(key: string, uploadId: string): Promise<void>;
  /**
   * Aborts every multipart upload of exactly `key` (one whose id was never recorded: a crash right after it
   * was created). Answers how many, or null when the store cannot list multipart uploads.
   */
  abortAll(key: string): Promise<number | null>;
}

/**
 * Blobs written in place by someone else (the upload worker writes each chunk at its offset in the upload's
 * one file, on its own thread): the store names the file; `sync` of the key makes what was written durable.
 */
export interface InPlaceFiles {
  /** The file of `key`, for a writer that creates it (and its folder) when missing and writes into it. */
  pathOf(key: string): string;
  /** Bytes were written into `key`: the store flushes them to disk in the background (`sync` waits for it). */
  written(key: string): void;
}

/**
 * Where file bytes live. Keys are generated ids (`[a-zA-Z0-9/_-]`), never user file names.
 * Implementations: disk (DATA_DIR/blobs) and S3-compatible. Both pass tests/integration/storage.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Part-by-part writes (S3 only). */
  readonly multipart?: MultipartBlobs;
  /** Files written in place by someone else (a worker thread) (disk only). */
  readonly inPlace?: InPlaceFiles;
  /**
   * Writes the whole body under `key`, replacing what was there; visible only once complete. Durable when it
   * resolves, unless `durable: false`: then the bytes survive a crash of the process at once, and a power
   * loss only after `sync` of the key has resolved (the disk store flushes them in the background meanwhile).
   * With `gate`, the blob appears at `key` only after the gate has resolved (the bytes may flow before it, into
   * a place nobody reads); when the gate rejects, the put rejects with its reason and `key` is untouched.
   */
  put(key: string, body: BlobBody, opts?: { contentType?: string; durable?: boolean; gate?: Promise<unknown> }): Promise<BlobStat>;
  /** Makes blobs written with `durable: false` durable (disk: rejects when one is missing; S3: nothing to do). */
  sync(keys: string[]): Promise<void>;
  /** Reads `key` (or a range of it); `null` when it does not exist. Throws RangeError for an unsatisfiable range. */
  get(key: string, range?: ByteRange): Promise<BlobRead | null>;
  /** The same read with the bytes as a Node stream. */
  open(key: string, range?: ByteRange): Promise<BlobNodeRead | null>;
  /** Size and etag of `key`; `null` when it does not exist. */
  stat(key: string): Promise<BlobStat | null>;
  /** Removes `key`; no error when it does not exist. */
  delete(key: string): Promise<void>;
  /** Checks that the store is reachable and writable (for /api/ready). */
  ping(): Promise<void>;
}
