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

/** The failure envelope (docs/api.md). */
export const failureSchema = z.object({
  ok: z.literal(false),
  msg: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type Failure = z.infer<typeof failureSchema>;

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
