import { calculatorById } from '@/lib/domain/calculators';
import { seedRateBook } from '../../../helpers/rates';

export const book = seedRateBook();
export const TODAY = '2026-11-22';

/** Runs a catalog calculator on the seeded rates; the result is loosely typed for assertions. */
export function run(id: string, input: object, today = TODAY) {
  const c = calculatorById(id);
  if (!c) throw new Error(`no calculator ${id}`);
  const out = c.run(input, book, today);
  return out as { result: Record<string, unknown>; steps: { label: string; formula: string; value: string }[] };
}
