import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { mimeOf } from '@/lib/domain/files/mime';
import type { AppContext } from '../../context';
import { fileObjects, fileUploadChunks } from '../../db/schema';
import { ServiceError } from '../../errors';
import { accessOf, usedBytes } from './access';
import type { ChunkRow } from './complete-read';
import { notFound, searchKey, toWire } from './model';
import { freeName, guardName } from './names-taken';
import { deleteBlobs, notePending } from './pending-blobs';
import { quotaBytes, quotaExceeded, uploadFileKey, type UploadRow } from './uploads';

/* The completion's outcomes: damaged chunks dropped, the size and hash checked, the object row inserted, the answer. */

/** Forgets damaged chunks (rows and blobs) and answers 409 with them as `missing`, so the client sends them again. */
export async function dropChunks(ctx: AppContext, uploadId: string, bad: ChunkRow[]): Promise<never> {
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

export async function answerDone(ctx: AppContext, userId: string, upload: UploadRow) {
  if (!upload.objectId) throw notFound();
  const [row] = await ctx.db.select().from(fileObjects).where(eq(fileObjects.id, upload.objectId)).limit(1);
  if (!row) throw notFound();
  return { object: toWire(row, (await accessOf(ctx.db, userId, row.id)) ?? 'read') };
}

/** 422 when the file is not the size or the SHA-256 announced; null when it is. */
export function mismatchOf(upload: UploadRow, size: number, bytes: number, sha256: string | null): ServiceError | null {
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
export async function insertObject(
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
