import fs from 'node:fs';
import path from 'node:path';
import type { RateBook, RateKind } from '@/lib/domain/calculators';

/**
 * The rate book the migrations seed, read from their SQL (every migration that inserts into "rates", also as
 * `INSERT … SELECT … FROM (VALUES …)`): unit
 * tests run the calculators on exactly the rows a fresh database holds (the integration suite checks the
 * database answers the same).
 */
export function seedRateBook(): RateBook {
  const dir = path.join(process.cwd(), 'lib/server/db/migrations');
  const book: RateBook = {};
  const row = /\('([a-z_0-9]+)', '(\d{4}-\d{2}-\d{2})', '([^']*)', '/g;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const sqlText = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!sqlText.includes('INSERT INTO "rates"')) continue;
    for (const m of sqlText.matchAll(row)) {
      const kind = m[1] as RateKind;
      (book[kind] ??= []).push({ effectiveFrom: m[2]!, value: JSON.parse(m[3]!) });
    }
  }
  // The database answers each kind sorted by date; a later migration may fill in older rows.
  for (const rows of Object.values(book)) rows.sort((x, y) => x.effectiveFrom.localeCompare(y.effectiveFrom));
  return book;
}
