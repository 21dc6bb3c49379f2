import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { updateAttributesInput } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { writeVersion } from '../specifications/write-version';
import { resolveObject } from './access';
import { forbidden, notFound, searchKey, toWire } from './model';
import { ensureNameFree, guardName } from './names-taken';

const staleVersion = (): ServiceError =>
  new ServiceError('CONFLICT', 'Объект уже изменили в другом окне или другой пользователь. Обновите страницу и повторите.');

/**
 * Rename, move (`root`), replace metadata; `version` given and stale → 409. A folder never moves into itself
 * or below; a name taken in the destination → 409 NAME_TAKEN. Only a new `metadata` is an edit (a new version).
 */
export const updateAttributesCall = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: updateAttributesInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { row } = await resolveObject(ctx.db, user.id, input.id, 'edit');
    if (input.version !== undefined && input.version !== row.version) throw staleVersion();

    let parentId = row.parentId;
    if (input.root !== undefined && input.root !== row.parentId) {
      if (input.root === null) {
        if (row.ownerId !== user.id) throw forbidden('Переместить в корень чужой папки нельзя.');
        parentId = null;
      } else {
        if (input.root === row.id) throw moveIntoSelf();
        const dest = await resolveObject(ctx.db, user.id, input.root, 'edit');
        if (dest.row.kind !== 'folder') throw new ServiceError('VALIDATION_ERROR', 'Перемещать можно только в папку.', { fields: { root: 'Это не папка.' } });
        if (dest.path.some((p) => p.id === row.id)) throw moveIntoSelf();
        if (dest.row.ownerId !== row.ownerId) throw forbidden('Перемещать между папками разных владельцев нельзя — скопируйте.');
        if (dest.row.type !== row.type) throw new ServiceError('VALIDATION_ERROR', 'Тип папки назначения другой.', { fields: { root: 'Тип папки назначения другой.' } });
        parentId = dest.row.id;
      }
    }
    const name = input.name ?? row.name;
    const kind = row.kind === 'folder' ? 'folder' : 'file';
    const scope = { ownerId: row.ownerId, type: row.type, parentId };
    let updated = row;
    if (name !== row.name || parentId !== row.parentId) {
      // A rename or a move is not an edit: the version and the time of the last change stay, so a
      // specification gets no new version and its «цены устарели» (nor that of those using it) does not change.
      await ensureNameFree(ctx.db, scope, name, kind, row.id);
      const [placed] = await guardName(ctx.db, scope, name, kind, () =>
        ctx.db
          .update(fileObjects)
          .set({ name, searchName: searchKey(name), parentId })
          .where(and(eq(fileObjects.id, row.id), eq(fileObjects.version, row.version), isNull(fileObjects.trashId)))
          .returning(),
      );
      if (!placed) throw await lost(ctx.db, row.id);
      updated = placed;
    }
    if (input.metadata !== undefined && input.metadata !== row.metadata) {
      if (row.type === 'specifications' && row.kind === 'file') {
        // A specification's document: a new version with its author, as specs/save writes it.
        updated = await writeVersion(ctx.db, updated, user.id, { name: updated.name, metadata: input.metadata });
      } else {
        const [edited] = await ctx.db
          .update(fileObjects)
          .set({ metadata: input.metadata, version: sql`${fileObjects.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(fileObjects.id, row.id), eq(fileObjects.version, updated.version)))
          .returning();
        if (!edited) throw await lost(ctx.db, row.id);
        updated = edited;
      }
    }
    const { access } = await resolveObject(ctx.db, user.id, row.id, 'read');
    return { object: toWire(updated, access) };
  },
});

/** Why an update matched no row: changed meanwhile (409) or gone (404). */
async function lost(db: Db, id: string): Promise<ServiceError> {
  const [still] = await db.select({ id: fileObjects.id }).from(fileObjects).where(and(eq(fileObjects.id, id), isNull(fileObjects.trashId)));
  return still ? staleVersion() : notFound();
}

function moveIntoSelf(): ServiceError {
  return new ServiceError('VALIDATION_ERROR', 'Папку нельзя переместить в неё саму или в её подпапку.', {
    fields: { root: 'Папку нельзя переместить в неё саму или в её подпапку.' },
  });
}
