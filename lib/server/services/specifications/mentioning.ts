import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';

/** A specification whose document mentions an id, with its parsed document. */
export interface MentioningSpec {
  id: string;
  name: string;
  updatedAt: Date;
  doc: { materials?: { specId?: unknown }[]; processSetId?: unknown };
}

/** The document of a specification (its object's metadata), `{}` when it is not JSON. */
export function specDocument(metadata: string): MentioningSpec['doc'] {
  try {
    const doc: unknown = JSON.parse(metadata);
    return doc && typeof doc === 'object' ? (doc as MentioningSpec['doc']) : {};
  } catch {
    return {};
  }
}

/**
 * The caller's own specifications (not in the trash) whose document mentions `id` anywhere, by name: a cheap
 * text filter first (the id is in the JSON); the caller then looks into `doc` to be sure where (a material
 * line's `specId`, the `processSetId`). One query for «где используется» and «спецификации с этим набором».
 */
export async function specsMentioning(db: Db, userId: string, id: string): Promise<MentioningSpec[]> {
  const rows = await db
    .select({ id: fileObjects.id, name: fileObjects.name, metadata: fileObjects.metadata, updatedAt: fileObjects.updatedAt })
    .from(fileObjects)
    .where(
      and(
        eq(fileObjects.ownerId, userId),
        eq(fileObjects.type, 'specifications'),
        eq(fileObjects.kind, 'file'),
        isNull(fileObjects.trashId),
        sql`strpos(${fileObjects.metadata}, ${id}) > 0`,
      ),
    )
    .orderBy(asc(fileObjects.searchName));
  return rows.map((r) => ({ id: r.id, name: r.name, updatedAt: r.updatedAt, doc: specDocument(r.metadata) }));
}
