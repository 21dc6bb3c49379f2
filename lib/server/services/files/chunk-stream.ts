import 'server-only';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MAX_CHUNK_LENGTH } from '@/lib/domain/files/chunk-plan';
import { mimeOf } from '@/lib/domain/files/mime';
import { BodyLengthError, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import type { MultipartBlobs } from '@/lib/server/storage/types';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { ChunkHasher } from './chunk-hasher';
import { commitChunk, outcomeOf, wrongLength, type ChunkAnswer, type Opened, type OpenUpload } from './chunk-rows';
import { TooLong } from './measure';
import { deleteBlobs, forgetPending } from './pending-blobs';
import { ensureMultipart } from './upload-parts';

/**
 * Sends a chunk as part chunkId + 1 of the upload's S3 multipart upload (created with the first chunk), streamed
 * through the same length check and checksums; a chunk sent again replaces the part. The row keeps the part's
 * ETag. Answers as receiveChunkPart.
 */
async function storePart(
  ctx: AppContext,
  parts: MultipartBlobs,
  upload: OpenUpload,
  chunkId: number,
  expected: number,
  data: Readable,
) {
  const mp = await ensureMultipart(ctx, parts, {
    id: upload.id,
    contentType: mimeOf(upload.name),
    multipartKey: upload.multipartKey,
    multipartId: upload.multipartId,
  });
  // The request failed while the multipart upload was found or made: nothing is sent.
  if (data.errored) throw data.errored;
  const measure = new ChunkHasher(expected, upload.id, chunkId);
  let stored = false;
  try {
    data.on('error', (e) => measure.destroy(e));
    measure.on('error', () => undefined);
    let etag: string;
    try {
      etag = await parts.putPart(mp.key, mp.id, chunkId + 1, data.pipe(measure), expected);
    } catch (e) {
      data.resume();
      if (e instanceof BodyLengthError) throw wrongLength(chunkId, e.got, expected);
      if (e instanceof TooLong || measure.bytes > expected) throw wrongLength(chunkId, measure.bytes, expected);
      if (e instanceof NoSuchMultipartUpload) {
        // Aborted or completed meanwhile (completion then finds out what happened and answers the client).
        throw new ServiceError('CONFLICT', 'Загрузка отменена или уже завершается: часть не принята.');
      }
      throw e;
    }
    if (measure.bytes !== expected) throw wrongLength(chunkId, measure.bytes, expected);
    const crc32 = await measure.job.end();
    // The part may be stored before the request has ended (its length is known): the chunk counts only once the
    // whole request has ended well (a request that fails after its data part stores nothing).
    await finished(data);
    const committed = await commitChunk(ctx.db, {
      uploadId: upload.id,
      chunkId,
      size: expected,
      crc32,
      key: null,
      etag,
      multipartId: mp.id,
    });
    // The ETag names the part's content: completion checks the carried hash saw exactly the committed parts.
    measure.job.commit(etag);
    stored = true;
    return { received: committed.received, chunk_id: chunkId, size: expected, crc32 };
  } finally {
    if (!stored) measure.job.forget();
  }
}

/**
 * A chunk for a store that takes streams (S3): on S3 with chunks ≥ 5 MiB into a part of the upload's multipart
 * upload (storePart); otherwise a blob put through the length check and the checksums, its key taken only once
 * the check has passed (the store's `gate`).
 */
export async function storeStream(
  ctx: AppContext,
  opened: Promise<Opened>,
  at: { uploadId: string; chunkId: number; key: string },
  data: Readable,
): Promise<ChunkAnswer> {
  const { uploadId, chunkId, key } = at;
  if (ctx.blobs.multipart) {
    let o: Opened;
    try {
      o = await opened;
      // The request failed while the upload was looked up: nothing is stored.
      if (data.errored) throw data.errored;
    } catch (e) {
      await forgetPending(ctx.db, [key]);
      throw e;
    }
    if (o.parts) return storePart(ctx, o.parts, o.upload, chunkId, o.expected, data);
  }

  const measure = new ChunkHasher(MAX_CHUNK_LENGTH, uploadId, chunkId);
  // Once the plan is known the body is held to the chunk's exact length; a failed check stops it at once.
  const checked = opened.then((o) => {
    try {
      measure.job.limitTo(o.expected);
    } catch (e) {
      measure.destroy(e as Error);
    }
    return o;
  });
  checked.catch((e: unknown) => measure.destroy(e instanceof Error ? e : new Error(String(e))));
  let committed: { old: string | null; received: number[] } | undefined;
  let crc32 = '';
  let expected = 0;
  try {
    data.on('error', (e) => measure.destroy(e));
    // The store's pipeline reports the error; this listener only keeps it from being thrown as uncaught.
    measure.on('error', () => undefined);
    try {
      // Not flushed before the answer: completion syncs the chunks before the file is committed.
      await ctx.blobs.put(key, data.pipe(measure), { durable: false, gate: checked });
      ({ expected } = await checked);
      if (measure.bytes !== expected) throw wrongLength(chunkId, measure.bytes, expected);
      crc32 = await measure.job.end();
      // The request failed meanwhile (e.g. a second data part after this one): its answer is the failure.
      if (data.errored) throw data.errored;
      committed = await commitChunk(ctx.db, { uploadId, chunkId, size: expected, crc32, key, etag: null, multipartId: null });
    } catch (e) {
      data.resume();
      // A failed check is the answer (the stream was stopped because of it); the journal entry goes with the blob.
      const outcome = await outcomeOf(checked);
      await deleteBlobs(ctx, [key]);
      if (outcome.refused) throw outcome.why;
      const want = outcome.o.expected;
      if (e instanceof TooLong || measure.bytes > want) throw wrongLength(chunkId, measure.bytes, want);
      throw e;
    }
    measure.job.commit(key);
  } finally {
    if (!committed) measure.job.forget();
  }
  if (committed.old) await deleteBlobs(ctx, [committed.old]);
  return { received: committed.received, chunk_id: chunkId, size: expected, crc32 };
}
