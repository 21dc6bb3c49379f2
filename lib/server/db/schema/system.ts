import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Installation-wide settings shared by every instance (one row per key).
 * First row: `installation` — the id and first start time of this installation.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
