import 'server-only';
import { sql } from 'drizzle-orm';
import { chunkLength } from '@/lib/domain/files/chunk-plan';
import type { MultipartBlobs } from '@/lib/server/storage/types';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';
import { checkSession } from '../auth/require-user';
import type { PartSink } from './multipart';
import { partsOf } from './upload-parts';
import { uploadNotFound } from './uploads';

/* The chunk's rows: the caller's open upload looked up (and its plan checked), the stored chunk committed, and the answers. */

export const fieldError = (field: string, msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { [field]: msg } });

export interface OpenUpload {
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
export interface ChunkCaller {
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
export async function commitChunk(
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
export function wrongLength(chunkId: number, got: number, expected: number): ServiceError {
  return got > expected
    ? new ServiceError('PAYLOAD_TOO_LARGE', `Часть ${chunkId} длиннее плана: ожидается ${expected} байт.`)
    : fieldError('data', `Часть ${chunkId}: получено ${got} байт, ожидается ${expected}.`);
}

/** An open upload the chunk belongs to, with the chunk's planned length. */
export interface Opened {
  upload: OpenUpload;
  expected: number;
  parts: MultipartBlobs | null;
}

/**
 * Finds the caller's open upload (journalling `key` for a blob chunk) and checks the chunk id against its plan.
 * On failure the journal entry, if any, is the caller's to clear (deleteBlobs of `key`).
 */
export async function openChunk(ctx: AppContext, caller: ChunkCaller, uploadId: string, chunkId: number, key: string): Promise<Opened> {
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
export type ChunkAnswer = {
  received: number[];
  chunk_id: number;
  size: number;
  crc32: string;
};

/** A chunk being received: where its bytes go, and the answer once they are stored. */
export interface ChunkReceipt {
  sink: PartSink;
  done: Promise<ChunkAnswer>;
}

/** The outcome of the chunk's check, without throwing (a refusal is then the answer, whatever else failed). */
export const outcomeOf = (checked: Promise<Opened>) =>
  checked.then(
    (o) => ({ refused: false as const, o }),
    (why: unknown) => ({ refused: true as const, why }),
  );
