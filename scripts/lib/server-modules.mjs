// The server's own modules for a maintenance script: lib/server/admin.ts (configuration, opening the database
// with its migrations, key rotation, roles) bundled by esbuild for plain Node, as bench/cost.mjs does —
// packages stay imports from node_modules, `server-only` (a guard for the Next bundles) becomes empty.
// The embedded database is one process's folder: stop the server before running a script on it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build.mjs';

const serverOnly = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '' }));
  },
};

/** Imports lib/server/admin.ts. */
export async function loadAdmin() {
  let build;
  try {
    ({ build } = await import('esbuild'));
  } catch {
    throw new Error('Не найден esbuild (ставится с пакетами разработки): выполните npm install.');
  }
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(root, '.tmp', 'admin-'));
  // The bundle lives until the script ends: the embedded database's worker thread starts from a module beside
  // it (`new URL('./pglite-worker.mjs', import.meta.url)` in the bundled client), copied there as it is.
  process.on('exit', () => fs.rmSync(outDir, { recursive: true, force: true }));
  const outfile = path.join(outDir, 'admin.mjs');
  await build({
    entryPoints: [path.join(root, 'lib/server/admin.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    plugins: [serverOnly],
    outfile,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'error',
  });
  fs.copyFileSync(path.join(root, 'lib/server/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  return await import(pathToFileURL(outfile).href);
}

/**
 * Runs `fn({ admin, env, db })` on the database the server's configuration names (DATABASE_URL, or PGlite in
 * DATA_DIR/pg — which must exist: a script never creates an empty one); any failure is printed in Russian.
 */
export async function withServerDb(fn) {
  let database;
  try {
    // Relative DATA_DIR and the migrations folder are the project's, as for the server.
    process.chdir(root);
    const admin = await loadAdmin();
    const env = admin.getEnv();
    if (!env.DATABASE_URL) {
      const dir = path.join(env.dataDir, 'pg');
      if (!fs.existsSync(dir)) {
        throw new Error(`Встроенная база не найдена в ${dir}. Запустите сервер хотя бы один раз (npm start) или задайте DATABASE_URL.`);
      }
    }
    database = await admin.openConfiguredDatabase(env);
    await fn({ admin, env, db: database.db });
  } catch (err) {
    console.error(err?.message ?? String(err));
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
