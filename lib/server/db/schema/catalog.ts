import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';
import type { ImportSummary, RecalcReportLine } from '@/lib/schemas/catalog';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const owner = () =>
  text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Groups of the catalogue, a tree per owner (`parent_id` null = top level). */
export const catalogGroups = pgTable(
  'catalog_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    /** The price list import that made it (from the file's «Группа» column): its undo removes the group while it is empty. */
    importId: uuid('import_id'),
    version: integer('version').notNull().default(1),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('catalog_groups_owner_idx').on(t.ownerId, t.parentId), index('catalog_groups_import_idx').on(t.importId).where(sql`${t.importId} is not null`)],
);

/**
 * Items of the catalogue («Номенклатура»): materials, purchased goods, energy, services. Decimals (waste %, sheet
 * size) are decimal strings. `name_norm` is the name normalised for matching price lists (lib/domain/catalog).
 * `prices_changed_at` moves whenever a price row is added, removed, imported or undone: a specification using
 * the item and saved before it is «цены устарели».
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    nameNorm: text('name_norm').notNull(),
    article: text('article').notNull().default(''),
    groupId: uuid('group_id').references(() => catalogGroups.id, { onDelete: 'restrict' }),
    unit: text('unit').notNull(),
    okei: text('okei').notNull().default(''),
    type: text('type').notNull().default('material'),
    wastePct: text('waste_pct'),
    notes: text('notes').notNull().default(''),
    sheetWidthMm: text('sheet_width_mm'),
    sheetHeightMm: text('sheet_height_mm'),
    preferredSupplierId: uuid('preferred_supplier_id').references(() => companies.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    pricesChangedAt: timestamp('prices_changed_at', { withTimezone: true }),
    /** The price list import that created it: while that import is `applying` the item is not there for any reader. */
    importId: uuid('import_id'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('catalog_items_owner_name_idx').on(t.ownerId, t.nameNorm),
    index('catalog_items_import_idx').on(t.importId).where(sql`${t.importId} is not null`),
    index('catalog_items_owner_article_idx').on(t.ownerId, t.article),
    index('catalog_items_owner_group_idx').on(t.ownerId, t.groupId),
    index('catalog_items_search_trgm_idx').using('gin', sql`search_norm(${t.name} || ' ' || ${t.article}) gin_trgm_ops`),
  ],
);

/** Price rows of an item: a supplier's price in kopecks (as entered: with or without VAT), valid from a day. */
export const catalogPrices = pgTable(
  'catalog_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    priceKop: bigint('price_kop', { mode: 'number' }).notNull(),
    vatIncluded: boolean('vat_included').notNull().default(false),
    /** Percent as a decimal string, or 'none'. */
    vatRate: text('vat_rate').notNull().default('none'),
    currency: text('currency').notNull().default('RUB'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** The price list import that wrote it (undo removes it); while that import is `applying` the row is not there for any reader. */
    importId: uuid('import_id'),
    createdAt: created(),
  },
  (t) => [index('catalog_prices_item_idx').on(t.itemId, t.validFrom), index('catalog_prices_import_idx').on(t.importId)],
);

/** An owner's catalogue settings: which supplier's price counts. */
export const catalogSettings = pgTable('catalog_settings', {
  ownerId: owner().primaryKey(),
  priceChoice: text('price_choice').notNull().default('preferred'),
  version: integer('version').notNull().default(1),
  updatedAt: updated(),
});

/** The column mapping last used for a supplier's price list. */
export const catalogSupplierMappings = pgTable(
  'catalog_supplier_mappings',
  {
    ownerId: owner(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    mapping: jsonb('mapping').$type<Record<string, number>>().notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.supplierId] })],
);

/**
 * The items a user matched a supplier's articles to in a price list's review («SAM-416» → «Саморез 4×16»): the next
 * list of that supplier matches them first. `article` is normalised (normalizeArticle).
 */
export const catalogSupplierMatches = pgTable(
  'catalog_supplier_matches',
  {
    ownerId: owner(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    article: text('article').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    updatedAt: updated(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.supplierId, t.article] })],
);

/**
 * A price list import: the uploaded file (kept until applied or dropped), its state and progress, the
 * options of the preview, what applying it did. The items and price rows it wrote carry its id (for undo).
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    data: bytea('data'),
    state: text('state').notNull().default('uploaded'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    summary: jsonb('summary').$type<ImportSummary>(),
    error: text('error'),
    version: integer('version').notNull().default(1),
    createdAt: created(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Rows of an import's preview: what was read, the match and what applying does. */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    article: text('article').notNull().default(''),
    name: text('name').notNull().default(''),
    unit: text('unit').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    /** The type of the item a new row creates (ITEM_TYPES), from the file's «Тип» column or set in the review; null = «Материал». */
    itemType: text('item_type'),
    priceKop: bigint('price_kop', { mode: 'number' }),
    vatRate: text('vat_rate'),
    status: text('status').notNull(),
    itemId: uuid('item_id'),
    score: real('score'),
    oldPriceKop: bigint('old_price_kop', { mode: 'number' }),
    /** The VAT basis of that price (see lib/domain/catalog/vat-basis.ts). */
    oldVatIncluded: boolean('old_vat_included'),
    oldVatRate: text('old_vat_rate'),
    create: boolean('create').notNull().default(false),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] }), index('catalog_import_rows_status_idx').on(t.importId, t.status)],
);

/** Work centres and operation types: labour and machine-hour rates (kopecks) that business-process steps point at. */
export const workCentres = pgTable(
  'work_centres',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('work-centre'),
    hourlyRateKop: bigint('hourly_rate_kop', { mode: 'number' }).notNull(),
    machineHourRateKop: bigint('machine_hour_rate_kop', { mode: 'number' }).notNull().default(0),
    notes: text('notes').notNull().default(''),
    archived: boolean('archived').notNull().default(false),
    version: integer('version').notNull().default(1),
    /** When a rate (hourly or machine-hour) last changed: a specification saved before is «цены устарели». */
    ratesChangedAt: timestamp('rates_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('work_centres_owner_idx').on(t.ownerId, t.name)],
);

/** A «Пересчитать все» run: progress and its report (per specification: old and new cost). */
export const catalogRecalcRuns = pgTable(
  'catalog_recalc_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: owner(),
    state: text('state').notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report').$type<RecalcReportLine[]>().notNull().default([]),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_recalc_runs_owner_idx').on(t.ownerId, t.startedAt)],
);
