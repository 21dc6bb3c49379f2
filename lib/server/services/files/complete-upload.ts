import 'server-only';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { missingChunks } from '@/lib/domain/files/chunk-plan';
import { crc32Hex } from '@/lib/domain/files/crc32';
import { mimeOf } from '@/lib/domain/files/mime';
import { InvalidMultipartPart, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import { completeUploadInput } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjectParts, fileObjects, fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { accessOf, usedBytes } from './access';
import { finishHash } from './chunk-hasher';
import { Measure } from './measure';
import { newId, notFound, searchKey, toWire } from './model';
import { freeName, guardName } from './names-taken';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { partsOf, resetMultipart, type MultipartRef } from './upload-parts';
import { inPlaceChunkKey, loadUpload, planOf, quotaBytes, quotaExceeded, uploadFileKey, type UploadRow } from './uploads';

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

/** Whether a chunk read back is the one acknowledged: its length, and its CRC-32 (unknown for chunks stored before migration 0015). */
const intact = (c: ChunkRow, bytes: number, crc: number): boolean => bytes === Number(c.size) && (!c.crc32 || crc32Hex(crc) === c.crc32);

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
    const blob = c.blobKey ? await ctx.blobs.get(c.blobKey) : null;
    if (!blob) {
      bad.push(c.chunkId);
      continue;
    }
    let crc = 0;
    let n = 0;
    const reader = blob.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      crc = crc32(value, crc);
      file.update(value);
      n += value.length;
    }
    bytes += n;
    if (!intact(c, n, crc)) bad.push(c.chunkId);
  }
  return { sha256: file.digest('hex'), bytes, bad };
}

/** Forgets damaged chunks (rows and blobs) and answers 409 with them as `missing`, so the client sends them again. */
async function dropChunks(ctx: AppContext, uploadId: string, bad: ChunkRow[]): Promise<never> {
  // Chunks written in place share the upload's file: their rows go, the file stays for the copies sent again.
  const shared = uploadFileKey(uploadId);
  const keys = bad.map((c) => c.blobKey).filter((k): k is string => k !== null && k !== shared);
  await ctx.db.transaction(async (tx) => {
    await notePending(tx as unknown as typeof ctx.db, keys);
    const ids = bad.map((c) => c.chunkId);
    await tx.delete(fileUploadChunks).where(and(eq(fileUploadChunks.uploadId, uploadId), inArray(fileUploadChunks.chunkId, ids)));
  });
  await deleteBlobs(ctx, keys);
  const missing = bad.map((c) => c.chunkId);
  throw new ServiceError('UPLOAD_INCOMPLETE', `Части файла повреждены на сервере: отправьте их снова (${missing.length}).`, {
    extra: { missing },
  });
}

/**
 * Reads the object a multipart upload wrote, once: the file's SHA-256 and size, and the chunks whose bytes
 * are not those acknowledged (parts replaced behind our back).
 */
async function hashObject(ctx: AppContext, key: string, chunks: ChunkRow[]): Promise<{ sha256: string; bytes: number; bad: number[] }> {
  const blob = await ctx.blobs.get(key);
  if (!blob) return { sha256: '', bytes: 0, bad: chunks.map((c) => c.chunkId) };
  const file = createHash('sha256');
  let bytes = 0;
  const bad: number[] = [];
  let i = 0;
  let crc = 0;
  let inChunk = 0;
  const endChunk = () => {
    const c = chunks[i];
    if (c && !intact(c, inChunk, crc)) bad.push(c.chunkId);
    i++;
    crc = 0;
    inChunk = 0;
  };
  const reader = blob.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    file.update(value);
    bytes += value.length;
    let at = 0;
    while (at < value.length) {
      const c = chunks[i];
      if (!c) break; // longer than the chunks: the size check refuses it
      const take = Math.min(value.length - at, Number(c.size) - inChunk);
      crc = crc32(value.subarray(at, at + take), crc);
      inChunk += take;
      at += take;
      if (inChunk === Number(c.size)) endChunk();
    }
  }
  while (i < chunks.length) endChunk();
  return { sha256: file.digest('hex'), bytes, bad };
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
  // with chunks < 5 MiB (the seed's 5 000 000 B, too small for S3 parts): one object assembled by the store's
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
  if (key) {
    await forgetPending(ctx.db, [key]);
    // The object is committed: the chunks can go (journalled first, so a crash here leaves nothing behind).
    await notePending(ctx.db, chunkKeys);
    await ctx.db.delete(fileUploadChunks).where(eq(fileUploadChunks.uploadId, upload.id));
    await deleteBlobs(ctx, chunkKeys);
  }
  return answerDone(ctx, userId, await loadUpload(ctx.db, userId, uploadId));
}

/** 422 when the file is not the size or the SHA-256 announced; null when it is. */
function mismatchOf(upload: UploadRow, size: number, bytes: number, sha256: string | null): ServiceError | null {
  const msg =
    bytes !== size
      ? `Размер файла не совпал: получено ${bytes} байт, заявлено ${size}.`
      : upload.sha256 && upload.sha256 !== sha256
        ? 'Контрольная сумма SHA-256 не совпала: файл повреждён при передаче. Загрузите его заново.'
        : null;
  return msg ? new ServiceError('CHECKSUM_MISMATCH', msg, { extra: { sha256, size: bytes } }) : null;
}

/**
 * Inside the completion's transaction: the parent still exists (and is not in the bin), the quota holds; the
 * object row goes in — as «name (2).ext» when another object took the name while the bytes were sent.
 */
async function insertObject(
  ctx: AppContext,
  tx: typeof ctx.db,
  locked: UploadRow,
  o: { objectId: string; size: number; sha256: string; key: string | null },
): Promise<void> {
  if (locked.parentId) {
    const [parent] = await tx.select({ trashId: fileObjects.trashId }).from(fileObjects).where(eq(fileObjects.id, locked.parentId));
    if (!parent || parent.trashId !== null) throw new ServiceError('NOT_FOUND', 'Папку, в которую шла загрузка, удалили.');
  }
  const used = await usedBytes(tx, locked.ownerId, { exceptUpload: locked.id });
  if (used + o.size > quotaBytes(ctx.env.FILE_QUOTA_MB)) throw quotaExceeded();
  const scope = { ownerId: locked.ownerId, type: locked.type, parentId: locked.parentId };
  const name = await freeName(tx, scope, locked.name, 'file');
  // In a savepoint: a name taken by a concurrent write leaves the transaction usable for the 409's details.
  await guardName(tx, scope, name, 'file', () =>
    tx.transaction((sp) => sp.insert(fileObjects).values({
      id: o.objectId,
      ownerId: locked.ownerId,
      parentId: locked.parentId,
      name,
      searchName: searchKey(name),
      type: locked.type,
      kind: 'file',
      mode: locked.mode,
      metadata: locked.metadata,
      size: o.size,
      mime: mimeOf(name),
      sha256: o.sha256,
      blobKey: o.key,
      uploadId: locked.id,
    })),
  );
}

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
async function completeParts(ctx: AppContext, userId: string, upload: UploadRow, chunks: ChunkRow[], objectId: string) {
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
  return answerDone(ctx, userId, await loadUpload(ctx.db, userId, upload.id));
}

export const completeUploadCall = defineCall({
  input: completeUploadInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return completeUpload(ctx, user.id, input.upload_id);
  },
});
