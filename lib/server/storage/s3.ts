import 'server-only';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertValidKey,
  assertWellFormedRange,
  BodyLengthError,
  InvalidMultipartPart,
  NoSuchMultipartUpload,
  sliceReadable,
  toNodeReadable,
  toWebStream,
} from '@/lib/server/storage/common';
import type { BlobBody, BlobNodeRead, BlobRead, BlobStat, BlobStore, ByteRange, MultipartBlobs, PartRef } from '@/lib/server/storage/types';

export interface S3StoreOptions {
  /** Omitted = AWS itself; otherwise e.g. https://storage.yandexcloud.net or a MinIO address. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Multipart part size: the S3 minimum. An upload holds at most PART_SIZE × QUEUE_SIZE (+ one part being filled). */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

function makeClient(opts: S3StoreOptions): S3Client {
  return new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // Checksums only where the API requires them: many S3-compatible stores reject the CRC32
    // trailers (aws-chunked bodies) the SDK adds by default since 3.729.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const statusOf = (e: unknown): number | undefined =>
  e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;

const isNotFound = (e: unknown): boolean =>
  statusOf(e) === 404 || (e instanceof Error && (e.name === 'NoSuchKey' || e.name === 'NotFound'));

const isNoSuchUpload = (e: unknown): boolean => e instanceof Error && e.name === 'NoSuchUpload';

const isPartRefused = (e: unknown): boolean =>
  e instanceof Error && (e.name === 'InvalidPart' || e.name === 'InvalidPartOrder' || e.name === 'EntityTooSmall');

const isNotImplemented = (e: unknown): boolean =>
  statusOf(e) === 501 || (e instanceof Error && (e.name === 'NotImplemented' || e.name === 'MethodNotAllowed'));

const isBadRange = (e: unknown): boolean => statusOf(e) === 416 || (e instanceof Error && e.name === 'InvalidRange');

/** `bytes start-end/size` → numbers (size may be `*`). */
function parseContentRange(value: string | undefined): { start: number; end: number; size?: number } | null {
  const m = value ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim()) : null;
  if (!m?.[1] || !m[2] || !m[3]) return null;
  return { start: Number(m[1]), end: Number(m[2]), size: m[3] === '*' ? undefined : Number(m[3]) };
}

function requireEtag(etag: string | undefined, key: string): string {
  if (!etag) throw new Error(`S3 returned no ETag for ${key}`);
  return etag;
}

/** Creates the bucket when it does not exist (tests, development, first start). */
export async function ensureBucket(opts: S3StoreOptions): Promise<void> {
  const client = makeClient(opts);
  try {
    try {
      await client.send(new HeadBucketCommand({ Bucket: opts.bucket }));
      return;
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    try {
      await client.send(new CreateBucketCommand({ Bucket: opts.bucket }));
    } catch (e) {
      if (!(e instanceof Error && e.name === 'BucketAlreadyOwnedByYou')) throw e;
    }
  } finally {
    client.destroy();
  }
}

/** Blobs as objects in one bucket of an S3-compatible store; the key is the object key. */
export function createS3Store(opts: S3StoreOptions): BlobStore {
  const client = makeClient(opts);
  const Bucket = opts.bucket;

  const stat = async (key: string): Promise<BlobStat | null> => {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        etag: requireEtag(head.ETag, key),
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  };

  const abort = async (key: string, uploadId: string): Promise<void> => {
    assertValidKey(key);
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    } catch (e) {
      if (!isNoSuchUpload(e) && !isNotFound(e)) throw e;
    }
  };

  const multipart: MultipartBlobs = {
    minPartSize: PART_SIZE,

    async create(key: string, createOpts?: { contentType?: string }): Promise<string> {
      assertValidKey(key);
      const res = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: createOpts?.contentType ?? 'application/octet-stream' }),
      );
      if (!res.UploadId) throw new Error(`S3 returned no UploadId for ${key}`);
      return res.UploadId;
    },

    async putPart(key: string, uploadId: string, partNumber: number, body: BlobBody, length: number): Promise<string> {
      assertValidKey(key);
      if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`Invalid part length ${length}`);
      // The SDK pipes a stream body into the request and never hears of its errors: a body that fails, or that
      // is longer or shorter than the Content-Length sent, aborts the request instead of leaving it hanging.
      const source = toNodeReadable(body);
      const ac = new AbortController();
      let failure: Error | undefined;
      let got = 0;
      const counted = new Transform({
        highWaterMark: 1 << 20,
        transform(chunk: Buffer, _enc, done) {
          got += chunk.length;
          done(got > length ? new BodyLengthError(got, length) : null, chunk);
        },
        flush(done) {
          done(got === length ? null : new BodyLengthError(got, length));
        },
      });
      counted.on('error', (e) => {
        failure ??= e;
        ac.abort(e);
      });
      source.on('error', (e) => counted.destroy(e));
      source.pipe(counted);
      try {
        const res = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: counted, ContentLength: length }),
          { abortSignal: ac.signal },
        );
        if (failure) throw failure;
        return requireEtag(res.ETag, key);
      } catch (e) {
        source.unpipe(counted);
        counted.destroy();
        if (failure) throw failure;
        if (isNoSuchUpload(e)) throw new NoSuchMultipartUpload(key);
        throw e;
      }
    },

    async complete(key: string, uploadId: string, parts: PartRef[]): Promise<void> {
      assertValidKey(key);
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        );
      } catch (e) {
        if (isNoSuchUpload(e)) throw new NoSuchMultipartUpload(key);
        if (isPartRefused(e)) throw new InvalidMultipartPart(key, e);
        throw e;
      }
    },

    abort,

    async abortAll(key: string): Promise<number | null> {
      assertValidKey(key);
      let n = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        let page;
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: key, KeyMarker, UploadIdMarker }));
        } catch (e) {
          if (isNotImplemented(e)) return null;
          throw e;
        }
        for (const u of page.Uploads ?? []) {
          if (u.Key !== key || !u.UploadId) continue;
          await abort(key, u.UploadId);
          n++;
        }
        if (!page.IsTruncated) return n;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };

  const store: BlobStore = {
    kind: 's3',
    multipart,

    async put(key: string, body: BlobBody, putOpts?: { contentType?: string; gate?: Promise<unknown> }): Promise<BlobStat> {
      putOpts?.gate?.catch(() => undefined);
      assertValidKey(key);
      // Nothing reaches the bucket before the gate opens (no place here that nobody reads).
      await putOpts?.gate;
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          // Web streams go through Node streams too: lib-storage reads both, but one path is simpler to reason about.
          Body: body instanceof Uint8Array ? body : toNodeReadable(body),
          ContentType: putOpts?.contentType ?? 'application/octet-stream',
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      await upload.done();
      const st = await stat(key);
      if (!st) throw new Error(`S3 object ${key} is missing right after it was written`);
      return st;
    },

    /** S3 writes are durable once acknowledged: nothing to do. */
    async sync(): Promise<void> {},

    async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
      const read = await store.open(key, range);
      return read && { ...read, body: toWebStream(read.body) };
    },

    async open(key: string, range?: ByteRange): Promise<BlobNodeRead | null> {
      assertValidKey(key);
      if (range) assertWellFormedRange(range);
      let res: GetObjectCommandOutput;
      try {
        res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
      } catch (e) {
        if (isNotFound(e)) return null;
        if (range && isBadRange(e)) throw new RangeError(`Range ${range.start}-${range.end ?? ''} not satisfiable for ${key}`);
        throw e;
      }
      if (!res.Body) throw new Error(`S3 returned no body for ${key}`);
      // On Node the SDK's body is the HTTP response itself: read as it is, with no web-stream copy.
      const body = res.Body instanceof Readable ? res.Body : toNodeReadable(res.Body.transformToWebStream());
      const length = res.ContentLength ?? 0;
      const served = parseContentRange(res.ContentRange);
      const size = served?.size ?? (served ? undefined : length);
      if (size === undefined) {
        body.destroy();
        throw new Error(`S3 returned no object size for ${key}`);
      }
      const info: BlobStat = {
        key,
        size,
        etag: requireEtag(res.ETag, key),
        modifiedAt: res.LastModified ?? new Date(0),
      };
      if (!range) return { ...info, body };

      // Serve exactly what HTTP semantics say, even from a store that answers a range loosely
      // (some send the whole object with 200, s3rver ignores an `end` of 0).
      if (range.start >= size) {
        body.destroy();
        throw new RangeError(`Range ${range.start}-${range.end ?? ''} not satisfiable for ${key}`);
      }
      const want = { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
      const got = served ?? { start: 0, end: size - 1 };
      if (got.start === want.start && got.end === want.end) return { ...info, body, range: want };
      if (got.start > want.start || got.end < want.end) {
        body.destroy();
        throw new Error(`S3 served bytes ${got.start}-${got.end} of ${key} for a request of ${want.start}-${want.end}`);
      }
      return { ...info, body: sliceReadable(body, want.start - got.start, want.end - want.start + 1), range: want };
    },

    stat,

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    },

    async ping(): Promise<void> {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return store;
}
