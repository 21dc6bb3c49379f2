import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * File-manager objects: files and folders in one tree per owner. `parent_id` null = top level.
 * `search_name` is the name lower-cased in JS (ё → е) so the search is case-insensitive for Cyrillic
 * whatever the database collation is. A file's bytes live in the blob store under `blob_key`.
 *
 * Names are unique in a folder (and at an owner's top level of one type) the way the search compares them:
 * by `search_name`, among visible objects — the unique index `files_objects_name_uq`.
 *
 * The recycle bin: an object deleted by the user gets `deleted_at`/`deleted_by`, and it and everything below
 * it get `trash_id` = its id (what is already in the bin keeps its own). `trash_id` not null = invisible.
 * Restoring clears the marks of that `trash_id`; the sweeper deletes for good what is older than TRASH_DAYS.
 */
export const fileObjects = pgTable(
  'files_objects',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => fileObjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    mode: text('mode').notNull().default('private'),
    metadata: text('metadata').notNull().default('{}'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mime: text('mime').notNull().default(''),
    sha256: text('sha256').notNull().default(''),
    blobKey: text('blob_key'),
    uploadId: text('upload_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the content last changed (not a rename, a move or a change of access). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Put in the recycle bin at (only on the object the user deleted, not on what is inside it). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    /** The object in the bin that hides this one (itself, or the folder above it that was deleted); null = visible. */
    trashId: text('trash_id'),
  },
  (t) => [
    index('files_objects_owner_parent_idx').on(t.ownerId, t.parentId, t.type),
    index('files_objects_parent_idx').on(t.parentId),
    uniqueIndex('files_objects_name_uq')
      .on(t.ownerId, t.type, sql`coalesce(${t.parentId}, '')`, t.searchName)
      .where(sql`${t.trashId} is null`),
    index('files_objects_trash_idx').on(t.trashId).where(sql`${t.trashId} is not null`),
    index('files_objects_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

/** A user share (Nextcloud share type 0): `access` read or edit, inherited by the contents of a folder. */
export const fileShares = pgTable(
  'files_shares',
  {
    objectId: text('object_id')
      .notNull()
      .references(() => fileObjects.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    access: text('access').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.userId] }), index('files_shares_user_idx').on(t.userId)],
);

/** Public links: the token is shown once and stored as SHA-256; optional expiry and password (argon2id). */
export const fileLinks = pgTable(
  'files_links',
  {
    id: text('id').primaryKey(),
    objectId: text('object_id')
      .notNull()
      .references(() => fileObjects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('files_links_token_uq').on(t.tokenHash), index('files_links_object_idx').on(t.objectId)],
);

/**
 * A resumable upload (createUpload … completeUpload). `status`: open → done (then `object_id` is set and a
 * repeated completeUpload answers the same object). On the S3 store, an upload whose chunks are ≥ 5 MiB is an
 * S3 multipart upload of the object `multipart_key` (chunk i = part i + 1), created with the first chunk.
 */
export const fileUploads = pgTable(
  'files_uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    ownerId: text('owner_id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    mode: text('mode').notNull().default('private'),
    metadata: text('metadata').notNull().default('{}'),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    chunkSize: bigint('chunk_size', { mode: 'number' }).notNull(),
    chunks: integer('chunks').notNull(),
    status: text('status').notNull().default('open'),
    objectId: text('object_id'),
    /** The object key the S3 multipart upload writes (set together with `multipart_id`). */
    multipartKey: text('multipart_key'),
    /** The S3 multipart UploadId. */
    multipartId: text('multipart_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploads_touched_idx').on(t.touchedAt), index('files_uploads_user_idx').on(t.userId)],
);

/**
 * The chunks of an upload that arrived; a chunk sent again replaces the row (and its blob, or its S3 part).
 * A chunk is either a blob (`blob_key`) or a part of the upload's S3 multipart upload (`etag`, no blob).
 */
export const fileUploadChunks = pgTable(
  'files_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => fileUploads.id, { onDelete: 'cascade' }),
    chunkId: integer('chunk_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** CRC-32 of the chunk (8 hex digits, as zlib); null for chunks stored before migration 0015. */
    crc32: text('crc32'),
    blobKey: text('blob_key'),
    /** The S3 part's ETag (multipart uploads only). */
    etag: text('etag'),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkId] })],
);

/**
 * Blobs written but not (yet) referenced by a row, and blobs no longer referenced but not yet deleted:
 * a key is entered here before its bytes are written and removed once the row that owns it is committed
 * (or the blob is deleted). A crash at any point leaves an entry the upload sweeper finds — never an orphan.
 * `multipart_id`: an S3 multipart upload writing `key`, journalled before any part is sent (the sweeper aborts it).
 */
export const filePendingBlobs = pgTable(
  'files_pending_blobs',
  {
    key: text('key').primaryKey(),
    multipartId: text('multipart_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_pending_blobs_created_idx').on(t.createdAt)],
);

/**
 * The bytes of a file kept as its upload's chunks (disk store: completion then commits rows only, with no
 * second copy of the file); `idx` orders them. A file has either `blob_key` or parts.
 */
export const fileObjectParts = pgTable(
  'files_object_parts',
  {
    objectId: text('object_id')
      .notNull()
      .references(() => fileObjects.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    blobKey: text('blob_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.idx] }), index('files_object_parts_key_idx').on(t.blobKey)],
);
