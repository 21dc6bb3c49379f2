import 'server-only';
import { eq } from 'drizzle-orm';
import { abortUploadInput } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { dropHash } from './chunk-hasher';
import { deleteBlobs, discardMultipart, noteMultipart, notePending } from './pending-blobs';
import { loadUpload, uploadFileKey } from './uploads';

/**
 * Drops an upload and its chunks (rows in one transaction, blobs — on disk the upload's file — journalled and
 * deleted after it); an S3
 * multipart upload behind it is journalled with them and aborted (with the object, should it have been
 * completed but not committed).
 */
export async function dropUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const keys: string[] = [];
  let mp: { key: string; id: string | null } | null = null;
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as typeof ctx.db;
    const [u] = await tx
      .select({ key: fileUploads.multipartKey, id: fileUploads.multipartId })
      .from(fileUploads)
      .where(eq(fileUploads.id, uploadId))
      .for('update');
    const chunks = await tx.select({ key: fileUploadChunks.blobKey }).from(fileUploadChunks).where(eq(fileUploadChunks.uploadId, uploadId));
    // On disk the chunks are written into the upload's one file: it goes even when no chunk was committed.
    if (ctx.blobs.inPlace) keys.push(uploadFileKey(uploadId));
    for (const c of chunks) if (c.key && !keys.includes(c.key)) keys.push(c.key);
    await notePending(db, keys);
    if (u?.key) {
      mp = { key: u.key, id: u.id };
      if (u.id) await noteMultipart(db, u.key, u.id);
      else await notePending(db, [u.key]);
    }
    await tx.delete(fileUploads).where(eq(fileUploads.id, uploadId));
  });
  dropHash(uploadId);
  const dropped = mp as { key: string; id: string | null } | null;
  if (dropped) await discardMultipart(ctx, dropped.key, dropped.id);
  await deleteBlobs(ctx, keys);
}

/** Cancels an upload at any time before it completes: the chunks are discarded. */
export const abortUploadCall = defineCall({
  input: abortUploadInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const upload = await loadUpload(ctx.db, user.id, input.upload_id);
    if (upload.status === 'done') throw new ServiceError('CONFLICT', 'Загрузка уже завершена: удалите файл, если он не нужен.');
    await dropUpload(ctx, upload.id);
    return { msg: 'Загрузка отменена' };
  },
});
