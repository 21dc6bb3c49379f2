import 'server-only';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { type FileObject, listTrashInput, type TrashItem } from '@/lib/schemas/files';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject, type Resolved } from './access';
import { toWire, type ObjectRow } from './model';

const notInTrash = () => new ServiceError('NOT_FOUND', 'В корзине такого нет: его уже восстановили или удалили навсегда.');

/**
 * An object of the caller's bin: one they deleted themselves (its top, not something inside a deleted
 * folder), or one of theirs someone else deleted, that they may still change (`edit`). Otherwise 404.
 */
export async function trashEntry(db: Db, userId: string, id: string): Promise<Resolved> {
  let found: Resolved;
  try {
    found = await resolveObject(db, userId, id, 'edit', { trashed: true });
  } catch (e) {
    if (e instanceof ServiceError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN')) throw notInTrash();
    throw e;
  }
  const { row } = found;
  if (row.deletedAt === null || row.trashId !== row.id) throw notInTrash();
  if (row.ownerId !== userId && row.deletedBy !== userId) throw notInTrash();
  return found;
}

/** The tops of the caller's bin (of `type`), newest first, with their rights checked. */
export async function trashEntries(db: Db, userId: string, type?: string): Promise<Resolved[]> {
  const tops = (await db
    .select()
    .from(fileObjects)
    .where(
      and(
        isNotNull(fileObjects.deletedAt),
        sql`${fileObjects.trashId} = ${fileObjects.id}`,
        or(eq(fileObjects.ownerId, userId), eq(fileObjects.deletedBy, userId)),
        type ? eq(fileObjects.type, type) : undefined,
      ),
    )
    .orderBy(desc(fileObjects.deletedAt), desc(fileObjects.id))) as ObjectRow[];
  const out: Resolved[] = [];
  for (const row of tops) {
    try {
      out.push(await trashEntry(db, userId, row.id));
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
    }
  }
  return out;
}

/** Bytes of the files an object in the bin hides (itself, or what is inside the folder). */
async function hiddenBytes(db: Db, trashId: string): Promise<number> {
  const [r] = await db
    .select({ size: sql<string | number>`coalesce(sum(${fileObjects.size}), 0)` })
    .from(fileObjects)
    .where(and(eq(fileObjects.trashId, trashId), eq(fileObjects.kind, 'file')));
  return Number(r?.size ?? 0);
}

/** The wire item: the object, when it goes for good, where it was (and whether it goes back there). */
async function trashItemOf(ctx: AppContext, found: Resolved): Promise<TrashItem> {
  const { row, access, visiblePath } = found;
  const deletedAt = row.deletedAt ?? new Date();
  const expires = new Date(deletedAt.getTime() + ctx.env.TRASH_DAYS * 86_400_000);
  let toRoot = row.parentId === null;
  if (row.parentId) {
    const [parent] = await ctx.db.select({ trashId: fileObjects.trashId }).from(fileObjects).where(eq(fileObjects.id, row.parentId));
    toRoot = !parent || parent.trashId !== null;
  }
  const object: FileObject = { ...toWire(row, access), size: row.kind === 'folder' ? await hiddenBytes(ctx.db, row.id) : Number(row.size) };
  return {
    object,
    deleted_at: deletedAt.toISOString(),
    expires_at: expires.toISOString(),
    path: visiblePath,
    restores_to_root: toRoot,
  };
}

/**
 * `listTrash {type?}` → `{items: [{object, deleted_at, expires_at, path, restores_to_root}], days}`: the
 * caller's recycle bin, newest first. A folder's `size` is that of the files inside it.
 */
export const listTrashCall = defineCall({
  input: listTrashInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const entries = await trashEntries(ctx.db, user.id, input.type);
    const items: TrashItem[] = [];
    for (const e of entries) items.push(await trashItemOf(ctx, e));
    return { items, days: ctx.env.TRASH_DAYS };
  },
});
