import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { RateBook, RateKind } from '@/lib/domain/calculators';
import type { Db } from '../../db/client';
import { rates } from '../../db/schema';

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

/** How long a process reuses the rate rows it read (rates change a few times a year; other instances see an admin's new row within this time). */
export const RATE_CACHE_MS = 30_000;
const cache = new WeakMap<Db, { at: number; rows: Promise<{ kind: string; effectiveFrom: string; value: string }[]> }>();

/** Forgets the cached rows (after an admin adds one). */
export const invalidateRateCache = (db: Db) => void cache.delete(db);

function allRows(db: Db) {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < RATE_CACHE_MS) return hit.rows;
  const rows = db
    .select({ kind: rates.kind, effectiveFrom: rates.effectiveFrom, value: valueText })
    .from(rates)
    .orderBy(asc(rates.kind), asc(rates.effectiveFrom));
  const entry = { at: Date.now(), rows: Promise.resolve(rows) };
  entry.rows.catch(() => cache.delete(db));
  cache.set(db, entry);
  return entry.rows;
}

/** The rows of the given kinds as a rate book (the whole table is small and cached for RATE_CACHE_MS). */
export async function loadRateBook(db: Db, kinds: readonly RateKind[]): Promise<RateBook> {
  if (kinds.length === 0) return {};
  const wanted = new Set<string>(kinds);
  const book: RateBook = {};
  for (const r of await allRows(db)) {
    if (wanted.has(r.kind)) (book[r.kind as RateKind] ??= []).push({ effectiveFrom: r.effectiveFrom, value: JSON.parse(r.value) });
  }
  return book;
}

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

export async function rateRowExists(db: Db, kind: RateKind, effectiveFrom: string): Promise<boolean> {
  const [r] = await db.select({ id: rates.id }).from(rates).where(and(eq(rates.kind, kind), eq(rates.effectiveFrom, effectiveFrom))).limit(1);
  return Boolean(r);
}
