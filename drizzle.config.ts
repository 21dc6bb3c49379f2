import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns lib/server/db/schema into SQL migrations (committed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema/index.ts',
  out: './lib/server/db/migrations',
});
