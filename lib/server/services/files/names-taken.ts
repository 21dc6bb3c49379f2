import 'server-only';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { numberedName } from '@/lib/domain/files/names';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { searchKey } from './model';

/**
 * One name per folder: two visible objects of one owner and type may not share a folder (or the top level)
 * and a name as the search compares it (`search_name`: lower case, ё = е). The unique index
 * `files_objects_name_uq` enforces it race-free; these helpers turn its refusal into a Russian 409.
 */
const NAME_INDEX = 'files_objects_name_uq';

/** Where a name must be free: an owner's folder (null = the top level) of one type. */
export interface NameScope {
  ownerId: string;
  type: string;
  parentId: string | null;
}

/** True for the unique index's refusal (PostgreSQL and PGlite, also wrapped by drizzle as `cause`). */
export function isNameTaken(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const err = cur as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === '23505' && (err.constraint === NAME_INDEX || String(err.message ?? '').includes(NAME_INDEX))) return true;
  }
  return false;
}

const scopeWhere = (scope: NameScope) =>
  and(
    eq(fileObjects.ownerId, scope.ownerId),
    eq(fileObjects.type, scope.type),
    scope.parentId === null ? isNull(fileObjects.parentId) : eq(fileObjects.parentId, scope.parentId),
    isNull(fileObjects.trashId),
  );

/** The visible object named `name` in the scope (other than `exceptId`), or null. */
export async function objectNamed(db: Db, scope: NameScope, name: string, exceptId?: string) {
  const [found] = await db
    .select({ id: fileObjects.id, name: fileObjects.name, kind: fileObjects.kind })
    .from(fileObjects)
    .where(and(scopeWhere(scope), eq(fileObjects.searchName, searchKey(name)), exceptId ? sql`${fileObjects.id} <> ${exceptId}` : undefined))
    .limit(1);
  return found ?? null;
}

/** The first of «name (2)», «name (3)»… free in the scope. */
export async function freeName(db: Db, scope: NameScope, name: string, kind: 'file' | 'folder'): Promise<string> {
  const dot = kind === 'file' ? name.lastIndexOf('.') : -1;
  const stem = dot > 0 && dot < name.length - 1 ? name.slice(0, dot) : name;
  const taken = new Set(
    (
      await db
        .select({ s: fileObjects.searchName })
        .from(fileObjects)
        .where(and(scopeWhere(scope), like(fileObjects.searchName, `${searchKey(stem).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    ).map((r) => r.s),
  );
  if (!taken.has(searchKey(name))) return name;
  for (let n = 2; ; n++) {
    const candidate = numberedName(name, n, kind);
    if (!taken.has(searchKey(candidate))) return candidate;
  }
}

/**
 * 409 NAME_TAKEN «В этой папке уже есть «…».» with `existing` {id, name, kind} (for «Заменить») and
 * `suggested` — a free numbered name (for «Оставить оба»).
 */
export async function nameTaken(db: Db, scope: NameScope, name: string, kind: 'file' | 'folder'): Promise<ServiceError> {
  const existing = await objectNamed(db, scope, name);
  const shown = existing?.name ?? name;
  const msg = `В этой папке уже есть «${shown}».`;
  return new ServiceError('NAME_TAKEN', msg, {
    fields: { name: msg },
    extra: { existing, suggested: await freeName(db, scope, name, kind) },
  });
}

/** Refuses (409) when the name is taken in the scope by another object. */
export async function ensureNameFree(db: Db, scope: NameScope, name: string, kind: 'file' | 'folder', exceptId?: string): Promise<void> {
  if (await objectNamed(db, scope, name, exceptId)) throw await nameTaken(db, scope, name, kind);
}

/** Runs a write that may hit the unique index; its refusal becomes 409 NAME_TAKEN (a race lost to another write). */
export async function guardName<T>(db: Db, scope: NameScope, name: string, kind: 'file' | 'folder', write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isNameTaken(e)) throw await nameTaken(db, scope, name, kind);
    throw e;
  }
}
