import { sql, type SQL } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { searchWords, tsvector } from './search';

/**
 * Обучение. Courses and lessons as the app shows them (shipped content loaded by version at start-up, or the
 * admin's edit), every revision of either (history), and each user's progress.
 * A course row has `lesson_id = ''`; `source` is the whole Markdown file with its front matter.
 */
export const educationCourses = pgTable('education_courses', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  order: integer('order').notNull(),
  source: text('source').notNull(),
  /** Version of the shipped file last loaded (0 = created by an admin, not shipped). */
  shippedVersion: integer('shipped_version').notNull().default(0),
  /** Number of the current revision (education_revisions). */
  revision: integer('revision').notNull().default(1),
  /** The admin's edit is current: a shipped update is kept in history but does not replace it. */
  adminEdited: boolean('admin_edited').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const educationLessons = pgTable(
  'education_lessons',
  {
    courseId: text('course_id').notNull(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    order: integer('order').notNull(),
    minutes: integer('minutes').notNull(),
    screens: jsonb('screens').$type<{ title: string; href: string }[]>().notNull(),
    /** Exercises with their right answers (never sent to the browser). */
    exercises: jsonb('exercises').$type<Record<string, unknown>[]>().notNull(),
    body: text('body').notNull(),
    source: text('source').notNull(),
    shippedVersion: integer('shipped_version').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    adminEdited: boolean('admin_edited').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the title (weight A) and of the text (B) for the search, generated (see ./search.ts). */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${searchWords(sql`${educationLessons.title}`)} || ${searchWords(sql`${educationLessons.body}`, 'B')}`),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.id] })],
);

/** Every revision of a course (`lesson_id = ''`) or lesson: shipped loads and admin edits, append-only. */
export const educationRevisions = pgTable(
  'education_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull().default(''),
    revision: integer('revision').notNull(),
    /** `shipped` (from the product's files, with `shipped_version`) or `admin`. */
    origin: text('origin').notNull(),
    shippedVersion: integer('shipped_version'),
    authorId: text('author_id'),
    source: text('source').notNull(),
    /** False for a shipped revision kept in history while the admin's edit stays current. */
    applied: boolean('applied').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('education_revisions_item_idx').on(t.courseId, t.lessonId, t.id)],
);

/** A user's progress in one lesson. Seconds are summed from activity gaps, each capped (idle time is not counted). */
export const educationProgress = pgTable(
  'education_progress',
  {
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonId] }), index('education_progress_user_idx').on(t.userId, t.lastSeenAt)],
);

/** A user's attempts at one exercise and the best result (solved or not). */
export const educationAttempts = pgTable(
  'education_attempts',
  {
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    exerciseId: text('exercise_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    solved: boolean('solved').notNull().default(false),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonId, t.exerciseId] })],
);

/** A course the user completed (every lesson done), written once: the certificate's date. */
export const educationCompletions = pgTable(
  'education_completions',
  {
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);
