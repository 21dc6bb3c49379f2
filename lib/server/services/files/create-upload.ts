import 'server-only';
import { chunkPlan } from '@/lib/domain/files/chunk-plan';
import { createUploadInput } from '@/lib/schemas/files';
import { fileUploads } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { usedBytes } from './access';
import { placementOf } from './create-folder';
import { newId } from './model';
import { ensureNameFree } from './names-taken';
import { quotaBytes, quotaExceeded } from './uploads';

/** Starts a resumable upload: answers the chunk plan of docs/api.md. */
export const createUploadCall = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: createUploadInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const place = await placementOf(ctx.db, user.id, input.root, input.type);
    // Refused before any byte is sent; a name taken while the bytes go makes the file «name (2).ext».
    await ensureNameFree(ctx.db, { ownerId: place.ownerId, type: place.type, parentId: place.parentId }, input.name, 'file');
    if ((await usedBytes(ctx.db, place.ownerId)) + input.size > quotaBytes(ctx.env.FILE_QUOTA_MB)) throw quotaExceeded();
    const plan = chunkPlan(input.size);
    const id = newId();
    await ctx.db.insert(fileUploads).values({
      id,
      userId: user.id,
      ownerId: place.ownerId,
      parentId: place.parentId,
      name: input.name,
      type: place.type,
      mode: input.mode ?? 'private',
      metadata: input.metadata ?? '{}',
      size: plan.size,
      sha256: input.sha256 ?? null,
      chunkSize: plan.chunkSize,
      chunks: plan.chunks,
    });
    return { upload_id: id, chunk_size: plan.chunkSize, chunks: plan.chunks };
  },
});
