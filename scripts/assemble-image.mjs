// `node scripts/assemble-image.mjs <out>`: the container's application tree, made from a finished `next build`.
// The Dockerfile runs it in its build stage and copies <out> whole into the runtime stage; the image smoke test
// runs it after the suite's build and starts <out> exactly as the image's CMD does. One list, one place.
//
// <out> = Next's standalone server (.next/standalone: the traced production node_modules, the server build)
//       + the browser assets (.next/static) and public/ (standalone leaves them out)
//       + the project's own server entry server.mjs (the uploadChunk fast path, graceful stop)
//       + what the server reads from disk at run time: the SQL migrations and the shipped courses.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** [from (relative to the repository), to (relative to <out>)] */
const COPIES = [
  // Of the standalone tree only the server build, its traced node_modules and package.json: whatever else
  // tracing pulled in (sources read through process.cwd()) is not the image's business.
  ['.next/standalone/.next', '.next'],
  ['.next/standalone/node_modules', 'node_modules'],
  ['.next/standalone/package.json', 'package.json'],
  ['.next/static', '.next/static'],
  ['public', 'public'],
  ['server.mjs', 'server.mjs'],
  ['server-limits.mjs', 'server-limits.mjs'],
  ['server-metrics.mjs', 'server-metrics.mjs'],
  ['server-warm-up.mjs', 'server-warm-up.mjs'],
  ['lib/server/db/migrations', 'lib/server/db/migrations'],
  ['content/education', 'content/education'],
];

/** Files the running server loads outside the bundle; a missing one is a broken image, so assembly stops. */
export const REQUIRED = [
  'server.mjs',
  'server-limits.mjs',
  'server-metrics.mjs',
  'server-warm-up.mjs',
  '.next/BUILD_ID',
  '.next/required-server-files.json',
  'node_modules/next/package.json',
  'node_modules/@electric-sql/pglite/dist/pglite.wasm',
  'node_modules/@electric-sql/pglite/dist/pglite.data',
  'node_modules/@electric-sql/pglite/dist/initdb.wasm',
  'node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz',
  'node_modules/pg/package.json',
  'node_modules/@node-rs/argon2/package.json',
  'node_modules/nodemailer/package.json',
  'lib/server/db/migrations/meta/_journal.json',
];

/** Assembles the tree into `out` (emptied first); returns the list of missing required files (empty = good). */
export function assembleImage(out) {
  const standalone = path.join(root, '.next', 'standalone');
  if (!fs.existsSync(standalone)) {
    throw new Error('Нет .next/standalone: сначала выполните `next build` (в next.config.mjs — output: "standalone").');
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const [from, to] of COPIES) {
    const src = path.join(root, from);
    if (!fs.existsSync(src)) continue;
    fs.cpSync(src, path.join(out, to), { recursive: true, verbatimSymlinks: true });
  }
  // The only place the running server may write inside the application tree (Next's caches).
  fs.mkdirSync(path.join(out, '.next', 'cache'), { recursive: true });
  const missing = REQUIRED.filter((rel) => !fs.existsSync(path.join(out, rel)));
  // A native module of the platform being built for (@node-rs/argon2 loads one of its per-platform packages).
  const nodeRs = path.join(out, 'node_modules', '@node-rs');
  const natives = fs.existsSync(nodeRs) ? fs.readdirSync(nodeRs).filter((n) => n.startsWith('argon2-')) : [];
  if (natives.length === 0) missing.push('node_modules/@node-rs/argon2-<платформа> (двоичный модуль argon2)');
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('Укажите папку: node scripts/assemble-image.mjs <папка>');
    process.exit(64);
  }
  try {
    const missing = assembleImage(path.resolve(out));
    if (missing.length) {
      console.error(`Образ собран не полностью — нет файлов:\n${missing.map((m) => `  • ${m}`).join('\n')}`);
      process.exit(1);
    }
    console.log(`Дерево образа собрано: ${path.resolve(out)}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
