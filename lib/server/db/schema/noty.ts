import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notifications of a user (the noty service). `id` grows with every notification of the installation: it is
 * the stream's event id, so «everything after the last event seen» is `id > last`.
 */
export const notyNotifications = pgTable(
  'noty_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('noty_notifications_user_idx').on(t.userId, t.id),
    index('noty_notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Kinds of notifications a user switched off (absent row = everything on). */
export const notySettings = pgTable('noty_settings', {
  userId: text('user_id').primaryKey(),
  mutedKinds: text('muted_kinds').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Browsers (user agents) a user has signed in from: a sign-in from one not seen before is a notification. */
export const notyDevices = pgTable(
  'noty_devices',
  {
    userId: text('user_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
