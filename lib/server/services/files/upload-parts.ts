import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChunkPlan } from '@/lib/domain/files/chunk-plan';
import type { MultipartBlobs } from '@/lib/server/storage/types';
import type { AppContext } from '../../context';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { dropHash } from './chunk-hasher';
import { newId } from './model';
import { discardMultipart, forgetPending, noteMultipart, notePending } from './pending-blobs';
import { uploadNotFound } from './uploads';

/**
 * S3 multipart uploads behind the upload plan's chunks. When the store writes part by part and the plan's chunks are
 * at least the minimum part (5 MiB), chunk i is part i + 1 of one S3 multipart upload of the file's object:
 * no chunk objects, and completion is CompleteMultipartUpload (no copy). Smaller chunks (the plan's
 * 5 000 000 B) cannot be parts: they stay blobs, joined at completion.
 */
export function partsOf(ctx: AppContext, plan: Pick<ChunkPlan, 'chunkSize'>): MultipartBlobs | null {
  const parts = ctx.blobs.multipart;
  return parts && plan.chunkSize >= parts.minPartSize ? parts : null;
}

export interface MultipartRef {
  key: string;
  id: string;
}

/**
 * The upload's S3 multipart upload, created with its first chunk. The object key is journalled before the
 * multipart upload is created, and its UploadId right after, until the upload's row claims it (before any part
 * is sent): a crash anywhere leaves an entry or a row the sweeper ends it by. A chunk that fails afterwards
 * leaves the multipart upload to the upload (the next chunk goes on with it), and nothing in the journal. Two chunks arriving at once may both create one: the first to claim
 * the upload row wins, the other aborts its own.
 */
export async function ensureMultipart(
  ctx: AppContext,
  parts: MultipartBlobs,
  upload: { id: string; contentType: string; multipartKey: string | null; multipartId: string | null },
): Promise<MultipartRef> {
  if (upload.multipartKey && upload.multipartId) return { key: upload.multipartKey, id: upload.multipartId };
  const key = `files/${newId()}`;
  await notePending(ctx.db, [key]);
  let id: string;
  try {
    id = await parts.create(key, { contentType: upload.contentType });
  } catch (e) {
    // Created after all (the answer was lost)? abortAll finds it by key.
    await discardMultipart(ctx, key, null);
    throw e;
  }
  try {
    await noteMultipart(ctx.db, key, id);
    const won = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(fileUploads)
        .set({ multipartKey: key, multipartId: id })
        .where(and(eq(fileUploads.id, upload.id), eq(fileUploads.status, 'open'), isNull(fileUploads.multipartId)))
        .returning({ id: fileUploads.id });
      // Claimed: the upload's row leads to the multipart upload from now on (completion, abort and the idle
      // sweep end it from there, journalling it again when the row lets go), so its entry goes with the claim.
      if (row) await forgetPending(tx as unknown as typeof ctx.db, [key]);
      return !!row;
    });
    if (won) return { key, id };
  } catch (e) {
    await discardMultipart(ctx, key, id);
    throw e;
  }
  await discardMultipart(ctx, key, id);
  const [now] = await ctx.db
    .select({ status: fileUploads.status, key: fileUploads.multipartKey, id: fileUploads.multipartId })
    .from(fileUploads)
    .where(eq(fileUploads.id, upload.id));
  if (!now) throw uploadNotFound();
  if (now.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
  if (!now.key || !now.id) throw new ServiceError('CONFLICT', 'Загрузка начата заново, пока шла эта часть. Отправьте её ещё раз.');
  return { key: now.key, id: now.id };
}

/**
 * Forgets the upload's multipart upload and every chunk that went into it (their parts are gone, or are
 * discarded here): the client sends the chunks again and the next one starts a new multipart upload. The
 * object it may have completed is deleted. Does nothing when the upload has moved on to another one.
 */
export async function resetMultipart(ctx: AppContext, uploadId: string, mp: MultipartRef): Promise<void> {
  let reset = false;
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const [row] = await tx
      .update(fileUploads)
      .set({ multipartKey: null, multipartId: null, touchedAt: sql`now()` })
      .where(and(eq(fileUploads.id, uploadId), eq(fileUploads.status, 'open'), eq(fileUploads.multipartId, mp.id)))
      .returning({ id: fileUploads.id });
    if (!row) return;
    await noteMultipart(db, mp.key, mp.id);
    await tx.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, uploadId));
    reset = true;
  });
  dropHash(uploadId);
  if (reset) await discardMultipart(ctx, mp.key, mp.id);
}
