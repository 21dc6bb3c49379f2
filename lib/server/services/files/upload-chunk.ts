import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { chunkLength } from '@/lib/domain/files/chunk-plan';
import { mimeOf } from '@/lib/domain/files/mime';
import { isCrossSite } from '@/lib/domain/same-origin';
import { BodyLengthError, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import type { MultipartBlobs } from '@/lib/server/storage/types';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { commitHash, hashToContinue } from './file-hash-state';
import { Measure, TooLong } from './measure';
import { streamMultipart, type FormFields } from './multipart';
import { deleteBlobs, forgetPending } from './pending-blobs';
import { ensureMultipart, partsOf } from './upload-parts';
import { uploadNotFound } from './uploads';

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
 * The caller's upload, with `key` journalled in the same statement when the upload is open and its chunks
 * are blobs — not S3 parts, i.e. not `chunk_size ≥ partsFrom` (one round trip before the bytes flow).
 * 404 when there is no such upload of this user.
 */
async function openForChunk(db: Db, userId: string, uploadId: string, key: string, partsFrom: number | null): Promise<OpenUpload> {
  const [u] = await rows<{
    id: string;
    status: string;
    name: string;
    size: string | number;
    chunks: number;
    chunk_size: string | number;
    multipart_key: string | null;
    multipart_id: string | null;
  }>(
    db,
    sql`with u as (select id, status, name, size, chunks, chunk_size, multipart_key, multipart_id
                     from files_uploads where id = ${uploadId} and user_id = ${userId}),
             p as (insert into files_pending_blobs (key) select ${key} from u
                    where u.status = 'open' and (${partsFrom}::bigint is null or u.chunk_size < ${partsFrom}::bigint)
                   on conflict do nothing)
        select * from u`,
  );
  if (!u) throw uploadNotFound();
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
 * Commits a stored chunk: one transaction of two statements. The first locks the upload row (chunk writes of
 * one upload commit one at a time) and checks it is open (and, for an S3 part, still on the same multipart
 * upload); the second — whose snapshot therefore sees every earlier chunk write — replaces the chunk row,
 * journals the blob it replaces, forgets the new blob's journal entry and reads the ids of the chunks that
 * arrived. A part has no blob (`key` null) but its ETag. Returns the replaced blob key and the sorted ids.
 */
async function commitChunk(
  db: Db,
  c: { uploadId: string; chunkId: number; size: number; sha256: string; key: string | null; etag: string | null; multipartId: string | null },
): Promise<{ old: string | null; received: number[] }> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .update(fileUploads)
      .set({ touchedAt: sql`now()` })
      .where(eq(fileUploads.id, c.uploadId))
      .returning({ status: fileUploads.status, multipartId: fileUploads.multipartId });
    if (!open) throw uploadNotFound();
    if (open.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
    if (c.multipartId && open.multipartId !== c.multipartId) {
      throw new ServiceError('CONFLICT', 'Загрузка начата заново, пока шла эта часть. Отправьте её ещё раз.');
    }
    const [r] = await rows<{ old: string | null; received: string | null }>(
      tx as unknown as Db,
      sql`with prev as (select blob_key from files_upload_chunks where upload_id = ${c.uploadId} and chunk_id = ${c.chunkId}),
               ins as (insert into files_upload_chunks (upload_id, chunk_id, size, sha256, blob_key, etag)
                       values (${c.uploadId}, ${c.chunkId}, ${c.size}, ${c.sha256}, ${c.key}, ${c.etag})
                       on conflict (upload_id, chunk_id) do update
                         set size = excluded.size, sha256 = excluded.sha256, blob_key = excluded.blob_key,
                             etag = excluded.etag, received_at = now()),
               oldp as (insert into files_pending_blobs (key) select blob_key from prev where blob_key is not null on conflict do nothing),
               gone as (delete from files_pending_blobs where key = ${c.key})
          select (select blob_key from prev) as old,
                 (select string_agg(chunk_id::text, ',') from files_upload_chunks
                   where upload_id = ${c.uploadId} and chunk_id <> ${c.chunkId}) as received`,
    );
    // The statement's snapshot does not see its own insert: this chunk is added here.
    const received = (r?.received ? r.received.split(',').map(Number) : []).concat(c.chunkId).sort((a, b) => a - b);
    return { old: r?.old ?? null, received };
  });
}

/** The answer to a body that was not the planned length of the chunk. */
function wrongLength(chunkId: number, got: number, expected: number): ServiceError {
  return got > expected
    ? new ServiceError('PAYLOAD_TOO_LARGE', `Часть ${chunkId} длиннее плана: ожидается ${expected} байт.`)
    : fieldError('data', `Часть ${chunkId}: получено ${got} байт, ожидается ${expected}.`);
}

/**
 * Sends a chunk as part chunkId + 1 of the upload's S3 multipart upload (created with the first chunk), streamed
 * through the same length and SHA-256 checks; a chunk sent again replaces the part. The row keeps the part's
 * ETag. Answers as storeChunk.
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
  const fileHash = hashToContinue(upload.id, chunkId);
  const measure = new Measure(expected, fileHash);
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
  const sha256 = measure.digest();
  const committed = await commitChunk(ctx.db, {
    uploadId: upload.id,
    chunkId,
    size: expected,
    sha256,
    key: null,
    etag,
    multipartId: mp.id,
  });
  // The ETag names the part's content: completion checks the carried hash saw exactly the committed parts.
  if (fileHash) commitHash(upload.id, chunkId, fileHash, etag);
  return { received: committed.received, chunk_id: chunkId, size: expected, sha256 };
}

/**
 * Stores one chunk: the body streams through a SHA-256/length check into the blob store (never held in
 * memory) — or, on S3 with chunks ≥ 5 MiB, into a part of the upload's multipart upload (storePart); the
 * chunk row is then upserted under the upload's row lock, so a chunk sent again replaces the
 * old one and the old blob is deleted. Three database round trips besides the caller's session check.
 * Answers `received` (sorted ids), `chunk_id`, `size` and `sha256`.
 */
export async function storeChunk(ctx: AppContext, userId: string, fields: FormFields, data: Readable) {
  const uploadId = fields.upload_id?.trim();
  if (!uploadId) throw fieldError('upload_id', 'Не указан upload_id (поле должно идти до data).');
  const chunkText = fields.chunk_id?.trim() ?? '';
  if (!/^\d{1,6}$/.test(chunkText)) throw fieldError('chunk_id', 'Не указан номер части chunk_id (целое число от 0).');
  const chunkId = Number(chunkText);
  if (uploadId.length > 64) throw uploadNotFound();

  const key = `uploads/${uploadId.replace(/[^A-Za-z0-9_-]/g, '_')}/${chunkId}-${randomBytes(6).toString('hex')}`;
  const upload = await openForChunk(ctx.db, userId, uploadId, key, ctx.blobs.multipart?.minPartSize ?? null);
  if (upload.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
  const plan = { size: upload.size, chunks: upload.chunks, chunkSize: upload.chunkSize };
  const parts = partsOf(ctx, plan);
  if (chunkId >= plan.chunks) {
    if (!parts) await forgetPending(ctx.db, [key]);
    throw fieldError('chunk_id', `Номер части вне плана: от 0 до ${plan.chunks - 1}.`);
  }
  const expected = chunkLength(plan, chunkId);
  if (parts) return storePart(ctx, parts, upload, chunkId, expected, data);

  const fileHash = hashToContinue(upload.id, chunkId);
  const measure = new Measure(expected, fileHash);
  data.on('error', (e) => measure.destroy(e));
  // The store's pipeline reports the error; this listener only keeps it from being thrown as uncaught.
  measure.on('error', () => undefined);
  try {
    // Not flushed to disk before the answer: completion syncs the chunks before the file is committed.
    await ctx.blobs.put(key, data.pipe(measure), { durable: false });
  } catch (e) {
    data.resume();
    await deleteBlobs(ctx, [key]);
    if (e instanceof TooLong || measure.bytes > expected) throw wrongLength(chunkId, measure.bytes, expected);
    throw e;
  }
  if (measure.bytes !== expected) {
    await deleteBlobs(ctx, [key]);
    throw wrongLength(chunkId, measure.bytes, expected);
  }
  const sha256 = measure.digest();

  let committed: { old: string | null; received: number[] };
  try {
    committed = await commitChunk(ctx.db, { uploadId: upload.id, chunkId, size: expected, sha256, key, etag: null, multipartId: null });
  } catch (e) {
    await deleteBlobs(ctx, [key]);
    throw e;
  }
  if (fileHash) commitHash(upload.id, chunkId, fileHash, key);
  if (committed.old) await deleteBlobs(ctx, [committed.old]);
  return { received: committed.received, chunk_id: chunkId, size: expected, sha256 };
}

/**
 * `uploadChunk` is left out of proxy.ts (whose body cloning would buffer every chunk twice and hold the
 * handler back until the whole chunk arrived), so the cross-site check of the proxy is made here.
 */
export const uploadChunkCall = defineCall({
  body: 'raw',
  async handle({ req, ctx }) {
    const crossSite = isCrossSite({
      method: req.method,
      origin: req.headers.get('origin'),
      secFetchSite: req.headers.get('sec-fetch-site'),
      host: req.headers.get('x-forwarded-host') ?? req.headers.get('host'),
    });
    if (crossSite) throw new ServiceError('FORBIDDEN', 'Запрос с другого сайта отклонён.');
    const user = await requireUser(ctx, req);
    const query = new URL(req.url).searchParams;
    return streamMultipart(req, (fields, data) =>
      storeChunk(
        ctx,
        user.id,
        { upload_id: fields.upload_id ?? query.get('upload_id') ?? '', chunk_id: fields.chunk_id ?? query.get('chunk_id') ?? '' },
        data,
      ),
    );
  },
});
