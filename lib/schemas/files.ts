import { nameProblem } from '@/lib/domain/files/names';
import * as z from './zod';

/** File-manager wire shapes, shared by the server and the browser. */

const FILE_TYPES = ['documents', 'specifications', 'templates', 'avatars'] as const;
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
  /** The object's document (JSON text): in every answer about one object; in a list only when asked (`metadata: true`). */
  metadata?: string;
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

const fileTypeSchema = z.enum(FILE_TYPES, { message: 'Неизвестный тип: documents, specifications, templates или avatars.' });
const idSchema = z.string().check(z.trim(), z.minLength(1, { message: 'Не указан объект.' }), z.maxLength(100));
/** `root` of a call: the parent folder's id; null or absent — the top level. */
export const parentFolderSchema = z.optional(z.union([idSchema, z.null()]));
const modeSchema = z.enum(['private', 'public'], { message: 'Режим: private или public.' });
const shareAccessSchema = z.enum(['read', 'edit'], { message: 'Права: read (просмотр) или edit (изменение).' });
/** sha256 as 64 hex digits (either case; stored lower-case). */
const sha256Schema = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{64}$/, { message: 'SHA-256 — 64 шестнадцатеричные цифры.' }), z.toLowerCase());

/** A name from input: trimmed and checked (Russian message in `fields.name`). */
const nameSchema = z
  .string({ message: 'Введите название.' })
  .check(
    z.normalize('NFC'),
    z.trim(),
    z.superRefine((s, ctx) => {
      const problem = nameProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

/** `metadata`: JSON text (an object sent as JSON is accepted and stored as text). At most 4 MiB. */
const metadataSchema = z.pipe(
  z.union([z.string(), z.record(z.string(), z.unknown())]),
  z.transform((v: string | Record<string, unknown>, ctx): string => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (text.length > 4 * 1024 * 1024) {
      ctx.issues.push({ code: 'custom', message: 'Метаданные слишком большие (не более 4 МБ).', input: v });
      return z.NEVER;
    }
    try {
      JSON.parse(text);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Метаданные должны быть корректным JSON.', input: v });
      return z.NEVER;
    }
    return text;
  }),
);

/** The listing of a folder (`listObjects`). */
export const listObjectsInput = z.object({
  root: parentFolderSchema,
  type: z.optional(fileTypeSchema),
  kind: z.optional(z.enum(['file', 'folder'], { message: 'Вид: file или folder.' })),
  search: z.optional(z.string().check(z.maxLength(200))),
  sort: z._default(z.enum(FILE_SORTS, { message: 'Сортировка: name, -name, updated_at, -updated_at, size или -size.' }), 'name'),
  offset: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(0))), 0),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(1000, { message: 'Не более 1000 за раз.' }))), 100),
  scope: z._default(z.enum(['own', 'shared', 'all'], { message: 'Область: own, shared или all.' }), 'own'),
  /** The whole tree below `root` (or all the caller's objects at the top level), as a search does. */
  recursive: z.optional(z.boolean({ message: 'recursive: true или false.' })),
  /** With each object's document (`metadata`); a list leaves it out otherwise. */
  metadata: z.optional(z.boolean({ message: 'metadata: true или false.' })),
});

/** What opens a public link. */
const linkInput = {
  token: z.string().check(z.minLength(10), z.maxLength(200)),
  password: z.optional(z.string().check(z.maxLength(200))),
  grant: z.optional(z.string().check(z.maxLength(200))),
};

/* Inputs of the calls in lib/server/services/files/abort-upload.ts. */
export const abortUploadInput = z.object({ upload_id: idSchema });

/* Inputs of the calls in lib/server/services/files/complete-upload.ts. */
export const completeUploadInput = z.object({ upload_id: idSchema });

/* Inputs of the calls in lib/server/services/files/copy-file.ts. */
export const copyFileInput = z.object({ id: idSchema, name: nameSchema, root: parentFolderSchema });

/* Inputs of the calls in lib/server/services/files/create-folder.ts. */
export const createFolderInput = z.object({ name: nameSchema, root: parentFolderSchema, type: z.optional(fileTypeSchema) });

/* Inputs of the calls in lib/server/services/files/delete-files.ts. */
export const deleteFilesInput = z.object({ ids: z.array(idSchema).check(z.minLength(1, { message: 'Не выбрано ни одного объекта.' }), z.maxLength(1000)) });

/* Inputs of the calls in lib/server/services/files/delete-forever.ts. */
export const emptyTrashInput = z.object({ type: z.optional(fileTypeSchema) });
export const deleteForeverInput = z.object({ ids: z.array(idSchema).check(z.minLength(1, { message: 'Не выбрано ни одного объекта.' }), z.maxLength(1000)) });

/* Inputs of the calls in lib/server/services/files/file-links.ts. */
export const listLinkObjectsInput = z.object({
  ...linkInput,
  root: z.optional(idSchema),
  search: listObjectsInput.shape.search,
  sort: listObjectsInput.shape.sort,
  offset: listObjectsInput.shape.offset,
  limit: listObjectsInput.shape.limit,
});
export const openFileLinkInput = z.object({ ...linkInput, id: z.optional(idSchema) });
export const revokeFileLinkInput = z.object({ link_id: idSchema });
export const listFileLinksInput = z.object({ id: idSchema });
export const createFileLinkInput = z.object({
  id: idSchema,
  expiresAt: z.optional(z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.null()])),
  password: z.optional(z.string().check(z.minLength(4, { message: 'Пароль не короче 4 символов.' }), z.maxLength(200))),
});

/* Inputs of the calls in lib/server/services/files/get-file-info.ts. */
export const getFileInfoInput = z.object({ id: idSchema });

/* Inputs of the calls in lib/server/services/files/list-trash.ts. */
export const listTrashInput = z.object({ type: z.optional(fileTypeSchema) });

/* Inputs of the calls in lib/server/services/files/restore-files.ts. */
export const restoreFilesInput = z.object({
  ids: z.array(idSchema).check(z.minLength(1, { message: 'Не выбрано ни одного объекта.' }), z.maxLength(1000)),
  keep_both: z.optional(z.boolean({ message: 'keep_both: true или false.' })),
});

/* Inputs of the calls in lib/server/services/files/set-file-mode.ts. */
export const setFileModeInput = z.object({ id: idSchema, mode: modeSchema });

/* Inputs of the calls in lib/server/services/files/share-file.ts. */
export const listSharesInput = z.object({ id: idSchema });
const shareLoginSchema = z.string().check(z.trim(), z.minLength(1, { message: 'Введите логин (e-mail).' }), z.maxLength(320));
export const shareFileInput = z.object({ id: idSchema, login: shareLoginSchema, access: shareAccessSchema });
export const unshareFileInput = z.object({ id: idSchema, login: shareLoginSchema });

/** Largest single file: 50 GiB (the plan then has ≤ 10 737 chunks). */
const MAX_FILE = 50 * 1024 * 1024 * 1024;

/* Inputs of the calls in lib/server/services/files/create-upload.ts. */
export const createUploadInput = z.object({
  name: nameSchema,
  type: z.optional(fileTypeSchema),
  root: parentFolderSchema,
  mode: z.optional(modeSchema),
  metadata: z.optional(metadataSchema),
  size: z
    .number({ message: 'Укажите размер файла в байтах.' })
    .check(
      z.refine(Number.isInteger, { message: 'Размер — целое число байт.' }),
      z.minimum(0, { message: 'Размер не может быть отрицательным.' }),
      z.maximum(MAX_FILE, { message: 'Файл больше 50 ГБ не загрузить.' }),
    ),
  sha256: z.optional(sha256Schema),
});

/* Inputs of the calls in lib/server/services/files/update-attributes.ts. */
export const updateAttributesInput = z.object({
  id: idSchema,
  name: z.optional(nameSchema),
  root: parentFolderSchema,
  metadata: z.optional(metadataSchema),
  version: z.optional(z.int().check(z.minimum(1))),
});

/* Inputs of the calls in lib/server/services/files/upload-status.ts. */
export const uploadStatusInput = z.object({ upload_id: idSchema });
