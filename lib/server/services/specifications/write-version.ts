import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileObjects, fileUploads, specificationVersions } from '../../db/schema';
import { searchKey, type ObjectRow } from '../files/model';
import { ensureNameFree, guardName } from '../files/names-taken';
import { specConflict } from './access';
import { assertNoSpecCycle, type SpecRefs } from './cycle';
import { specDocument } from './mentioning';
import { notifySpecChanged } from '../noty/product-events';

/**
 * Who wrote the object's current document when it never went through specs/create or specs/save: the user
 * whose upload made it, while it is still version 1 and the upload is still on record; null otherwise.
 */
export async function uploaderOf(db: Db, row: ObjectRow): Promise<string | null> {
  if (row.version !== 1 || !row.uploadId) return null;
  const [u] = await db.select({ userId: fileUploads.userId }).from(fileUploads).where(eq(fileUploads.id, row.uploadId));
  return u?.userId ?? null;
}

/** The object's current document recorded as a version, if it is not yet (objects made outside specs/create). */
async function ensureCurrentRecorded(db: Db, row: ObjectRow): Promise<void> {
  const [known] = await db
    .select({ version: specificationVersions.version })
    .from(specificationVersions)
    .where(and(eq(specificationVersions.specId, row.id), eq(specificationVersions.version, row.version)));
  if (known) return;
  await db
    .insert(specificationVersions)
    .values({ specId: row.id, version: row.version, name: row.name, metadata: row.metadata, authorId: await uploaderOf(db, row), savedAt: row.updatedAt })
    .onConflictDoNothing();
}

/** What writeVersion writes: the name and the document (JSON text); `materials` = the document's lines when already parsed. */
export interface VersionDoc {
  name: string;
  metadata: string;
  materials?: SpecRefs['materials'];
}

/**
 * Key of the transaction-scoped advisory lock that serialises the writes of documents taking other
 * specifications: each checks for a cycle and writes under it, so two saves that close a loop between them
 * run one after the other and the second sees the first's line.
 */
const SPEC_GRAPH_LOCK = 7_254_271_031;

/**
 * Writes `metadata` as the object's next version when it is still at `row.version` (409 otherwise: the update
 * is conditional in SQL, so of parallel writers from one version exactly one wins) and records it in the
 * history with its author. The previous document stays in the history. Every writer of a specification's
 * document comes here (specs/save, specs/restore, «Пересчитать», updateAttributes with new metadata), so none
 * can make a specification contain itself: 422 SPEC_CYCLE, the message under the field `cycleField(line)`
 * (`metadata` unless the caller names its own). The check and the write are one transaction under
 * SPEC_GRAPH_LOCK, taken only by a document with a line on another specification (one without such a line
 * cannot close a loop and does not wait).
 */
export async function writeVersion(db: Db, row: ObjectRow, userId: string, doc: VersionDoc, restoredFrom?: number, cycleField: (i: number) => string = () => 'metadata') {
  const lines = doc.materials ?? (specDocument(doc.metadata) as Partial<SpecRefs>).materials;
  const refs: SpecRefs = { name: doc.name, materials: Array.isArray(lines) ? lines : [] };
  const nests = refs.materials.some((l) => !!l?.specId);
  // A new name taken in the folder by another object → 409 NAME_TAKEN (one name per folder).
  const scope = { ownerId: row.ownerId, type: row.type, parentId: row.parentId };
  if (doc.name !== row.name) await ensureNameFree(db, scope, doc.name, 'file', row.id);
  const written = await guardName(db, scope, doc.name, 'file', () => db.transaction(async (tx) => {
    if (nests) {
      // Taken before the check reads: a loop closed by a parallel write is seen once that write has committed.
      await tx.execute(sql`select pg_advisory_xact_lock(${SPEC_GRAPH_LOCK})`);
      await assertNoSpecCycle(tx as unknown as Db, userId, row.id, refs, cycleField);
    }
    await ensureCurrentRecorded(tx as unknown as Db, row);
    const [updated] = await tx
      .update(fileObjects)
      .set({ name: doc.name, searchName: searchKey(doc.name), metadata: doc.metadata, version: sql`${fileObjects.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(fileObjects.id, row.id), eq(fileObjects.version, row.version)))
      .returning();
    if (!updated) throw specConflict(row.version);
    await tx.insert(specificationVersions).values({
      specId: row.id,
      version: updated.version,
      name: doc.name,
      metadata: doc.metadata,
      authorId: userId,
      restoredFrom: restoredFrom ?? null,
      savedAt: updated.updatedAt,
    });
    return updated;
  }));
  // Those who take this specification as a semi-finished good: their prices are out of date now.
  await notifySpecChanged({ db }, userId, written);
  return written;
}
