import type { CalculatorMeta } from '@/lib/domain/calculators/meta';
import type { CustomDefinition } from '@/lib/schemas/calculators-custom';

/** Lower case, «ё» as «е», runs of spaces (also NBSP) as one: what the catalog search compares. */
const normSearch = (t: string) => t.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** A built-in calculator matches by its title and description. */
export const builtinMatches = (c: Pick<CalculatorMeta, 'title' | 'description'>, query: string): boolean => {
  const q = normSearch(query);
  return !q || normSearch(`${c.title} ${c.description}`).includes(q);
};

/** A user's own calculator matches by its name, the labels of its fields and of its formulas. */
export const customMatches = (c: Pick<CustomDefinition, 'name' | 'inputs' | 'formulas'>, query: string): boolean => {
  const q = normSearch(query);
  return !q || normSearch([c.name, ...c.inputs.map((i) => i.label), ...c.formulas.map((f) => f.label)].join(' ')).includes(q);
};
