// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `server-only` rule of lib/server: a TypeScript file starts with `import 'server-only'` unless plain Node runs
 * it outside a Next build, where that package throws — the database schema that drizzle-kit reads
 * (`npm run db:generate`) and whatever a worker thread (`*.mjs` under lib/server) loads. Those files are found by
 * following the imports from drizzle.config.ts's schema and from each worker, not listed by hand.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const server = path.join(root, 'lib/server');
const MARKER = /^import 'server-only';$/m;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(tsx?|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** The file an import specifier names, when it lies in lib/server. */
function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : spec.startsWith('@/') ? path.join(root, spec.slice(2)) : null;
  if (!base || !base.startsWith(server + path.sep)) return null;
  for (const p of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts')]) {
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  throw new Error(`${path.relative(root, from)}: не найден модуль ${spec}`);
}

/** Specifiers of the imports that run code (static, re-exports, dynamic); `import type` runs nothing. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm)) if (!m[2]) found.push(m[3]!);
  for (const m of text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*(?:\/\*[^*]*\*\/\s*)*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  return found;
}

/** lib/server files loaded from `entries`, the entries included. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const spec of imports(f)) {
      const next = resolve(f, spec);
      if (next) todo.push(next);
    }
  }
  return seen;
}

describe('server-only in lib/server', () => {
  const all = files(server);
  const schemaEntry = /schema:\s*'([^']+)'/.exec(readFileSync(path.join(root, 'drizzle.config.ts'), 'utf8'))?.[1];
  const workers = all.filter((f) => f.endsWith('.mjs'));
  const outsideNext = reachable([path.join(root, schemaEntry ?? 'drizzle.config.ts: нет schema'), ...workers]);

  it('finds the entries run outside Next: the drizzle schema and the worker threads', () => {
    expect(schemaEntry).toBe('./lib/server/db/schema/index.ts');
    expect(workers.length).toBeGreaterThan(0);
    // The schema's files and the parse worker's TypeScript jobs are reached through the imports.
    expect(outsideNext).toContain(path.join(server, 'db/schema/auth.ts'));
    expect(outsideNext).toContain(path.join(server, 'office/parse-jobs.ts'));
  });

  it('marks every TypeScript file Next alone loads, and none that plain Node runs', () => {
    const wrong: string[] = [];
    for (const f of all) {
      if (f.endsWith('.mjs')) continue;
      const marked = MARKER.test(readFileSync(f, 'utf8'));
      const plainNode = outsideNext.has(f);
      if (marked === plainNode) wrong.push(`${path.relative(root, f)}: ${plainNode ? "убрать import 'server-only' (его грузит обычный Node)" : "нужен import 'server-only'"}`);
    }
    expect(wrong).toEqual([]);
  });
});
