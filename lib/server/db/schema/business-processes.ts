import { sql, type SQL } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchWords, tsvector } from './search';

/**
 * Business processes of a user («наборы процессов»): ordered steps (JSON, `processSetSchema` in
 * lib/schemas/specification.ts). A specification with `processSetId` takes its operations from the process
 * when it is calculated. `version` guards concurrent edits: every update is conditional on it.
 */
export const businessProcesses = pgTable(
  'business_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<Record<string, unknown>[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the name for the search, generated (see ./search.ts). */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs((): SQL => searchWords(sql`${businessProcesses.name}`)),
  },
  (t) => [
    index('business_processes_owner_idx').on(t.ownerId, t.updatedAt),
    index('business_processes_search_tsv_idx').using('gin', t.ownerId, t.searchTsv).with({ fastupdate: false }),
    index('business_processes_search_trgm_idx').using('gin', t.ownerId, sql`search_norm(${t.name}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
