// `npm test`: build, then lint and typecheck side by side, unit + integration (vitest), e2e (Playwright).
// Runs every step even when one fails, then prints a plain `N passed, N failed` line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, root } from './lib/build.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

// Whether other work already loads the machine is judged once, before the suite's own build and lint raise the
// load average: vitest and Playwright then run one file at a time only when the machine was busy to begin with.
const busy = os.loadavg()[0] > 2 * os.availableParallelism();
process.env.TEST_MACHINE_BUSY = busy ? '1' : '0';

const steps = [];
let passed = 0;
let failed = 0;

function step(name, fn) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  let ok = false;
  try {
    ok = fn();
  } catch (err) {
    console.error(err);
  }
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  // A failed check that is not a test (lint, build, types) counts as one failure, so it is never hidden.
  return ok;
}

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } })
    .status === 0;

// ESLint and tsc are one thread each: on two cores they run side by side, after the build (tsc reads the route
// types the build writes to .next/types). Types are checked once, by tsc (the whole project, tests included),
// not again inside the build. Each prints when it ends, so the two outputs do not interleave.
const built = step('Сборка (next build)', () => ensureBuild({ typecheck: false }));
if (!built) failed++;
const runBuffered = (name, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    let ended = false;
    const done = (ok) => {
      if (ended) return;
      ended = true;
      console.log(`\n━━ ${name} ━━`);
      if (out) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      resolve({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    };
    child.on('error', (err) => {
      out += `${String(err)}\n`;
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
for (const s of await Promise.all([
  runBuffered('ESLint', bin('eslint'), ['--max-warnings=0', '.']),
  runBuffered('Проверка типов (tsc)', bin('tsc'), ['--noEmit']),
])) {
  steps.push(s);
  // A failed check that is not a test (lint, types) counts as one failure, so it is never hidden.
  if (!s.ok) failed++;
}

const vitestJson = path.join(tmp, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
step('Модульные и интеграционные тесты (vitest)', () =>
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]),
);
try {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no tests to count: count the file.
  failed += report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} catch {
  failed++;
}

const pwJson = path.join(tmp, 'playwright.json');
fs.rmSync(pwJson, { force: true });
if (built) {
  step('E2E-тесты (Playwright, Chromium)', () => {
    // runE2e is async; run it in a child to keep this script simple and sequential.
    return run(process.execPath, [path.join(root, 'scripts', 'e2e.mjs')], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  });
  try {
    const report = JSON.parse(fs.readFileSync(pwJson, 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (report.errors?.length && report.stats.unexpected === 0 && report.stats.expected === 0) failed++;
  } catch {
    failed++;
  }
}

console.log('\n━━ Итог ━━');
for (const s of steps) console.log(`${s.ok ? '✔' : '✘'} ${s.name} (${s.seconds} с)`);
const summary = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(tmp, 'test-summary.txt'), summary + '\n');
console.log(summary);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
