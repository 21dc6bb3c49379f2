import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from '@/lib/schemas/envelope';
import { idSchema } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { deleteBlobs, notePending } from './pending-blobs';
import { loadUpload } from './uploads';

/** Drops an upload and its chunks (rows in one transaction, blobs journalled and deleted after it). */
export async function dropUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const keys: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const chunks = await tx.select({ key: fileUploadChunks.blobKey }).from(fileUploadChunks).where(eq(fileUploadChunks.uploadId, uploadId));
    for (const c of chunks) keys.push(c.key);
    await notePending(tx as unknown as typeof ctx.db, keys);
    await tx.delete(fileUploads).where(eq(fileUploads.id, uploadId));
  });
  await deleteBlobs(ctx, keys);
}

/** Cancels an upload at any time before it completes: the chunks are discarded. */
export const abortUploadCall = defineCall({
  input: z.object({ upload_id: idSchema }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const upload = await loadUpload(ctx.db, user.id, input.upload_id);
    if (upload.status === 'done') throw new ServiceError('CONFLICT', 'Загрузка уже завершена: удалите файл, если он не нужен.');
    await dropUpload(ctx, upload.id);
    return { msg: 'Загрузка отменена' };
  },
});
