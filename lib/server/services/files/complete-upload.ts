import 'server-only';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { missingChunks } from '@/lib/domain/files/chunk-plan';
import { mimeOf } from '@/lib/domain/files/mime';
import { completeUploadInput } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjectParts, fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { notify } from '../noty/notify';
import { objectHref } from '@/lib/domain/noty/links';
import { finishHash } from './chunk-hasher';
import { answerDone, dropChunks, insertObject, mismatchOf } from './complete-commit';
import { completeParts } from './complete-parts';
import { chunkStream, hashObject, rehash } from './complete-read';
import { Measure } from './measure';
import { newId } from './model';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { partsOf } from './upload-parts';
import { inPlaceChunkKey, loadUpload, planOf, uploadFileKey } from './uploads';

/**
 * Finishes an upload: every chunk must be there (else 409 with `missing`); the chunks are joined into one
 * blob while the SHA-256 is computed (size / sha256 mismatch → 422); the object row and the upload's `done`
 * are committed in one transaction — only then is the object visible and are the chunks removed.
 * Idempotent: a repeated call (or a concurrent one that lost the race) answers the same object.
 */
async function completeUpload(ctx: AppContext, userId: string, uploadId: string) {
  const upload = await loadUpload(ctx.db, userId, uploadId);
  if (upload.status === 'done') return answerDone(ctx, userId, upload);
  const plan = planOf(upload);
  const chunks = await ctx.db
    .select()
    .from(fileUploadChunks)
    .where(eq(fileUploadChunks.uploadId, upload.id))
    .orderBy(asc(fileUploadChunks.chunkId));
  // An empty file needs no chunk (sending its one empty chunk is fine too).
  const missing = plan.size === 0 ? [] : missingChunks(plan, chunks.map((c) => c.chunkId));
  if (missing.length > 0) {
    throw new ServiceError('UPLOAD_INCOMPLETE', `Загружены не все части: не хватает ${missing.length}.`, { extra: { missing } });
  }

  const objectId = newId();
  const parts = partsOf(ctx, plan);
  if (parts && chunks.length > 0) return completeParts(ctx, userId, upload, chunks, objectId);
  if (chunks.some((c) => !c.blobKey)) throw new Error(`Upload ${upload.id} mixes S3 parts and chunk blobs`);
  const chunkKeys = chunks.map((c) => c.blobKey as string);
  // Disk: the chunks were written in place into the upload's one file, which becomes the object's bytes (or,
  // for an upload begun before that, the chunk blobs become its parts) — no second copy, no second fsync. S3
  // with chunks < 5 MiB (the chunk plan's 5 000 000 B, too small for S3 parts): one object assembled by the store's
  // multipart upload.
  const asParts = ctx.blobs.kind === 'disk';
  const fileKey = uploadFileKey(upload.id);
  const inPlace = asParts && chunks.length > 0 && chunks.every((c) => c.blobKey === fileKey);
  // An upload begun as one blob per chunk and continued in place (across an upgrade): its older chunks are
  // asked for again, so that all of them are in the file.
  if (asParts && !inPlace && chunks.some((c) => c.blobKey === fileKey)) {
    await dropChunks(ctx, upload.id, chunks.filter((c) => c.blobKey !== fileKey));
  }
  const carried = inPlace ? chunks.map((c) => inPlaceChunkKey(c.chunkId, c.crc32)) : chunkKeys;
  const key = asParts ? null : `files/${objectId}`;
  let sha256 = asParts ? await finishHash(upload.id, carried) : null;
  let bytes = chunks.reduce((a, c) => a + Number(c.size), 0);
  if (inPlace) {
    await ctx.blobs.sync([fileKey]);
    if (!sha256) {
      const again = await hashObject(ctx, fileKey, chunks);
      if (again.bad.length > 0) await dropChunks(ctx, upload.id, chunks.filter((c) => again.bad.includes(c.chunkId)));
      sha256 = again.sha256;
      bytes = again.bytes;
    }
  } else if (key) {
    await notePending(ctx.db, [key]);
    const measure = new Measure();
    const pass = new PassThrough();
    try {
      await Promise.all([
        pipeline(chunkStream(ctx, chunkKeys), measure, pass),
        ctx.blobs.put(key, pass, { contentType: mimeOf(upload.name) }),
      ]);
    } catch (e) {
      await deleteBlobs(ctx, [key]);
      throw e;
    }
    sha256 = measure.digest();
    bytes = measure.bytes;
  } else {
    // The chunks were stored without waiting for the disk: they become the file's parts only once flushed.
    await ctx.blobs.sync(chunkKeys);
    if (!sha256) {
      const again = await rehash(ctx, chunks);
      if (again.bad.length > 0) await dropChunks(ctx, upload.id, chunks.filter((c) => again.bad.includes(c.chunkId)));
      sha256 = again.sha256;
      bytes = again.bytes;
    }
  }
  const cleanup = () => (key ? deleteBlobs(ctx, [key]) : Promise.resolve());
  const mismatch = mismatchOf(upload, plan.size, bytes, sha256);
  if (mismatch) {
    await cleanup();
    throw mismatch;
  }

  let won = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(fileUploads).where(eq(fileUploads.id, upload.id)).for('update');
      if (!locked) throw new ServiceError('NOT_FOUND', 'Загрузку отменили, пока она завершалась.');
      if (locked.status !== 'open') return; // a concurrent completion won
      const now = await tx
        .select({ key: fileUploadChunks.blobKey, crc32: fileUploadChunks.crc32 })
        .from(fileUploadChunks)
        .where(eq(fileUploadChunks.uploadId, locked.id))
        .orderBy(asc(fileUploadChunks.chunkId));
      if (now.length !== chunkKeys.length || now.some((c, i) => c.key !== chunkKeys[i] || c.crc32 !== chunks[i]!.crc32)) {
        throw new ServiceError('CONFLICT', 'Часть файла пришла заново, пока загрузка завершалась. Повторите завершение.');
      }
      await insertObject(ctx, tx as unknown as typeof ctx.db, locked, { objectId, size: plan.size, sha256: sha256 ?? '', key });
      if (!key) {
        // The chunks now belong to the object: their rows go, their blobs stay as its parts.
        if (inPlace) await tx.insert(fileObjectParts).values({ objectId, idx: 0, blobKey: fileKey, size: plan.size });
        else if (chunks.length > 0) {
          await tx.insert(fileObjectParts).values(chunks.map((c, idx) => ({ objectId, idx, blobKey: chunkKeys[idx]!, size: Number(c.size) })));
        }
        await tx.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, locked.id));
      }
      await tx
        .update(fileUploads)
        .set({ status: 'done', objectId, touchedAt: sql`now()` })
        .where(and(eq(fileUploads.id, locked.id), eq(fileUploads.status, 'open')));
      won = true;
    });
  } catch (e) {
    await cleanup();
    throw e;
  }
  if (!won) {
    await cleanup();
    return answerDone(ctx, userId, await loadUpload(ctx.db, userId, uploadId));
  }
  if (upload.type === 'documents' || upload.type === 'templates') recordActivity(ctx, userId, 'document.uploaded', objectId);
  if (key) {
    await forgetPending(ctx.db, [key]);
    // The object is committed: the chunks can go (journalled first, so a crash here leaves nothing behind).
    await notePending(ctx.db, chunkKeys);
    await ctx.db.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, upload.id));
    await deleteBlobs(ctx, chunkKeys);
  }
  return answerDone(ctx, userId, await loadUpload(ctx.db, userId, uploadId));
}

/**
 * The call; the uploader is told in their notifications when the file is in (not again for a repeated
 * completion) or when its bytes turned out broken. Profile photos are not worth a notification.
 */
export const completeUploadCall = defineCall({
  input: completeUploadInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const before = await loadUpload(ctx.db, user.id, input.upload_id);
    const told = before.type !== 'avatars';
    try {
      const done = await completeUpload(ctx, user.id, input.upload_id);
      if (told && before.status !== 'done') {
        await notify(ctx, user.id, 'upload', `Файл «${done.object.name}» загружен`, '', objectHref(done.object));
      }
      return done;
    } catch (err) {
      if (told && err instanceof ServiceError && err.code === 'CHECKSUM_MISMATCH') {
        await notify(ctx, user.id, 'upload', `Файл «${before.name}» не загружен`, err.message);
      }
      throw err;
    }
  },
});
