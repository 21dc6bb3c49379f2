import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { z } from '@/lib/schemas/envelope';
import { idSchema, rootSchema } from '@/lib/schemas/files';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { forbidden, metadataSchema, nameSchema, notFound, searchKey, toWire } from './model';

export const staleVersion = (): ServiceError =>
  new ServiceError('CONFLICT', 'Объект уже изменили в другом окне или другой пользователь. Обновите страницу и повторите.');

/** Rename, move (`root`), replace metadata; `version` given and stale → 409. A folder never moves into itself or below. */
export const updateAttributesCall = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: z.object({
    id: idSchema,
    name: nameSchema.optional(),
    root: rootSchema,
    metadata: metadataSchema.optional(),
    version: z.number().int().min(1).optional(),
  }),
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
    const [updated] = await ctx.db
      .update(fileObjects)
      .set({
        name,
        searchName: searchKey(name),
        parentId,
        metadata: input.metadata ?? row.metadata,
        version: sql`${fileObjects.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fileObjects.id, row.id), eq(fileObjects.version, row.version)))
      .returning();
    if (!updated) {
      const [still] = await ctx.db.select({ id: fileObjects.id }).from(fileObjects).where(eq(fileObjects.id, row.id));
      throw still ? staleVersion() : notFound();
    }
    const { access } = await resolveObject(ctx.db, user.id, row.id, 'read');
    return { object: toWire(updated, access) };
  },
});

function moveIntoSelf(): ServiceError {
  return new ServiceError('VALIDATION_ERROR', 'Папку нельзя переместить в неё саму или в её подпапку.', {
    fields: { root: 'Папку нельзя переместить в неё саму или в её подпапку.' },
  });
}
