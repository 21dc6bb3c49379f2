import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fileObjects } from './files';

/**
 * Костинг. A user's saved default parameters for /cost (used when no own company has them),
 * and saved calculation scenarios (a specification reference + parameters), compared side by side.
 * Parameters are the `params` object of `cost/calculate` as JSON (decimal strings).
 */
export const costUserDefaults = pgTable('cost_user_defaults', {
  userId: text('user_id').primaryKey(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const costScenarios = pgTable(
  'cost_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    /** The stored specification (file-manager object id), or null when `spec` holds the document itself. */
    specId: text('spec_id'),
    spec: jsonb('spec').$type<Record<string, unknown> | null>(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cost_scenarios_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * Business-process sets of a user: ordered steps (JSON, lib/schemas/specification.ts `processSetSchema`).
 * A specification with `processSetId` takes its operations from the set when it is calculated.
 */
export const processSets = pgTable(
  'process_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<Record<string, unknown>[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('process_sets_owner_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * The saved versions of a specification (a file-manager object of type `specifications`): every save through
 * `specs/save` or `specs/restore` stores the document it wrote, with its object version, name, author and
 * time, so the editor can list, view, restore and compare versions. Removed with the object.
 */
export const specVersions = pgTable(
  'spec_versions',
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
  (t) => [uniqueIndex('spec_versions_spec_version_uq').on(t.specId, t.version)],
);
