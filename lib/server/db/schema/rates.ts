import { sql, type SQL } from 'drizzle-orm';
import { bigserial, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchWords, tsvector } from './search';

/**
 * Dated rates that change by law (VAT, key rate, МРОТ, contribution tariffs and caps, НДФЛ scale, ИП
 * amounts, УСН rates, court fees): a row is valid from `effective_from` until the next row of its kind.
 * `value` is JSON: a decimal string ("22", "27093") or, for scales, an object (lib/domain/calculators).
 * Seeded by migrations, each row with its official source; an admin adds rows for new decisions.
 */
export const rates = pgTable(
  'rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    value: jsonb('value').notNull(),
    source: text('source').notNull(),
    /** Who added the row (user id); null for seeded rows. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rates_kind_from_uq').on(t.kind, t.effectiveFrom)],
);

/** A user's recent calculator runs (the inputs; the result is recomputed on open). */
export const calculatorRuns = pgTable(
  'calculator_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    calcId: text('calc_id').notNull(),
    input: jsonb('input').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calculator_runs_user_idx').on(t.userId, t.createdAt)],
);

/** «Свой калькулятор»: a user's named inputs and formulas (lib/domain/calculators/custom.ts), shareable by link. */
export const customCalculators = pgTable(
  'custom_calculators',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    /** `{inputs, formulas}` as validated by lib/schemas/calculators-custom.ts. */
    definition: jsonb('definition').notNull(),
    /** Random token of the share link; null = not shared. */
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the name for the search, generated (see ./search.ts). */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs((): SQL => searchWords(sql`${customCalculators.name}`)),
  },
  (t) => [
    index('custom_calculators_owner_idx').on(t.ownerId),
    uniqueIndex('custom_calculators_share_uq').on(t.shareToken),
    index('custom_calculators_search_tsv_idx').using('gin', t.ownerId, t.searchTsv).with({ fastupdate: false }),
    index('custom_calculators_search_trgm_idx').using('gin', t.ownerId, sql`search_norm(${t.name}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
