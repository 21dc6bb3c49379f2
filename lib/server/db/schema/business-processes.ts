import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('business_processes_owner_idx').on(t.ownerId, t.updatedAt)],
);
