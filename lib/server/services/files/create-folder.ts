import 'server-only';
import { createFolderInput, type FileAccess, type FileType } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { newId, searchKey, toWire } from './model';
import { ensureNameFree, guardName } from './names-taken';

export interface Placement {
  ownerId: string;
  parentId: string | null;
  type: FileType;
  /** The caller's right on what is created there. */
  access: FileAccess;
}

/**
 * Where a new object goes: the caller's top level, or a folder they may edit (then it belongs to the
 * folder's owner, and takes the folder's type).
 */
export async function placementOf(db: Db, userId: string, root: string | null | undefined, type: FileType | undefined): Promise<Placement> {
  if (!root) {
    if (!type) throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', { fields: { type: 'Укажите тип.' } });
    return { ownerId: userId, parentId: null, type, access: 'owner' };
  }
  const folder = await resolveObject(db, userId, root, 'edit');
  if (folder.row.kind !== 'folder') {
    throw new ServiceError('VALIDATION_ERROR', 'Класть можно только в папку.', { fields: { root: 'Это не папка.' } });
  }
  if (type && type !== folder.row.type) {
    throw new ServiceError('VALIDATION_ERROR', 'Тип не совпадает с типом папки.', { fields: { type: 'Тип не совпадает с типом папки.' } });
  }
  return { ownerId: folder.row.ownerId, parentId: folder.row.id, type: folder.row.type as FileType, access: folder.access };
}

export const createFolderCall = defineCall({
  input: createFolderInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const place = await placementOf(ctx.db, user.id, input.root, input.type);
    const scope = { ownerId: place.ownerId, type: place.type, parentId: place.parentId };
    await ensureNameFree(ctx.db, scope, input.name, 'folder');
    const [row] = await guardName(ctx.db, scope, input.name, 'folder', () =>
      ctx.db
        .insert(fileObjects)
        .values({
          id: newId(),
          ownerId: place.ownerId,
          parentId: place.parentId,
          name: input.name,
          searchName: searchKey(input.name),
          type: place.type,
          kind: 'folder',
        })
        .returning(),
    );
    if (!row) throw new Error('insert returned no row');
    return { object: toWire(row, place.access) };
  },
});
