import fs from 'node:fs';
import path from 'node:path';
import type { RateBook, RateKind } from '@/lib/domain/calculators';

/**
 * The rate book of the seed migration, read from its SQL: unit tests run the calculators on exactly the
 * rows a fresh database holds (the integration suite checks the database answers the same).
 */
export function seedRateBook(): RateBook {
  const file = path.join(process.cwd(), 'lib/server/db/migrations/0005_rates_seed.sql');
  const sqlText = fs.readFileSync(file, 'utf8');
  const book: RateBook = {};
  const row = /\('([a-z_]+)', '(\d{4}-\d{2}-\d{2})', '([^']*)', '/g;
  for (const m of sqlText.matchAll(row)) {
    const kind = m[1] as RateKind;
    (book[kind] ??= []).push({ effectiveFrom: m[2]!, value: JSON.parse(m[3]!) });
  }
  return book;
}
