import 'server-only';
import { Readable } from 'node:stream';
import type { BlobBody, ByteRange } from '@/lib/server/storage/types';

/** Shared by both stores so that they accept and refuse exactly the same keys and ranges. */

const KEY_CHARS = /^[a-zA-Z0-9/_.-]+$/;
const MAX_KEY_LENGTH = 512;

/** The disk store keeps its temporary files here; no key may live under it. */
export const RESERVED_PREFIX = '.tmp';

/**
 * Throws unless `key` is a safe blob key: `[a-zA-Z0-9/_.-]`, no `..`, no leading or trailing `/`,
 * no empty or `.` segment, not under the reserved `.tmp/`.
 */
export function assertValidKey(key: string): void {
  const bad = (why: string): never => {
    throw new Error(`Invalid blob key ${JSON.stringify(key.slice(0, 80))}: ${why}`);
  };
  if (typeof key !== 'string' || key.length === 0) bad('empty');
  if (key.length > MAX_KEY_LENGTH) bad(`longer than ${MAX_KEY_LENGTH} characters`);
  if (!KEY_CHARS.test(key)) bad('only a-z, A-Z, 0-9, "/", "_", ".", "-" are allowed');
  if (key.includes('..')) bad('".." is not allowed');
  if (key.startsWith('/') || key.endsWith('/')) bad('must not start or end with "/"');
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.')) bad('empty or "." path segment');
  if (segments[0] === RESERVED_PREFIX) bad(`"${RESERVED_PREFIX}/" is reserved`);
}

/** A body that was not the length it had to be. */
export class BodyLengthError extends Error {
  constructor(
    readonly got: number,
    readonly expected: number,
  ) {
    super(got > expected ? `Body longer than ${expected} bytes` : `Body ended after ${got} of ${expected} bytes`);
    this.name = 'BodyLengthError';
  }
}

/** The multipart upload no longer exists (aborted, completed, expired). */
export class NoSuchMultipartUpload extends Error {
  constructor(key: string) {
    super(`No multipart upload of ${key}`);
    this.name = 'NoSuchMultipartUpload';
  }
}

/** CompleteMultipartUpload refused the parts (missing, too small, or not the ones whose ETags were given). */
export class InvalidMultipartPart extends Error {
  constructor(key: string, cause: unknown) {
    super(`The parts of ${key} were refused`, { cause });
    this.name = 'InvalidMultipartPart';
  }
}

/** Throws RangeError unless the range is well formed (non-negative integers, start <= end). */
export function assertWellFormedRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`Invalid range start ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError(`Invalid range ${start}-${end}`);
  }
}

/**
 * The inclusive range to serve from an object of `size` bytes, as HTTP does: an `end` past the last
 * byte is clamped; a start at or past the end of the object is unsatisfiable (RangeError).
 */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  assertWellFormedRange(range);
  if (range.start >= size) throw new RangeError(`Range ${range.start}-${range.end ?? ''} not satisfiable (size ${size})`);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Any accepted body as a Node stream (never buffers a stream body). */
export function toNodeReadable(body: BlobBody): Readable {
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  if (body instanceof Readable) return body;
  // Node's `stream/web` ReadableStream and the DOM one are the same object at runtime, typed apart.
  return Readable.fromWeb(body as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
}

/** A Node stream as a web stream (the type the rest of the app works with). */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}

/** Passes on only bytes [skip, skip + take) of `source`, then destroys it (as destroying the slice does). */
export function sliceReadable(source: Readable, skip: number, take: number): Readable {
  async function* slice(): AsyncGenerator<Uint8Array> {
    let toSkip = skip;
    let left = take;
    try {
      for await (const value of source as AsyncIterable<Uint8Array>) {
        let chunk = value;
        if (toSkip > 0) {
          if (chunk.byteLength <= toSkip) {
            toSkip -= chunk.byteLength;
            continue;
          }
          chunk = chunk.subarray(toSkip);
          toSkip = 0;
        }
        if (chunk.byteLength > left) chunk = chunk.subarray(0, left);
        left -= chunk.byteLength;
        yield chunk;
        if (left <= 0) return;
      }
      throw new Error(`Blob body ended ${left} bytes early`);
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
