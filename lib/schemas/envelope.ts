import { z } from 'zod';
import { russianIssue } from './zod-ru';

/**
 * Russian messages for every zod error, on both sides of the wire: plain Russian for the generic
 * issues (lib/schemas/zod-ru.ts, no type names, keys or paths), zod's Russian locale for the rest.
 */
z.config(z.locales.ru());
z.config({ customError: (issue) => russianIssue(issue) });
// In the browser zod must not probe `new Function` (its fast path): the pages' policy forbids eval, and the
// probe alone is reported as a violation.
z.config({ jitless: typeof window !== 'undefined' });

/** A field path → Russian message map, as sent in `fields` of a failure answer. */
export type FieldErrors = Record<string, string>;

/** Turns zod issues into `fields`: dotted paths ("items.0.qty") → the first message for that path. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export { z };
