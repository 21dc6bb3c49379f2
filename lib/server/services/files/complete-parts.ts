import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { InvalidMultipartPart, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import type { AppContext } from '../../context';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { recordActivity } from '../activity/record';
import { finishHash } from './chunk-hasher';
import { answerDone, insertObject, mismatchOf } from './complete-commit';
import { hashObject, type ChunkRow } from './complete-read';
import { forgetPending } from './pending-blobs';
import { resetMultipart, type MultipartRef } from './upload-parts';
import { loadUpload, planOf, type UploadRow } from './uploads';

/**
 * Forgets every chunk (their parts went with the multipart upload) and answers 409 with them all `missing` —
 * unless a concurrent completion has committed the file meanwhile (the reset then does nothing): that object
 * is the answer.
 */
async function partsLost(ctx: AppContext, userId: string, upload: UploadRow, mp: MultipartRef, chunks: ChunkRow[], why: string) {
  await resetMultipart(ctx, upload.id, mp);
  const now = await loadUpload(ctx.db, userId, upload.id);
  if (now.status === 'done') return answerDone(ctx, userId, now);
  throw new ServiceError('UPLOAD_INCOMPLETE', why, { extra: { missing: chunks.map((c) => c.chunkId) } });
}

/**
 * Completion of an upload whose chunks are the parts of an S3 multipart upload: CompleteMultipartUpload with
 * the parts in order (S3 joins them; nothing is copied), then the same atomic row commit. The SHA-256 is the
 * one carried across in-order chunks, else the finished object is read once. Until the commit the upload
 * keeps the object (a repeated completion, after a crash or a lost commit, finds it and commits it; abort
 * and the sweeper delete it).
 */
export async function completeParts(ctx: AppContext, userId: string, upload: UploadRow, chunks: ChunkRow[], objectId: string) {
  const parts = ctx.blobs.multipart;
  if (!parts || !upload.multipartKey || !upload.multipartId || chunks.some((c) => !c.etag)) {
    throw new Error(`Upload ${upload.id} has chunks that are not parts of its multipart upload`);
  }
  const mp: MultipartRef = { key: upload.multipartKey, id: upload.multipartId };
  const plan = planOf(upload);
  const etags = chunks.map((c) => c.etag as string);
  const bytes = chunks.reduce((a, c) => a + Number(c.size), 0);
  let sha256 = await finishHash(upload.id, etags);
  // Known wrong before anything is joined: the parts stay, and chunks sent again replace them.
  const early = sha256 ? mismatchOf(upload, plan.size, bytes, sha256) : null;
  if (early) throw early;

  try {
    await parts.complete(
      mp.key,
      mp.id,
      chunks.map((c) => ({ partNumber: c.chunkId + 1, etag: c.etag as string })),
    );
  } catch (e) {
    if (e instanceof InvalidMultipartPart) {
      return partsLost(ctx, userId, upload, mp, chunks, 'Части файла в хранилище не те, что были приняты: отправьте файл заново.');
    }
    if (!(e instanceof NoSuchMultipartUpload)) throw e;
    // Completed already (a completion that crashed or lost its commit, or a concurrent one), or lost.
    const again = await loadUpload(ctx.db, userId, upload.id);
    if (again.status === 'done') return answerDone(ctx, userId, again);
    const st = await ctx.blobs.stat(mp.key);
    if (!st || st.size !== plan.size) {
      return partsLost(ctx, userId, upload, mp, chunks, 'Части файла пропали из хранилища: отправьте файл заново.');
    }
  }
  if (!sha256) {
    const read = await hashObject(ctx, mp.key, chunks);
    if (read.bad.length > 0 || read.bytes !== plan.size) {
      return partsLost(ctx, userId, upload, mp, chunks, 'Файл в хранилище не совпал с принятыми частями: отправьте его заново.');
    }
    sha256 = read.sha256;
    const late = mismatchOf(upload, plan.size, read.bytes, sha256);
    if (late) {
      // The parts are joined already: the upload starts over (the object goes, every chunk is missing again).
      await resetMultipart(ctx, upload.id, mp);
      throw late;
    }
  }

  let won = false;
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(fileUploads).where(eq(fileUploads.id, upload.id)).for('update');
    if (!locked) throw new ServiceError('NOT_FOUND', 'Загрузку отменили, пока она завершалась.');
    if (locked.status !== 'open') return; // a concurrent completion won
    const now = await tx
      .select({ etag: fileUploadChunks.etag })
      .from(fileUploadChunks)
      .where(eq(fileUploadChunks.uploadId, locked.id))
      .orderBy(asc(fileUploadChunks.chunkId));
    if (locked.multipartId !== mp.id || now.length !== etags.length || now.some((c, i) => c.etag !== etags[i])) {
      throw new ServiceError('CONFLICT', 'Часть файла пришла заново, пока загрузка завершалась. Повторите завершение.');
    }
    await insertObject(ctx, tx as unknown as typeof ctx.db, locked, { objectId, size: plan.size, sha256: sha256 ?? '', key: mp.key });
    await tx.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, locked.id));
    await tx
      .update(fileUploads)
      .set({ status: 'done', objectId, multipartKey: null, multipartId: null, touchedAt: sql`now()` })
      .where(and(eq(fileUploads.id, locked.id), eq(fileUploads.status, 'open')));
    won = true;
  });
  // The object is the file's now (or, when a concurrent completion won, the same object is): the journal goes.
  if (won) await forgetPending(ctx.db, [mp.key]);
  if (won && (upload.type === 'documents' || upload.type === 'templates')) recordActivity(ctx, userId, 'document.uploaded', objectId);
  return answerDone(ctx, userId, await loadUpload(ctx.db, userId, upload.id));
}
