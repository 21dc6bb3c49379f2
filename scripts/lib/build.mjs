// Decides whether the production build is missing or stale, and builds when needed.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** What the production build is made from. Tests, docs, benches and data do not count. */
const INPUTS = ['app', 'components', 'lib', 'content', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const SKIP = new Set(['node_modules', '.next', 'data', '.git']);
const STAMP = path.join(root, '.next', 'kalkulus-build-stamp');

function walk(rel, out) {
  const abs = path.join(root, rel);
  let st;
  try {
    st = fs.statSync(abs);
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) if (!SKIP.has(name)) walk(path.join(rel, name), out);
  } else if (st.isFile()) {
    out.push(rel);
  }
}

/** A hash of every build input's path and content (content, not mtime: a fresh clone has new mtimes). */
function sourceHash() {
  const files = [];
  for (const item of INPUTS) walk(item, files);
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel.split(path.sep).join('/') + '\0');
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function buildIsFresh() {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return false;
  try {
    return fs.readFileSync(STAMP, 'utf8').trim() === sourceHash();
  } catch {
    return false;
  }
}

/**
 * Builds when the build is missing or stale. Returns true when the build is usable. `typecheck: false` when
 * the caller checks types itself (`npm test` runs tsc as its own step): the build then skips its own pass.
 */
export function ensureBuild({ quiet = false, typecheck = true } = {}) {
  if (buildIsFresh()) return true;
  const hash = sourceHash();
  if (!quiet) console.log('Сборка приложения (next build)…');
  const res = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(typecheck ? {} : { KALKULUS_BUILD_SKIP_TYPECHECK: '1' }) },
  });
  if (res.status !== 0) return false;
  fs.writeFileSync(STAMP, hash + '\n');
  return true;
}
