import 'server-only';
import { createHash } from 'node:crypto';
import { mimeOf } from '@/lib/domain/files/mime';
import type { FileType } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjects } from '../../db/schema';
import { usedBytes } from './access';
import { placementOf } from './create-folder';
import { newId, searchKey, toWire } from './model';
import { ensureNameFree, freeName, guardName } from './names-taken';
import { objectBody } from './object-body';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { quotaBytes, quotaExceeded } from './uploads';
import type { ObjectRow } from './model';

/**
 * Saves bytes made on the server (a generated document, a bundled sample) as a new file of the caller:
 * at the top level of `type`, or in folder `root` they may edit. The blob is journalled before it is
 * written and the row inserted after, as in copyFile; the quota is checked. A name already taken there is
 * numbered: «Счёт.docx» → «Счёт (2).docx» (or, with `refuseTakenName`, refused: 409 NAME_TAKEN).
 */
export async function storeBytes(
  ctx: AppContext,
  userId: string,
  input: { name: string; type: FileType; root?: string | null; bytes: Uint8Array; metadata?: string; refuseTakenName?: boolean },
) {
  const place = await placementOf(ctx.db, userId, input.root, input.root ? undefined : input.type);
  if ((await usedBytes(ctx.db, place.ownerId)) + input.bytes.length > quotaBytes(ctx.env.FILE_QUOTA_MB)) throw quotaExceeded();
  const id = newId();
  const key = `files/${id}`;
  const scope = { ownerId: place.ownerId, type: place.type, parentId: place.parentId };
  if (input.refuseTakenName) await ensureNameFree(ctx.db, scope, input.name, 'file');
  const name = input.refuseTakenName ? input.name : await freeName(ctx.db, scope, input.name, 'file');
  const mime = mimeOf(name);
  await notePending(ctx.db, [key]);
  let row: ObjectRow | undefined;
  try {
    await ctx.blobs.put(key, input.bytes, { contentType: mime });
    [row] = await guardName(ctx.db, scope, name, 'file', () =>
      ctx.db
        .insert(fileObjects)
        .values({
          id,
          ownerId: place.ownerId,
          parentId: place.parentId,
          name,
          searchName: searchKey(name),
          type: place.type,
          kind: 'file',
          metadata: input.metadata ?? '{}',
          size: input.bytes.length,
          mime,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          blobKey: key,
        })
        .returning(),
    );
  } catch (e) {
    await deleteBlobs(ctx, [key]);
    throw e;
  }
  await forgetPending(ctx.db, [key]);
  return toWire(row!, place.access);
}

/** A file's bytes in memory (for small files: templates), refusing more than `max` bytes. */
export async function readBytes(ctx: AppContext, row: ObjectRow, max: number): Promise<Buffer | null> {
  if (Number(row.size) > max) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = (await objectBody(ctx, row)).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
