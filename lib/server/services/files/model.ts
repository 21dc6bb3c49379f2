import 'server-only';
import { randomBytes } from 'node:crypto';
import { searchKey } from '@/lib/domain/files/names';
import type { FileAccess, FileObject, FileType } from '@/lib/schemas/files';


import type { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';

/** A row without its generated search words (they never leave the database's search). */
export type ObjectRow = Omit<typeof fileObjects.$inferSelect, 'searchTsv'>;

/** Random ids for objects, uploads and links: 16 bytes, URL-safe. */
export const newId = (): string => randomBytes(16).toString('base64url');

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** A row as the wire object of docs/api.md. */
export function toWire(row: ObjectRow, access: FileAccess): FileObject & { metadata: string } {
  return {
    id: row.id,
    name: row.name,
    root: row.parentId,
    mode: row.mode === 'public' ? 'public' : 'private',
    type: row.type as FileType,
    kind: row.kind === 'folder' ? 'folder' : 'file',
    metadata: row.metadata,
    upload_id: row.uploadId,
    size: Number(row.size),
    mime: row.mime,
    sha256: row.sha256,
    version: row.version,
    owner: row.ownerId,
    access,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}


export { searchKey };

export const notFound = (): ServiceError => new ServiceError('NOT_FOUND', 'Файл или папка не найдены.');
export const forbidden = (what = 'Недостаточно прав для этого действия.'): ServiceError => new ServiceError('FORBIDDEN', what);

const RANK: Record<FileAccess, number> = { read: 1, edit: 2, owner: 3 };
export const atLeast = (have: FileAccess, need: FileAccess): boolean => RANK[have] >= RANK[need];
export const better = (a: FileAccess | null, b: FileAccess | null): FileAccess | null =>
  !a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b;
