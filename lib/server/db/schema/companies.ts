import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { users } from './auth';
import { searchWords, tsvector } from './search';

/** One bank account of a company (реквизиты are digit strings, leading zeros kept). */
export interface BankAccountRow {
  bik: string;
  bankName: string;
  corrAccount: string;
  account: string;
  isDefault: boolean;
}

/** An own company's costing defaults for /cost: percentages as decimal strings, absent = not set (the names of the cost parameters). */
export interface CostingDefaultsRow {
  additionalWagePct?: string;
  contributionsPct?: string;
  accidentPct?: string;
  shop: { base: 'wages' | 'direct' | 'machineHours'; pct?: string; rate?: string };
  general: { base: 'wages' | 'direct' | 'machineHours'; pct?: string; rate?: string };
  sellingPct?: string;
  directCosting: boolean;
  /** Absent in rows saved before the choice existed: the calculation's default (flow). */
  semiFinishedMethod?: 'flow' | 'semi';
}

/**
 * Companies of a user: own companies (`is_own`) and counterparties. Реквизиты are stored
 * cleaned (digits only, КПП upper-case), empty string = not given. `version` guards concurrent edits.
 */
/** A company's title as lists and the search show it: the short name, else the full one. */
export const companyTitle = (c: { shortName: unknown; fullName: unknown }): SQL =>
  sql`case when ${c.shortName} <> '' then ${c.shortName} else ${c.fullName} end`;

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isOwn: boolean('is_own').notNull().default(false),
    /** `legal` (ЮЛ), `entrepreneur` (ИП), `person` (физлицо). */
    kind: text('kind').notNull(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull().default(''),
    inn: text('inn').notNull().default(''),
    kpp: text('kpp').notNull().default(''),
    ogrn: text('ogrn').notNull().default(''),
    okpo: text('okpo').notNull().default(''),
    snils: text('snils').notNull().default(''),
    legalAddress: text('legal_address').notNull().default(''),
    postalAddress: text('postal_address').notNull().default(''),
    directorName: text('director_name').notNull().default(''),
    directorTitle: text('director_title').notNull().default(''),
    accountantName: text('accountant_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    taxRegime: text('tax_regime').notNull().default('osno'),
    bankAccounts: jsonb('bank_accounts').$type<BankAccountRow[]>().notNull().default([]),
    /** Own companies only; null for counterparties. */
    costing: jsonb('costing').$type<CostingDefaultsRow | null>(),
    /** The linked folder in «Мои документы» (file manager object id), when created. */
    folderId: text('folder_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the names (weight A) and the digits of ИНН and ОГРН (B) for the search, generated (see ./search.ts). */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`${searchWords(sql`${companies.shortName} || ' ' || ${companies.fullName}`)} || setweight(to_tsvector('simple'::regconfig, ${companies.inn} || ' ' || ${companies.ogrn}), 'B')`,
      ),
  },
  (t) => [
    index('companies_owner_idx').on(t.ownerId, t.isOwn),
    index('companies_owner_inn_idx').on(t.ownerId, t.inn),
    // The search looks only in the caller's rows: the owner is the index's first column (btree_gin), so a
    // word or a typo is looked up among one user's companies however many the others have.
    index('companies_search_tsv_idx').using('gin', t.ownerId, t.searchTsv).with({ fastupdate: false }),
    index('companies_search_trgm_idx').using('gin', t.ownerId, sql`search_norm(${companyTitle(t)}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
