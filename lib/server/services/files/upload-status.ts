import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { uploadStatusInput } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { fileUploadChunks, fileUploads } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { loadUpload } from './uploads';

/** Sorted ids of the chunks that arrived. */
async function receivedChunks(db: Db, uploadId: string): Promise<number[]> {
  const found = await db
    .select({ id: fileUploadChunks.chunkId })
    .from(fileUploadChunks)
    .where(eq(fileUploadChunks.uploadId, uploadId))
    .orderBy(asc(fileUploadChunks.chunkId));
  return found.map((c) => c.id);
}

/** What arrived, so that a client resumes: `received`, `chunks`, `chunk_size`, `size`, `status`. */
export const uploadStatusCall = defineCall({
  input: uploadStatusInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const upload = await loadUpload(ctx.db, user.id, input.upload_id);
    await ctx.db.update(fileUploads).set({ touchedAt: sql`now()` }).where(eq(fileUploads.id, upload.id));
    return {
      received: await receivedChunks(ctx.db, upload.id),
      chunks: upload.chunks,
      chunk_size: Number(upload.chunkSize),
      size: Number(upload.size),
      status: upload.status,
      object_id: upload.objectId,
    };
  },
});
