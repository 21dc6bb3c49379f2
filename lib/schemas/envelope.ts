import type { core } from 'zod/mini';

/** A field path → Russian message map, as sent in `fields` of a failure answer. */
export type FieldErrors = Record<string, string>;

/** Turns zod issues into `fields`: dotted paths ("items.0.qty") → the first message for that path. */
export function issuesToFields(issues: readonly core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

