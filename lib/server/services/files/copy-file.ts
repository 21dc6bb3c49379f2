import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import { copyFileInput } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject, subtreeIds, usedBytes } from './access';
import { placementOf } from './create-folder';
import { newId, searchKey, toWire, type ObjectRow } from './model';
import { ensureNameFree, guardName } from './names-taken';
import { objectBody } from './object-body';
import { deleteBlobs, forgetPending, notePending } from './pending-blobs';
import { quotaBytes, quotaExceeded } from './uploads';

/**
 * Copies a file or a folder with everything inside to `root` (the caller's top level when absent) under
 * `name` (taken there → 409 NAME_TAKEN). Bytes are copied blob by blob first; all rows are then inserted in
 * one transaction. What is in the bin inside a folder is not copied.
 */
async function copyObject(ctx: AppContext, userId: string, input: { id: string; name: string; root?: string | null }) {
  const source = await resolveObject(ctx.db, userId, input.id, 'read');
  const place = await placementOf(ctx.db, userId, input.root, source.row.type as never);
  if (place.type !== source.row.type) throw new ServiceError('VALIDATION_ERROR', 'Тип папки назначения другой.', { fields: { root: 'Тип папки назначения другой.' } });
  const ids = source.row.kind === 'folder' ? await subtreeIds(ctx.db, source.row.id) : [source.row.id];
  const loaded = await ctx.db.select().from(fileObjects).where(inArray(fileObjects.id, ids)).orderBy(asc(fileObjects.createdAt));
  const found = parentsFirst(loaded, source.row.id);
  if (place.parentId && ids.includes(place.parentId)) {
    throw new ServiceError('VALIDATION_ERROR', 'Папку нельзя скопировать в неё саму.', { fields: { root: 'Папку нельзя скопировать в неё саму.' } });
  }
  const scope = { ownerId: place.ownerId, type: place.type, parentId: place.parentId };
  const kind = source.row.kind === 'folder' ? 'folder' : 'file';
  await ensureNameFree(ctx.db, scope, input.name, kind);
  const bytes = found.reduce((s, r) => s + (r.kind === 'file' ? Number(r.size) : 0), 0);
  if ((await usedBytes(ctx.db, place.ownerId)) + bytes > quotaBytes(ctx.env.FILE_QUOTA_MB)) throw quotaExceeded();

  const newIds = new Map(found.map((r) => [r.id, newId()]));
  const copies: ObjectRow[] = [];
  const written: string[] = [];
  try {
    for (const r of found) {
      const id = newIds.get(r.id)!;
      let blobKey: string | null = null;
      if (r.kind === 'file') {
        blobKey = `files/${id}`;
        await notePending(ctx.db, [blobKey]);
        written.push(blobKey);
        await ctx.blobs.put(blobKey, await objectBody(ctx, r), { contentType: r.mime });
      }
      const isTop = r.id === source.row.id;
      const name = isTop ? input.name : r.name;
      copies.push({
        ...r,
        id,
        ownerId: place.ownerId,
        parentId: isTop ? place.parentId : (newIds.get(r.parentId ?? '') ?? null),
        name,
        searchName: searchKey(name),
        mode: 'private',
        blobKey,
        uploadId: null,
        version: 1,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    // `found` lists parents before children, so the rows insert in order.
    await guardName(ctx.db, scope, input.name, kind, () =>
      ctx.db.transaction(async (tx) => {
        for (let i = 0; i < copies.length; i += 500) await tx.insert(fileObjects).values(copies.slice(i, i + 500));
      }),
    );
  } catch (e) {
    await deleteBlobs(ctx, written);
    throw e;
  }
  await forgetPending(ctx.db, written);
  return { object: toWire(copies[0]!, place.access) };
}

export const copyFileCall = defineCall({
  input: copyFileInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return copyObject(ctx, user.id, input);
  },
});

/** The subtree in breadth-first order from `topId` (parents before children). */
function parentsFirst(rows: ObjectRow[], topId: string): ObjectRow[] {
  const children = new Map<string, ObjectRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId ?? '') ?? [];
    list.push(r);
    children.set(r.parentId ?? '', list);
  }
  const top = rows.find((r) => r.id === topId);
  if (!top) return [];
  const out = [top];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!.id) ?? []));
  return out;
}
