import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fileObjects } from './files';

/**
 * A specification is a file-manager object of type `specifications` (its document is the object's metadata).
 * Its saved versions: every save through `specs/save` or `specs/restore` stores the document it wrote, with
 * its object version, name, author and time, so the editor can list, view, restore and compare versions.
 * Removed with the object.
 */
export const specificationVersions = pgTable(
  'specification_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    specId: text('spec_id')
      .notNull()
      .references(() => fileObjects.id, { onDelete: 'cascade' }),
    /** The object's `version` this document had. */
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** The document (the object's metadata, JSON text). */
    metadata: text('metadata').notNull(),
    /** Who saved it; null for the first version of an object created before versions were kept. */
    authorId: text('author_id'),
    /** `restored` = the version this one was restored from. */
    restoredFrom: integer('restored_from'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('specification_versions_spec_version_uq').on(t.specId, t.version)],
);
