import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which bundled DOCX templates («Счёт на оплату», «Договор поставки», …) were put into a user's
 * «Шаблоны документов»: one row per user and sample, claimed before the file is stored so
 * concurrent listings seed each sample once, and kept after the user deletes the file (no re-seeding).
 * `file_id` is set once the file is stored; a row left without it (a crash) is claimed again later.
 */
export const templateSampleSeeds = pgTable(
  'templates_sample_seeds',
  {
    userId: text('user_id').notNull(),
    sample: text('sample').notNull(),
    fileId: text('file_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sample] })],
);
