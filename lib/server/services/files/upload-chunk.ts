import 'server-only';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { chunkLength, MAX_CHUNK_LENGTH } from '@/lib/domain/files/chunk-plan';
import { mimeOf } from '@/lib/domain/files/mime';
import { isCrossSite } from '@/lib/domain/same-origin';
import { BodyLengthError, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import type { InPlaceFiles, MultipartBlobs } from '@/lib/server/storage/types';
import { requestHost } from '../../client-ip';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { checkSession, requireUser, tokenClaims } from '../auth/require-user';
import { ChunkHasher, ChunkJob } from './chunk-hasher';
import { TooLong } from './measure';
import { streamMultipart, streamSink, type FormFields, type PartSink } from './multipart';
import { deleteBlobs, forgetPending } from './pending-blobs';
import { ensureMultipart, partsOf } from './upload-parts';
import { inPlaceChunkKey, uploadFileKey, uploadNotFound, uploadPrefix } from './uploads';

const fieldError = (field: string, msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { [field]: msg } });

interface OpenUpload {
  id: string;
  status: string;
  name: string;
  size: number;
  chunks: number;
  chunkSize: number;
  multipartKey: string | null;
  multipartId: string | null;
}

/**
 * Who sends a chunk: the user of a verified token, and the token's session when it is still to be checked
 * (in the chunk's lookup); `sid` null when requireUser has checked it already (an upstream auth service).
 */
interface ChunkCaller {
  id: string;
  sid: string | null;
}

/**
 * The caller's upload, with `key` journalled in the same call when the upload is open and its chunks are
 * blobs — not S3 parts, i.e. not `chunk_size ≥ partsFrom` — and the caller's session read beside it (the
 * function files_open_chunk of migration 0023: one round trip, planned once per connection) and held to the
 * rule every call follows (checkSession; `sid` null: checked already). 404 when there is no such upload of
 * this user. A refused chunk clears its journal entry (the caller's).
 */
async function openForChunk(db: Db, caller: ChunkCaller, uploadId: string, key: string, partsFrom: number | null): Promise<OpenUpload> {
  const [u] = await rows<{
    session_user_id: string | null;
    session_revoked_at: unknown;
    id: string | null;
    status: string;
    name: string;
    size: string | number;
    chunks: number;
    chunk_size: string | number;
    multipart_key: string | null;
    multipart_id: string | null;
  }>(db, sql`select * from files_open_chunk(${uploadId}, ${caller.id}, ${key}, ${partsFrom}::bigint, ${caller.sid})`);
  if (caller.sid !== null) checkSession(u && { userId: u.session_user_id, revokedAt: u.session_revoked_at }, caller.id);
  if (!u?.id) throw uploadNotFound();
  return {
    id: u.id,
    status: u.status,
    name: u.name,
    size: Number(u.size),
    chunks: Number(u.chunks),
    chunkSize: Number(u.chunk_size),
    multipartKey: u.multipart_key,
    multipartId: u.multipart_id,
  };
}

/**
 * Commits a stored chunk in one round trip (the function files_commit_chunk of migration 0017): locks the upload row (chunk
 * writes of one upload commit one at a time), checks it is open (and, for an S3 part, still on the same
 * multipart upload), replaces the chunk row, journals the blob it replaces, forgets the new blob's journal
 * entry and reads the ids of the chunks that arrived. A part has no blob (`key` null) but its ETag. Returns
 * the replaced blob key and the sorted ids.
 */
async function commitChunk(
  db: Db,
  c: { uploadId: string; chunkId: number; size: number; crc32: string; key: string | null; etag: string | null; multipartId: string | null },
): Promise<{ old: string | null; received: number[] }> {
  const [r] = await rows<{ status: string; old_key: string | null; received: string | null }>(
    db,
    sql`select * from files_commit_chunk(${c.uploadId}, ${c.chunkId}, ${c.size}, ${c.crc32}, ${c.key}, ${c.etag}, ${c.multipartId})`,
  );
  if (!r || r.status === 'missing') throw uploadNotFound();
  if (r.status === 'closed') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
  if (r.status === 'restarted') {
    throw new ServiceError('CONFLICT', 'Загрузка начата заново, пока шла эта часть. Отправьте её ещё раз.');
  }
  return { old: r.old_key, received: r.received ? r.received.split(',').map(Number) : [] };
}

/** The answer to a body that was not the planned length of the chunk. */
function wrongLength(chunkId: number, got: number, expected: number): ServiceError {
  return got > expected
    ? new ServiceError('PAYLOAD_TOO_LARGE', `Часть ${chunkId} длиннее плана: ожидается ${expected} байт.`)
    : fieldError('data', `Часть ${chunkId}: получено ${got} байт, ожидается ${expected}.`);
}

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

/** An open upload the chunk belongs to, with the chunk's planned length. */
interface Opened {
  upload: OpenUpload;
  expected: number;
  parts: MultipartBlobs | null;
}

/**
 * Finds the caller's open upload (journalling `key` for a blob chunk) and checks the chunk id against its plan.
 * On failure the journal entry, if any, is the caller's to clear (deleteBlobs of `key`).
 */
async function openChunk(ctx: AppContext, caller: ChunkCaller, uploadId: string, chunkId: number, key: string): Promise<Opened> {
  // Journalled: a new blob per chunk (S3 below the part size). Not: S3 parts, or the disk's one file per
  // upload (in place: the upload's row leads to it; partsFrom 0 = every chunk is part of something else).
  const partsFrom = ctx.blobs.inPlace ? 0 : (ctx.blobs.multipart?.minPartSize ?? null);
  const upload = await openForChunk(ctx.db, caller, uploadId, key, partsFrom);
  if (upload.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
  const plan = { size: upload.size, chunks: upload.chunks, chunkSize: upload.chunkSize };
  if (chunkId >= plan.chunks) throw fieldError('chunk_id', `Номер части вне плана: от 0 до ${plan.chunks - 1}.`);
  return { upload, expected: chunkLength(plan, chunkId), parts: partsOf(ctx, plan) };
}

/** What a stored chunk answers. */
type ChunkAnswer = {
  received: number[];
  chunk_id: number;
  size: number;
  crc32: string;
};

/** A chunk being received: where its bytes go, and the answer once they are stored. */
interface ChunkReceipt {
  sink: PartSink;
  done: Promise<ChunkAnswer>;
}

/** The outcome of the chunk's check, without throwing (a refusal is then the answer, whatever else failed). */
const outcomeOf = (checked: Promise<Opened>) =>
  checked.then(
    (o) => ({ refused: false as const, o }),
    (why: unknown) => ({ refused: true as const, why }),
  );

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
function receiveInPlace(
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

/**
 * A chunk for a store that takes streams (S3): on S3 with chunks ≥ 5 MiB into a part of the upload's multipart
 * upload (storePart); otherwise a blob put through the length check and the checksums, its key taken only once
 * the check has passed (the store's `gate`).
 */
async function storeStream(
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

/** A sink for a chunk refused before its bytes are looked at: they are dropped. */
const dropSink: PartSink = { write: () => true, end: () => undefined, abort: () => undefined };

/**
 * Receives one chunk whose `data` part is starting: checks the fields, then the bytes go to the store — on
 * the disk store through the chunk worker into the upload's file (receiveInPlace), on S3 as a stream
 * (storeStream) — while the session and the upload are checked (`caller` may still be checking the session,
 * and the upload is looked up as the bytes flow). A chunk sent again replaces the old one (its blob is
 * deleted). Answers `received` (sorted ids), `chunk_id`, `size` and `crc32` (the chunk's CRC-32, for the
 * client to compare with what it sent).
 */
function receiveChunkPart(ctx: AppContext, caller: Promise<ChunkCaller>, fields: FormFields, resume: () => void): ChunkReceipt {
  const uploadId = fields.upload_id?.trim();
  const chunkText = fields.chunk_id?.trim() ?? '';
  let refusal: ServiceError | null = null;
  if (!uploadId) refusal = fieldError('upload_id', 'Не указан upload_id (поле должно идти до data).');
  else if (!/^\d{1,6}$/.test(chunkText)) refusal = fieldError('chunk_id', 'Не указан номер части chunk_id (целое число от 0).');
  else if (uploadId.length > 64) refusal = uploadNotFound();
  if (refusal || !uploadId) return { sink: dropSink, done: Promise.reject(refusal) };
  const chunkId = Number(chunkText);

  const inPlace = ctx.blobs.inPlace;
  const key = inPlace ? uploadFileKey(uploadId) : `${uploadPrefix(uploadId)}/${chunkId}-${randomBytes(6).toString('hex')}`;
  const opened = caller.then((c) => openChunk(ctx, c, uploadId, chunkId, key));
  opened.catch(() => undefined);
  const at = { uploadId, chunkId, key };
  if (inPlace) return receiveInPlace(ctx, inPlace, opened, at, resume);
  const { sink, stream } = streamSink(resume);
  const done = storeStream(ctx, opened, at, stream);
  return { sink, done };
}

/**
 * One `uploadChunk` request: the cross-site check (`uploadChunk` is left out of proxy.ts, whose body cloning
 * would buffer every chunk twice), the session, then the multipart body streamed into receiveChunkPart. `body` is
 * the request's bytes as a Node stream: Next's request body, or — on the production server's fast path
 * (lib/server/gateway/upload-fast-path.ts) — the socket's IncomingMessage itself.
 */
export async function receiveChunk(ctx: AppContext, req: Request, body: Readable | null, opts: { drainOnFail?: boolean } = {}) {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.headers.get('origin'),
    secFetchSite: req.headers.get('sec-fetch-site'),
    host: requestHost(req, ctx.env.TRUST_PROXY),
  });
  if (crossSite) throw new ServiceError('FORBIDDEN', 'Запрос с другого сайта отклонён.');
  // The token is verified before any byte is stored; its session is checked in the chunk's lookup while the
  // body starts to flow (receiveChunkPart), and the blob is kept only if it holds. With an upstream auth service,
  // requireUser asks the upstream (also while the body flows).
  const claims = await tokenClaims(ctx, req);
  const caller: Promise<ChunkCaller> = claims
    ? Promise.resolve({ id: claims.sub, sid: claims.sid })
    : requireUser(ctx, req).then((u) => ({ id: u.id, sid: null }));
  caller.catch(() => undefined);
  const query = new URL(req.url).searchParams;
  return streamMultipart(
    req.headers.get('content-type'),
    body,
    (fields, resume) =>
      receiveChunkPart(
        ctx,
        caller,
        { upload_id: fields.upload_id ?? query.get('upload_id') ?? '', chunk_id: fields.chunk_id ?? query.get('chunk_id') ?? '' },
        resume,
      ),
    opts,
  );
}

export const uploadChunkCall = defineCall({
  body: 'raw',
  handle: ({ req, ctx }) =>
    receiveChunk(ctx, req, req.body ? Readable.fromWeb(req.body as unknown as import('node:stream/web').ReadableStream<Uint8Array>) : null),
});
