import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import { RateMissingError, type RateBook, type RateKind } from '@/lib/domain/calculators';
import { isOwnedByProcess, type Db } from '../../db/client';
import { rates } from '../../db/schema';
import { LAW_DEFAULT_KINDS, lawDefaultsOn, type LawDefaults } from '@/lib/domain/calculators/law-defaults';
import { moscowToday } from '@/lib/domain/format/date';
import { ServiceError } from '../../errors';

export interface RateRecord {
  id: number;
  kind: RateKind;
  effectiveFrom: string;
  value: unknown;
  source: string;
  createdBy: string | null;
  createdAt: string;
}

/**
 * `value` read as JSON text and parsed here: drizzle's jsonb mapping parses the driver's already parsed
 * value a second time, which turns the decimal string "27093" into the number 27093.
 */
const valueText = sql<string>`${rates.value}::text`;

type CachedRow = { kind: string; effectiveFrom: string; value: unknown; source: string };

/**
 * The rate table's version: rows, the newest id and the newest writing transaction. Any insert, delete or
 * update by any process changes it, so every consumer on every instance reads an admin's new row at once.
 */
const versionOf = sql<string>`count(*)::text || ':' || coalesce(max(${rates.id}), 0)::text || ':' || coalesce(max(${rates}.xmin::text::bigint), 0)::text`;

/** The parsed rows per database, reused while the table's version is the same. */
const cache = new WeakMap<Db, { version: string; rows: Promise<CachedRow[]> }>();

/** Forgets the cached rows (the version check would catch the change anyway; this saves the next reader a round). */
const invalidateRateCache = (db: Db) => void cache.delete(db);

async function allRows(db: Db): Promise<CachedRow[]> {
  const hit = cache.get(db);
  // The embedded database has no other writer than this process, whose writes forget the cache: no version to ask.
  if (hit && isOwnedByProcess(db)) return hit.rows;
  const [{ version } = { version: '' }] = await db.select({ version: versionOf }).from(rates);
  if (hit && hit.version === version) return hit.rows;
  const rows = db
    .select({ kind: rates.kind, effectiveFrom: rates.effectiveFrom, value: valueText, source: rates.source })
    .from(rates)
    .orderBy(asc(rates.kind), asc(rates.effectiveFrom))
    .then((found) => found.map((r) => ({ kind: r.kind, effectiveFrom: r.effectiveFrom, value: JSON.parse(r.value) as unknown, source: r.source })));
  const entry = { version, rows };
  entry.rows.catch(() => cache.get(db) === entry && cache.delete(db));
  cache.set(db, entry);
  return entry.rows;
}

/**
 * The one reader of the rate table for every consumer (calculators, калькуляция, companies, documents,
 * specifications): the rows of the given kinds (date, value, official source) as a rate book, frozen and shared by every call. The whole
 * table is small; its parsed rows are kept per process and re-read when the table's version changes (one
 * cheap query per call on PostgreSQL; none on the embedded database, whose only writer is this process and
 * forgets the cache when it writes).
 */
export async function loadRateBook(db: Db, kinds: readonly RateKind[]): Promise<RateBook> {
  if (kinds.length === 0) return {};
  const rows = await allRows(db);
  // One frozen book per set of kinds and cached table: its rows are indexed once (lib/domain/calculators/rates.ts).
  let books = booksOf.get(rows);
  if (!books) booksOf.set(rows, (books = new Map()));
  const key = [...kinds].sort().join(' ');
  let book = books.get(key);
  if (!book) {
    const wanted = new Set<string>(kinds);
    const built: RateBook = {};
    for (const r of rows) {
      if (wanted.has(r.kind)) (built[r.kind as RateKind] ??= []).push(deepFreeze({ effectiveFrom: r.effectiveFrom, value: structuredClone(r.value), source: r.source }));
    }
    for (const table of Object.values(built)) Object.freeze(table);
    books.set(key, (book = Object.freeze(built)));
  }
  return book;
}

/** The books built from one cached table, by their kinds. */
const booksOf = new WeakMap<CachedRow[], Map<string, RateBook>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Reads from the rate book of `kinds`; a missing row answers 422 `RATE_MISSING` with its kind and date. */
export async function readRates<T>(db: Db, kinds: readonly RateKind[], read: (book: RateBook) => T): Promise<T> {
  const book = await loadRateBook(db, kinds);
  try {
    return read(book);
  } catch (err) {
    if (err instanceof RateMissingError) throw new ServiceError('RATE_MISSING', err.message, { extra: { kind: err.kind, date: err.date } });
    throw err;
  }
}

/** The law defaults (general VAT rate, contribution tariff) today in Moscow. */
export const lawDefaultsToday = (db: Db): Promise<LawDefaults> => {
  const today = moscowToday();
  return readRates(db, LAW_DEFAULT_KINDS, (book) => lawDefaultsOn(book, today));
};

export async function listRateRows(db: Db, kind?: RateKind): Promise<RateRecord[]> {
  const rows = await db
    .select({
      id: rates.id,
      kind: rates.kind,
      effectiveFrom: rates.effectiveFrom,
      value: valueText,
      source: rates.source,
      createdBy: rates.createdBy,
      createdAt: rates.createdAt,
    })
    .from(rates)
    .where(kind ? eq(rates.kind, kind) : undefined)
    .orderBy(asc(rates.kind), asc(rates.effectiveFrom));
  return rows.map((r) => ({ ...r, kind: r.kind as RateKind, value: JSON.parse(r.value) as unknown, createdAt: r.createdAt.toISOString() }));
}

/** Adds a row; false when the kind already has a row on that date. */
export async function insertRateRow(
  db: Db,
  row: { kind: RateKind; effectiveFrom: string; value: unknown; source: string; createdBy: string },
): Promise<RateRecord | null> {
  const [created] = await db
    .insert(rates)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: rates.id, createdAt: rates.createdAt });
  if (!created) return null;
  invalidateRateCache(db);
  return { ...row, id: created.id, createdAt: created.createdAt.toISOString() };
}

/** Adds rows in one statement; rows whose kind already has a row on that date are skipped. Returns how many were added. */
export async function insertRateRows(
  db: Db,
  rows: { kind: RateKind; effectiveFrom: string; value: unknown; source: string; createdBy: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const created = await db.insert(rates).values(rows).onConflictDoNothing().returning({ id: rates.id });
  invalidateRateCache(db);
  return created.length;
}
