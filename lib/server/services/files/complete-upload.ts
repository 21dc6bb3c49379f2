import 'server-only';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { missingChunks } from '@/lib/domain/files/chunk-plan';
import { mimeOf } from '@/lib/domain/files/mime';
import { z } from '@/lib/schemas/envelope';
import { idSchema } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjectParts, fileObjects, fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { accessOf, usedBytes } from './access';
import { finishHash } from './file-hash-state';
import { Measure } from './measure';
import { newId, notFound, searchKey, toWire } from './model';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { loadUpload, planOf, quotaBytes, quotaExceeded, type UploadRow } from './uploads';

/** The chunks' bytes one after another, read from the store as they are needed. */
function chunkStream(ctx: AppContext, keys: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const key of keys) {
        const blob = await ctx.blobs.get(key);
        if (!blob) throw new ServiceError('NOT_FOUND', 'Загрузку отменили, пока она завершалась.');
        const reader = blob.body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            yield value;
          }
        } finally {
          reader.releaseLock();
        }
      }
    })(),
    { objectMode: false },
  );
}

type ChunkRow = typeof fileUploadChunks.$inferSelect;

/**
 * Reads the chunks again when the whole-file hash was not carried along (another process took the chunks,
 * or the server restarted): the file's SHA-256 and size, and the chunks whose bytes are no longer those
 * acknowledged (lost by a power failure before they reached the disk).
 */
async function rehash(ctx: AppContext, chunks: ChunkRow[]): Promise<{ sha256: string; bytes: number; bad: number[] }> {
  const file = createHash('sha256');
  let bytes = 0;
  const bad: number[] = [];
  for (const c of chunks) {
    const blob = await ctx.blobs.get(c.blobKey);
    if (!blob) {
      bad.push(c.chunkId);
      continue;
    }
    const one = createHash('sha256');
    let n = 0;
    const reader = blob.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      one.update(value);
      file.update(value);
      n += value.length;
    }
    bytes += n;
    if (n !== Number(c.size) || one.digest('hex') !== c.sha256) bad.push(c.chunkId);
  }
  return { sha256: file.digest('hex'), bytes, bad };
}

/** Forgets damaged chunks (rows and blobs) and answers 409 with them as `missing`, so the client sends them again. */
async function dropChunks(ctx: AppContext, uploadId: string, bad: ChunkRow[]): Promise<never> {
  const keys = bad.map((c) => c.blobKey);
  await ctx.db.transaction(async (tx) => {
    await notePending(tx as unknown as typeof ctx.db, keys);
    await tx
      .delete(fileUploadChunks)
      .where(and(eq(fileUploadChunks.uploadId, uploadId), inArray(fileUploadChunks.blobKey, keys)));
  });
  await deleteBlobs(ctx, keys);
  const missing = bad.map((c) => c.chunkId);
  throw new ServiceError('UPLOAD_INCOMPLETE', `Части файла повреждены на сервере: отправьте их снова (${missing.length}).`, {
    extra: { missing },
  });
}

async function answerDone(ctx: AppContext, userId: string, upload: UploadRow) {
  if (!upload.objectId) throw notFound();
  const [row] = await ctx.db.select().from(fileObjects).where(eq(fileObjects.id, upload.objectId)).limit(1);
  if (!row) throw notFound();
  return { object: toWire(row, (await accessOf(ctx.db, userId, row.id)) ?? 'read') };
}

/**
 * Finishes an upload: every chunk must be there (else 409 with `missing`); the chunks are joined into one
 * blob while the SHA-256 is computed (size / sha256 mismatch → 422); the object row and the upload's `done`
 * are committed in one transaction — only then is the object visible and are the chunks removed.
 * Idempotent: a repeated call (or a concurrent one that lost the race) answers the same object.
 */
export async function completeUpload(ctx: AppContext, userId: string, uploadId: string) {
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
  const chunkKeys = chunks.map((c) => c.blobKey);
  // Disk: the chunks become the file's parts (no second copy, no second fsync). S3: one object assembled
  // by the store's multipart upload (parts ≥ 5 MiB, so the seed's 5 MB chunks are coalesced).
  const asParts = ctx.blobs.kind === 'disk';
  const key = asParts ? null : `files/${objectId}`;
  let sha256 = asParts ? finishHash(upload.id, chunkKeys) : null;
  let bytes = chunks.reduce((a, c) => a + Number(c.size), 0);
  if (key) {
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
  const mismatch =
    bytes !== plan.size
      ? `Размер файла не совпал: получено ${bytes} байт, заявлено ${plan.size}.`
      : upload.sha256 && upload.sha256 !== sha256
        ? 'Контрольная сумма SHA-256 не совпала: файл повреждён при передаче. Загрузите его заново.'
        : null;
  if (mismatch) {
    await cleanup();
    throw new ServiceError('CHECKSUM_MISMATCH', mismatch, { extra: { sha256, size: bytes } });
  }

  let won = false;
  try {
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(fileUploads).where(eq(fileUploads.id, upload.id)).for('update');
      if (!locked) throw new ServiceError('NOT_FOUND', 'Загрузку отменили, пока она завершалась.');
      if (locked.status !== 'open') return; // a concurrent completion won
      const now = await tx
        .select({ key: fileUploadChunks.blobKey })
        .from(fileUploadChunks)
        .where(eq(fileUploadChunks.uploadId, locked.id))
        .orderBy(asc(fileUploadChunks.chunkId));
      if (now.length !== chunkKeys.length || now.some((c, i) => c.key !== chunkKeys[i])) {
        throw new ServiceError('CONFLICT', 'Часть файла пришла заново, пока загрузка завершалась. Повторите завершение.');
      }
      if (locked.parentId) {
        const [parent] = await tx.select({ id: fileObjects.id }).from(fileObjects).where(eq(fileObjects.id, locked.parentId));
        if (!parent) throw new ServiceError('NOT_FOUND', 'Папку, в которую шла загрузка, удалили.');
      }
      const used = await usedBytes(tx as unknown as typeof ctx.db, locked.ownerId, { exceptUpload: locked.id });
      if (used + plan.size > quotaBytes(ctx.env.FILE_QUOTA_MB)) throw quotaExceeded();
      await tx.insert(fileObjects).values({
        id: objectId,
        ownerId: locked.ownerId,
        parentId: locked.parentId,
        name: locked.name,
        searchName: searchKey(locked.name),
        type: locked.type,
        kind: 'file',
        mode: locked.mode,
        metadata: locked.metadata,
        size: plan.size,
        mime: mimeOf(locked.name),
        sha256: sha256 ?? '',
        blobKey: key,
        uploadId: locked.id,
      });
      if (!key) {
        // The chunks now belong to the object: their rows go, their blobs stay as its parts.
        if (chunks.length > 0) {
          await tx.insert(fileObjectParts).values(chunks.map((c, idx) => ({ objectId, idx, blobKey: c.blobKey, size: Number(c.size) })));
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
  if (key) {
    await forgetPending(ctx.db, [key]);
    // The object is committed: the chunks can go (journalled first, so a crash here leaves nothing behind).
    await notePending(ctx.db, chunkKeys);
    await ctx.db.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, upload.id));
    await deleteBlobs(ctx, chunkKeys);
  }
  return answerDone(ctx, userId, await loadUpload(ctx.db, userId, uploadId));
}

export const completeUploadCall = defineCall({
  input: z.object({ upload_id: idSchema }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return completeUpload(ctx, user.id, input.upload_id);
  },
});
