import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityKind } from '@/lib/domain/activity/kinds';

/**
 * The activity log: one row per thing a user did (a specification created, a calculator run…), written by the
 * services as it happens and never changed afterwards (append-only). «Мой прогресс» counts it.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    /** What it was about: a specification, calculator, company, file, course or lesson id; null when nothing. */
    subjectId: text('subject_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_events_user_at_idx').on(t.userId, t.at)],
);
