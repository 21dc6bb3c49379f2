import { z } from './envelope';

/** File-manager wire shapes, shared by the server and the browser. */

export const FILE_TYPES = ['documents', 'specifications', 'templates', 'avatars'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const FILE_SORTS = ['name', '-name', 'updated_at', '-updated_at', 'size', '-size'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export type FileAccess = 'owner' | 'edit' | 'read';

export interface FileObject {
  id: string;
  name: string;
  root: string | null;
  mode: 'private' | 'public';
  type: FileType;
  kind: 'file' | 'folder';
  metadata: string;
  upload_id: string | null;
  size: number;
  mime: string;
  sha256: string;
  version: number;
  owner: string;
  access: FileAccess;
  created_at: string;
  updated_at: string;
}

export interface PathItem {
  id: string;
  name: string;
}

/** An object in the recycle bin (`listTrash`): a folder's `size` is that of the files inside it. */
export interface TrashItem {
  object: FileObject;
  deleted_at: string;
  /** When the sweeper deletes it for good (deleted_at + TRASH_DAYS). */
  expires_at: string;
  /** Where it was: the folders above it the caller may see, from the top. */
  path: PathItem[];
  /** Its folder is gone (deleted for good, or in the bin too): it is restored to the top level. */
  restores_to_root: boolean;
}

export interface FileShare {
  login: string;
  access: 'read' | 'edit';
  created_at: string;
}

export interface FileLink {
  id: string;
  expires_at: string | null;
  has_password: boolean;
  created_at: string;
}

export const fileTypeSchema = z.enum(FILE_TYPES, { message: 'Неизвестный тип: documents, specifications, templates или avatars.' });
export const idSchema = z.string().trim().min(1, { message: 'Не указан объект.' }).max(100);
export const rootSchema = z.union([idSchema, z.null()]).optional();
export const modeSchema = z.enum(['private', 'public'], { message: 'Режим: private или public.' });
export const shareAccessSchema = z.enum(['read', 'edit'], { message: 'Права: read (просмотр) или edit (изменение).' });
/** sha256 as 64 hex digits (either case; stored lower-case). */
export const sha256Schema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, { message: 'SHA-256 — 64 шестнадцатеричные цифры.' })
  .transform((s) => s.toLowerCase());
