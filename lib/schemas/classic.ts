import './zod';

/**
 * Full zod (methods on schemas: `z.string().trim().max(5)`) for the server-only schema files not yet written in
 * `zod/mini`. Never import it from code the browser loads (a page, a component, a schema a form uses): it
 * brings the whole library (~90 KB gzip) to the page. New schemas use `./zod`.
 */
export { z } from 'zod';
