import 'server-only';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { nameProblem } from '@/lib/domain/files/names';
import { z } from '@/lib/schemas/envelope';
import { specificationSchema } from '@/lib/schemas/specification';
import type { FileAccess } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { fileObjects, fileUploads, specificationVersions, users } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from '../files/access';
import { searchKey, type ObjectRow } from '../files/model';
import { ensureNameFree, guardName } from '../files/names-taken';
import { assertNoSpecCycle, type SpecRefs } from './spec-cycle';

const idSchema = z.string({ error: 'Укажите спецификацию.' }).trim().min(1, { error: 'Укажите спецификацию.' }).max(100);
const versionSchema = z.number({ error: 'Укажите номер версии.' }).int({ error: 'Номер версии — целое число.' }).min(1, { error: 'Номер версии — от 1.' });

const notFound = () => new ServiceError('NOT_FOUND', 'Спецификация не найдена.');
const stale = (version: number) =>
  new ServiceError('CONFLICT', 'Спецификацию изменили в другом окне или другой пользователь. Обновите страницу.', { extra: { version } });

/** A specification object the caller has `need` on (a file of type `specifications`). */
export async function specObject(db: Db, userId: string, id: string, need: FileAccess): Promise<ObjectRow> {
  let row: ObjectRow;
  try {
    ({ row } = await resolveObject(db, userId, id, need));
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'NOT_FOUND') throw notFound();
    throw e;
  }
  if (row.type !== 'specifications' || row.kind !== 'file') throw notFound();
  return row;
}

/**
 * Who wrote the object's current document when it never went through specs/create or specs/save: the user
 * whose upload made it, while it is still version 1 and the upload is still on record; null otherwise.
 */
async function uploaderOf(db: Db, row: ObjectRow): Promise<string | null> {
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

const parseDoc = (metadata: string): unknown => {
  try {
    return JSON.parse(metadata);
  } catch {
    return null;
  }
};

/** What writeVersion writes: the name and the document (JSON text); `materials` = the document's lines when already parsed. */
export interface VersionDoc {
  name: string;
  metadata: string;
  materials?: SpecRefs['materials'];
}

/**
 * Writes `metadata` as the object's next version when it is still at `expected` (409 otherwise) and records
 * it in the history with its author. The previous document stays in the history. Every writer of a
 * specification's document comes here (specs/save, specs/restore, «Пересчитать», updateAttributes with new
 * metadata), so none can make a specification contain itself: 422 SPEC_CYCLE, the message under the field
 * `cycleField(line)` (`metadata` unless the caller names its own).
 */
export async function writeVersion(db: Db, row: ObjectRow, userId: string, doc: VersionDoc, restoredFrom?: number, cycleField: (i: number) => string = () => 'metadata') {
  const lines = doc.materials ?? (parseDoc(doc.metadata) as Partial<SpecRefs> | null)?.materials;
  await assertNoSpecCycle(db, userId, row.id, { name: doc.name, materials: Array.isArray(lines) ? lines : [] }, cycleField);
  // A new name taken in the folder by another object → 409 NAME_TAKEN (one name per folder).
  const scope = { ownerId: row.ownerId, type: row.type, parentId: row.parentId };
  if (doc.name !== row.name) await ensureNameFree(db, scope, doc.name, 'file', row.id);
  return guardName(db, scope, doc.name, 'file', () => db.transaction(async (tx) => {
    await ensureCurrentRecorded(tx as unknown as Db, row);
    const [updated] = await tx
      .update(fileObjects)
      .set({ name: doc.name, searchName: searchKey(doc.name), metadata: doc.metadata, version: sql`${fileObjects.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(fileObjects.id, row.id), eq(fileObjects.version, row.version)))
      .returning();
    if (!updated) throw stale(row.version);
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
}

const authorName = (u: { firstName: string | null; lastName: string | null; email: string | null } | null) => {
  if (!u || u.email === null) return null;
  const full = [u.lastName, u.firstName].filter(Boolean).join(' ');
  return full || u.email;
};

/** `specs/save {id, doc, version?}` → `{version, updatedAt}`: saves the document, keeps the previous one in the history. */
export const saveSpecCall = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: z.object({ id: idSchema, doc: specificationSchema, version: versionSchema.optional() }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'edit');
    if (input.version !== undefined && input.version !== row.version) throw stale(row.version);
    // The name is also the object's name in the file manager: the same rules as a file name.
    const problem = nameProblem(input.doc.name.normalize('NFC').trim());
    if (problem) throw new ServiceError('VALIDATION_ERROR', problem, { fields: { 'doc.name': problem } });
    const doc = { name: input.doc.name, metadata: JSON.stringify(input.doc), materials: input.doc.materials };
    const updated = await writeVersion(ctx.db, row, user.id, doc, undefined, (i) => `doc.materials.${i}.specId`);
    return { msg: 'Спецификация сохранена', version: updated.version, updatedAt: updated.updatedAt.toISOString() };
  },
});

/** `specs/history {id}` → `{versions}` newest first: version, name, date, author, what it was restored from. */
export const specHistoryCall = defineCall({
  input: z.object({ id: idSchema }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const list = await ctx.db
      .select({
        version: specificationVersions.version,
        name: specificationVersions.name,
        savedAt: specificationVersions.savedAt,
        restoredFrom: specificationVersions.restoredFrom,
        authorId: specificationVersions.authorId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(specificationVersions)
      .leftJoin(users, eq(users.id, specificationVersions.authorId))
      .where(eq(specificationVersions.specId, row.id))
      .orderBy(desc(specificationVersions.version));
    const versions = list.map((v) => ({
      version: v.version,
      name: v.name,
      savedAt: v.savedAt.toISOString(),
      author: v.authorId ? { id: v.authorId, name: authorName(v) ?? 'пользователь удалён' } : null,
      restoredFrom: v.restoredFrom,
      current: v.version === row.version,
    }));
    // An object never saved through specs/save: its current document is the only version.
    if (!versions.some((v) => v.current)) {
      const authorId = await uploaderOf(ctx.db, row);
      const [u] = authorId ? await ctx.db.select().from(users).where(eq(users.id, authorId)) : [];
      const author = authorId ? { id: authorId, name: authorName(u ?? null) ?? 'пользователь удалён' } : null;
      versions.unshift({ version: row.version, name: row.name, savedAt: row.updatedAt.toISOString(), author, restoredFrom: null, current: true });
    }
    return { versions, current: row.version };
  },
});

/** The document of one version (the current one is read from the object itself). */
async function versionDoc(db: Db, row: ObjectRow, version: number) {
  if (version === row.version) return { version, name: row.name, metadata: row.metadata, savedAt: row.updatedAt };
  const [v] = await db
    .select()
    .from(specificationVersions)
    .where(and(eq(specificationVersions.specId, row.id), eq(specificationVersions.version, version)));
  if (!v) throw new ServiceError('NOT_FOUND', `Версия ${version} не найдена.`, { fields: { version: 'Такой версии нет.' } });
  return v;
}


/** `specs/version {id, version}` → `{version, name, savedAt, doc}`. */
export const specVersionCall = defineCall({
  input: z.object({ id: idSchema, version: versionSchema }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const v = await versionDoc(ctx.db, row, input.version);
    return { version: v.version, name: v.name, savedAt: v.savedAt.toISOString(), doc: parseDoc(v.metadata) };
  },
});

/** `specs/restore {id, version, currentVersion?}` → `{version}`: the old document becomes the newest version. */
export const restoreSpecCall = defineCall({
  input: z.object({ id: idSchema, version: versionSchema, currentVersion: versionSchema.optional() }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'edit');
    if (input.currentVersion !== undefined && input.currentVersion !== row.version) throw stale(row.version);
    if (input.version === row.version) throw new ServiceError('VALIDATION_ERROR', 'Это текущая версия.', { fields: { version: 'Это текущая версия.' } });
    const v = await versionDoc(ctx.db, row, input.version);
    // The old document may take a specification that has since come to contain this one (SPEC_CYCLE).
    const updated = await writeVersion(ctx.db, row, user.id, { name: v.name, metadata: v.metadata }, input.version, () => 'version');
    return { msg: `Версия ${input.version} восстановлена`, version: updated.version, updatedAt: updated.updatedAt.toISOString() };
  },
});

/**
 * `specs/where-used {id}` → `{specs: [{id, name, lines}]}`: the caller's specifications that take this one
 * as a semi-finished good (a material line with its `specId`), by name.
 */
export const specWhereUsedCall = defineCall({
  input: z.object({ id: idSchema }),
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    // A cheap text filter first (the id is in the JSON), then the documents are parsed to be sure.
    const candidates = await ctx.db
      .select({ id: fileObjects.id, name: fileObjects.name, metadata: fileObjects.metadata })
      .from(fileObjects)
      .where(
        and(
          eq(fileObjects.ownerId, user.id),
          eq(fileObjects.type, 'specifications'),
          eq(fileObjects.kind, 'file'),
          isNull(fileObjects.trashId),
          sql`strpos(${fileObjects.metadata}, ${row.id}) > 0`,
        ),
      )
      .orderBy(asc(fileObjects.searchName));
    const specs: { id: string; name: string; lines: number }[] = [];
    for (const c of candidates) {
      if (c.id === row.id) continue;
      const doc = parseDoc(c.metadata) as { materials?: { specId?: unknown }[] } | null;
      const lines = Array.isArray(doc?.materials) ? doc.materials.filter((m) => m?.specId === row.id).length : 0;
      if (lines) specs.push({ id: c.id, name: c.name, lines });
    }
    return { specs };
  },
});
