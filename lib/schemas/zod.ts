import { config } from 'zod/mini';
import ru from 'zod/v4/locales/ru.js';
import { russianIssue } from './zod-ru';

/**
 * The one zod of the wire schemas: `zod/mini` — functions instead of methods (`z.optional(s)`,
 * `s.check(z.trim(), z.maxLength(n))`, `z.pipe(a, z.transform(f))`), so a page bundles only what its schemas
 * use instead of the whole library. The server parses with the same schemas. Import it as a namespace —
 * `import * as z from './zod'` (or `@/lib/schemas/zod`) — so the bundler can drop what is not used; zod's own
 * `z` object (`import { z } from 'zod/mini'`) and its `zod/locales` index pull in everything.
 *
 * Russian messages for every zod error, on both sides of the wire: plain Russian for the generic issues
 * (zod-ru.ts: no type names, keys or paths), zod's Russian locale for the rest; a schema's own message wins.
 * The settings are global, so they hold for every schema whichever module built it.
 */
config(ru());
config({ customError: (issue) => russianIssue(issue) });
// In the browser zod must not probe `new Function` (its fast path): the pages' policy forbids eval, and the
// probe alone is reported as a violation.
config({ jitless: typeof window !== 'undefined' });

export * from 'zod/mini';
