import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = import.meta.dirname;
const machineBusy = () =>
  process.env.TEST_MACHINE_BUSY ? process.env.TEST_MACHINE_BUSY === '1' : os.loadavg()[0]! > 2 * os.availableParallelism();
const alias = {
  '@': root,
  // `server-only` throws outside a React server build; in tests server modules are imported directly.
  'server-only': path.join(root, 'tests/helpers/server-only.ts'),
};

/**
 * Test files that replace a module, a global or an environment variable (vi.mock, vi.stubGlobal, fake timers,
 * `process.env.X = …`): each runs in a fresh module graph. The rest of a project share one per worker (no
 * isolation): a file then pays React, PrimeReact, jsdom or the server's modules once, not again (the unit
 * project ran in a third of the time). Found by reading the files, so a new file that mocks is isolated.
 */
const MUTATES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|process\.env\.\w+\s*=(?!=)|delete process\.env/;
const mutating = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (/\.test\.tsx?$/.test(e.name) && MUTATES.test(fs.readFileSync(abs, 'utf8'))) out.push(path.relative(root, abs));
    }
  };
  walk(path.join(root, dir));
  return out;
};

/** A project as two: the files that mutate shared state isolated (`<name>-isolated`), the rest sharing modules. */
const split = (name: string, test: { include: string[]; exclude?: string[] } & Record<string, unknown>, dir: string) => {
  // Exclusions are file paths or `folder/**`.
  const excluded = (f: string) => (test.exclude ?? []).some((x) => (x.endsWith('/**') ? f.startsWith(x.slice(0, -2)) : f === x));
  const own = mutating(dir).filter((f) => !excluded(f));
  const base = { plugins: [react()], resolve: { alias } };
  return [
    { ...base, test: { ...test, name, exclude: [...(test.exclude ?? []), ...own], isolate: false } },
    ...(own.length > 0 ? [{ ...base, test: { ...test, name: `${name}-isolated`, include: own, exclude: [], isolate: true } }] : []),
  ];
};

const unit = () =>
  split(
    'unit',
    {
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./tests/helpers/setup-dom.ts'],
      css: false,
      // Two files run at once: a property test or a long table rendered in jsdom gets half a core on a
      // 2-core machine, so it gets more than the default 5 s before it counts as hung.
      testTimeout: 15_000,
    },
    'tests/unit',
  );

const integration = (name: string, env: Record<string, string>, exclude: string[] = []) =>
  split(
    name,
    {
      include: ['tests/integration/**/*.test.ts'],
      exclude,
      environment: 'node',
      setupFiles: ['./tests/helpers/setup-node.ts'],
      env,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
    'tests/integration',
  );

export default defineConfig({
  test: {
    reporters: ['default'],
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core CI machine, which leaves
    // a core idle while a file waits on PostgreSQL, a worker thread or a timer. Two files at once on two cores —
    // unless the machine is already busy with other work (load above twice its cores, a shared developer
    // machine), where a second file would only stretch every file's set-up towards its timeout.
    // `npm test` judges the load once before its own build (TEST_MACHINE_BUSY); a run of its own judges it now.
    maxWorkers: machineBusy() ? 1 : Math.max(2, os.availableParallelism() - 1),
    projects: [
      ...unit(),
      ...integration('integration', { TEST_DB: 'pglite' }),
      // The same suite on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
      ...(process.env.TEST_DATABASE_URL ? [
          // Once is enough for the suites whose subject does not touch the database: the blob store, and the
          // hostile XLSX and DOCX files (what is judged is the parsers' bounds, the same on either database); and
          // for the two-instance test, which makes its own PostgreSQL database whichever project runs it.
          ...integration('integration-pg', { TEST_DB: 'postgres' }, [
            'tests/integration/ops/multi-instance.test.ts',
            'tests/integration/storage/**',
            'tests/integration/office/hostile-files.test.ts',
            'tests/integration/templates/hostile.test.ts',
          ]),
        ] : []),
    ],
  },
});
