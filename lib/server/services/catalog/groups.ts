import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { CatalogGroup } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogGroups } from '../../db/schema';
import { ServiceError } from '../../errors';
import { groupNotFound } from './model';

export type GroupRow = typeof catalogGroups.$inferSelect;

export const groupOnWire = (g: GroupRow, itemCount = 0): CatalogGroup => ({ id: g.id, parentId: g.parentId, name: g.name, version: g.version, itemCount });

export const groupConflict = (version: number) =>
  new ServiceError('CONFLICT', 'Группу уже изменили в другом окне. Обновите список и повторите.', { extra: { version } });

export async function findGroup(db: Db, ownerId: string, id: string): Promise<GroupRow | undefined> {
  const [g] = await db.select().from(catalogGroups).where(and(eq(catalogGroups.id, id), eq(catalogGroups.ownerId, ownerId)));
  return g;
}

/** The parent is the owner's group and not `self` or under it (422 GROUP_CYCLE). */
export async function checkParent(db: Db, ownerId: string, parentId: string | null, self?: string) {
  if (!parentId) return;
  const all = await db.select({ id: catalogGroups.id, parentId: catalogGroups.parentId }).from(catalogGroups).where(eq(catalogGroups.ownerId, ownerId));
  const byId = new Map(all.map((g) => [g.id, g.parentId]));
  if (!byId.has(parentId)) throw groupNotFound();
  for (let at: string | null | undefined = parentId, steps = 0; at && steps <= all.length; at = byId.get(at), steps++) {
    if (at === self) throw new ServiceError('GROUP_CYCLE', 'Группу нельзя вложить в саму себя или в её подгруппу.', { fields: { parentId: 'Выберите другую родительскую группу.' } });
  }
}
