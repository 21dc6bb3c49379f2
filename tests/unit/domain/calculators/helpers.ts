import { calculatorById, type RateBook } from '@/lib/domain/calculators';
import { seedRateBook } from '../../../helpers/rates';

export const book = seedRateBook();
export const TODAY = '2026-11-22';

/** Runs a catalog calculator on the seeded rates; the result is loosely typed for assertions. */
export function run(id: string, input: object, today = TODAY) {
  const c = calculatorById(id);
  if (!c) throw new Error(`no calculator ${id}`);
  // Only the tables the calculator declares, as the service loads them: a missing declaration fails here.
  const own = Object.fromEntries(c.rates.map((k) => [k, book[k]])) as RateBook;
  const out = c.run(input, own, today);
  return out as { result: Record<string, unknown>; steps: { label: string; formula: string; value: string }[]; sources: string[] };
}
