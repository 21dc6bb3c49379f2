import 'server-only';
import { MAX_CHUNK_LENGTH } from '@/lib/domain/files/chunk-plan';
import type { InPlaceFiles } from '@/lib/server/storage/types';
import type { AppContext } from '../../context';
import { ChunkJob } from './chunk-hasher';
import { commitChunk, outcomeOf, wrongLength, type ChunkAnswer, type ChunkReceipt, type Opened } from './chunk-rows';
import { TooLong } from './measure';
import type { PartSink } from './multipart';
import { deleteBlobs } from './pending-blobs';
import { inPlaceChunkKey } from './uploads';

/**
 * The disk store's chunk, written in place: every chunk of an upload goes into the upload's one file
 * (uploadFileKey), at its offset in the plan — no file per chunk, no rename, one background flush at a time for
 * the whole upload (on this kind of disk per-file creation and flushes cost far more than the bytes). Their
 * CRC-32 computed on the way, the bytes go, batch by batch, to the chunk worker (chunk-hasher.ts), which carries
 * the file's SHA-256 on while the session and the upload are checked (files_open_chunk); only once the check has passed
 * does the worker write them, never past the chunk's planned length — a refused chunk writes nothing. Then the
 * chunk row is committed (no flush before the answer: completion syncs the file before the object is
 * committed). A chunk that breaks off after writing part of its bytes leaves them in its range, outside every
 * committed chunk: a later copy of that chunk overwrites them, and completion checks every chunk's CRC-32
 * whenever the carried hash did not see exactly the committed chunks.
 */
export function receiveInPlace(
  ctx: AppContext,
  files: InPlaceFiles,
  opened: Promise<Opened>,
  at: { uploadId: string; chunkId: number; key: string },
  resume: () => void,
): ChunkReceipt {
  const { uploadId, chunkId, key } = at;
  const job = new ChunkJob(MAX_CHUNK_LENGTH, uploadId, chunkId, true);
  let endBody!: () => void;
  let breakBody!: (err: Error) => void;
  // Why the chunk broke off (the body, its length, a failed check, the whole request): set once, and from then
  // on the chunk is not committed even when all its bytes are in.
  let broken: Error | null = null;
  const body = new Promise<void>((resolve, reject) => {
    endBody = resolve;
    breakBody = (err) => {
      broken ??= err;
      reject(err);
    };
  });
  body.catch(() => undefined);
  const sink: PartSink = {
    write(bytes) {
      if (broken) return true; // the chunk has failed: the rest is dropped
      try {
        job.feed(bytes);
      } catch (e) {
        breakBody(e as Error);
        return true;
      }
      return job.hasRoom(resume);
    },
    end: () => endBody(),
    abort: (err) => breakBody(err),
  };

  const done = (async (): Promise<ChunkAnswer> => {
    let committed: { old: string | null; received: number[] } | undefined;
    let crc32 = '';
    let expected = 0;
    try {
      // A failed check is the answer at once (the rest of the body is dropped).
      const o = await opened;
      expected = o.expected;
      job.release(files.pathOf(key), chunkId * o.upload.chunkSize, expected);
      await body;
      crc32 = await job.end();
      if (job.bytes !== expected) throw wrongLength(chunkId, job.bytes, expected);
      // The request failed meanwhile (e.g. a second data part after this one): its answer is the failure.
      if (broken) throw broken;
      committed = await commitChunk(ctx.db, { uploadId, chunkId, size: expected, crc32, key, etag: null, multipartId: null });
      files.written(key);
      job.commit(inPlaceChunkKey(chunkId, crc32));
    } catch (e) {
      if (!broken) breakBody(e instanceof Error ? e : new Error(String(e)));
      job.forget();
      const outcome = await outcomeOf(opened);
      if (outcome.refused) throw outcome.why;
      const want = outcome.o.expected;
      if (e instanceof TooLong || job.bytes > want) throw wrongLength(chunkId, job.bytes, want);
      throw e;
    }
    // A chunk that replaced one of an older upload's chunk blobs (stored one file per chunk).
    if (committed.old && committed.old !== key) await deleteBlobs(ctx, [committed.old]);
    return { received: committed.received, chunk_id: chunkId, size: expected, crc32 };
  })();
  return { sink, done };
}
