import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { chunkLength } from '@/lib/domain/files/chunk-plan';
import type { AppContext } from '../../context';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { receivedChunks } from './upload-status';
import { commitHash, hashToContinue } from './file-hash-state';
import { Measure, TooLong } from './measure';
import { streamMultipart, type FormFields } from './multipart';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { loadUpload, planOf, uploadNotFound } from './uploads';

const fieldError = (field: string, msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { [field]: msg } });

/**
 * Stores one chunk: the body streams through a SHA-256/length check into the blob store (never held in
 * memory); the chunk row is then upserted under a per-chunk lock, so a chunk sent again replaces the old
 * one and the old blob is deleted. Answers `received` (sorted ids), `chunk_id`, `size` and `sha256`.
 */
export async function storeChunk(ctx: AppContext, userId: string, fields: FormFields, data: Readable) {
  const uploadId = fields.upload_id?.trim();
  if (!uploadId) throw fieldError('upload_id', 'Не указан upload_id (поле должно идти до data).');
  const chunkText = fields.chunk_id?.trim() ?? '';
  if (!/^\d{1,6}$/.test(chunkText)) throw fieldError('chunk_id', 'Не указан номер части chunk_id (целое число от 0).');
  const chunkId = Number(chunkText);
  const upload = await loadUpload(ctx.db, userId, uploadId);
  if (upload.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
  const plan = planOf(upload);
  if (chunkId >= plan.chunks) throw fieldError('chunk_id', `Номер части вне плана: от 0 до ${plan.chunks - 1}.`);
  const expected = chunkLength(plan, chunkId);

  const key = `uploads/${upload.id}/${chunkId}-${randomBytes(6).toString('hex')}`;
  await notePending(ctx.db, [key]);
  const fileHash = hashToContinue(upload.id, chunkId);
  const measure = new Measure(expected, fileHash);
  data.on('error', (e) => measure.destroy(e));
  // The store's pipeline reports the error; this listener only keeps it from being thrown as uncaught.
  measure.on('error', () => undefined);
  try {
    await ctx.blobs.put(key, data.pipe(measure));
  } catch (e) {
    data.resume();
    await deleteBlobs(ctx, [key]);
    if (e instanceof TooLong || measure.bytes > expected) {
      throw new ServiceError('PAYLOAD_TOO_LARGE', `Часть ${chunkId} длиннее плана: ожидается ${expected} байт.`);
    }
    throw e;
  }
  if (measure.bytes !== expected) {
    await deleteBlobs(ctx, [key]);
    throw fieldError('data', `Часть ${chunkId}: получено ${measure.bytes} байт, ожидается ${expected}.`);
  }
  const sha256 = measure.digest();

  let old: string | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      // Touching the upload row locks it: chunk writes of one upload commit one at a time.
      const [open] = await tx
        .update(fileUploads)
        .set({ touchedAt: sql`now()` })
        .where(eq(fileUploads.id, upload.id))
        .returning({ status: fileUploads.status });
      if (!open) throw uploadNotFound();
      if (open.status !== 'open') throw new ServiceError('CONFLICT', 'Загрузка уже завершена.');
      const [prev] = await tx
        .select({ key: fileUploadChunks.blobKey })
        .from(fileUploadChunks)
        .where(and(eq(fileUploadChunks.uploadId, upload.id), eq(fileUploadChunks.chunkId, chunkId)));
      old = prev?.key;
      await tx
        .insert(fileUploadChunks)
        .values({ uploadId: upload.id, chunkId, size: expected, sha256, blobKey: key })
        .onConflictDoUpdate({
          target: [fileUploadChunks.uploadId, fileUploadChunks.chunkId],
          set: { size: expected, sha256, blobKey: key, receivedAt: sql`now()` },
        });
      if (old) await notePending(tx as unknown as typeof ctx.db, [old]);
      await forgetPending(tx as unknown as typeof ctx.db, [key]);
    });
  } catch (e) {
    await deleteBlobs(ctx, [key]);
    throw e;
  }
  if (fileHash) commitHash(upload.id, chunkId, fileHash, key);
  if (old) await deleteBlobs(ctx, [old]);
  return { received: await receivedChunks(ctx.db, upload.id), chunk_id: chunkId, size: expected, sha256 };
}

export const uploadChunkCall = defineCall({
  body: 'raw',
  async handle({ req, ctx }) {
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
