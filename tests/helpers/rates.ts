import fs from 'node:fs';
import path from 'node:path';
import type { RateBook, RateKind } from '@/lib/domain/calculators';

/**
 * The rate book the migrations seed, read from their SQL (every migration that inserts into "rates", also as
 * `INSERT … SELECT … FROM (VALUES …)`), each row with its source as the later UPDATEs leave it: unit
 * tests run the calculators on exactly the rows a fresh database holds (the integration suite checks the
 * database answers the same).
 */
export function seedRateBook(): RateBook {
  const dir = path.join(process.cwd(), 'lib/server/db/migrations');
  const book: RateBook = {};
  const sources = new Map(seedRateSources().map((r) => [`${r.kind}|${r.effectiveFrom}`, r.source]));
  const row = /\('([a-z_0-9]+)', '(\d{4}-\d{2}-\d{2})', '([^']*)', '/g;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const sqlText = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!sqlText.includes('INSERT INTO "rates"')) continue;
    for (const m of sqlText.matchAll(row)) {
      const kind = m[1] as RateKind;
      (book[kind] ??= []).push({ effectiveFrom: m[2]!, value: JSON.parse(m[3]!), source: sources.get(`${kind}|${m[2]}`)! });
    }
  }
  // The database answers each kind sorted by date; a later migration may fill in older rows.
  for (const rows of Object.values(book)) rows.sort((x, y) => x.effectiveFrom.localeCompare(y.effectiveFrom));
  return book;
}

/** A seeded row's text as a fresh database holds it: the INSERTs of the migrations, then their source UPDATEs. */
export interface SeedRateSource {
  kind: string;
  effectiveFrom: string;
  source: string;
}

/**
 * The `source` of every row the migrations seed, in migration order: a later migration's
 * `UPDATE "rates" … FROM (VALUES ('kind', 'date', 'source'), …)` replaces the text of the row it names.
 */
export function seedRateSources(): SeedRateSource[] {
  const dir = path.join(process.cwd(), 'lib/server/db/migrations');
  const rows = new Map<string, SeedRateSource>();
  const text = `'((?:[^']|'')*)'`;
  const insert = new RegExp(`\\('([a-z_0-9]+)', '(\\d{4}-\\d{2}-\\d{2})', '[^']*', ${text}\\)`, 'g');
  const update = new RegExp(`\\('([a-z_0-9]+)', '(\\d{4}-\\d{2}-\\d{2})', ${text}\\)`, 'g');
  const unquote = (s: string) => s.replaceAll("''", "'");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const sqlText = fs.readFileSync(path.join(dir, file), 'utf8');
    if (sqlText.includes('INSERT INTO "rates"')) {
      for (const m of sqlText.matchAll(insert)) {
        const key = `${m[1]}|${m[2]}`;
        // INSERT … ON CONFLICT / WHERE NOT EXISTS: a row already seeded keeps its text.
        if (!rows.has(key)) rows.set(key, { kind: m[1]!, effectiveFrom: m[2]!, source: unquote(m[3]!) });
      }
    }
    if (sqlText.includes('UPDATE "rates"')) {
      for (const m of sqlText.matchAll(update)) {
        const row = rows.get(`${m[1]}|${m[2]}`);
        if (row) row.source = unquote(m[3]!);
      }
    }
  }
  return [...rows.values()];
}

const NOT_OFFICIAL: [RegExp, string][] = [
  [/https?:\/\/|www\./i, 'a web address'],
  [/[a-z0-9-]+\.(ru|com|org|net|info|io|su|рф)(\b|\/|$)/i, 'a site name'],
  [/general knowledge|⚠|\bTODO\b|\?\?/i, 'an unchecked note'],
  [/klerk|консультант|гарант|buh\b|nalog-nalog|tenchat|vedomosti|kommersant|ведомост|коммерсант|\bria\b|1prime|mail\.ru/i, 'a site or media name'],
];
const OFFICIAL = /(^|[^А-Яа-яЁё])(НК|ТК|ГК)([^А-Яа-яЁё]|$)|Федеральн|№ \d+-ФЗ|Банка России|Правительства РФ/;

/** Why a rate's source is not an official one (a law and article, a Банк России act, a decree), or null. */
export function unofficialSource(source: string): string | null {
  for (const [re, why] of NOT_OFFICIAL) if (re.test(source)) return why;
  return OFFICIAL.test(source) ? null : 'no law, Банк России act or government decree named';
}
