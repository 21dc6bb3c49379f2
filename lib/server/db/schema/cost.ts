import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
