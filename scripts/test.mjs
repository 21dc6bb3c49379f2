// `npm test`: build; then side by side — vitest (unit + integration), e2e (Playwright), and ESLint ∥ tsc at a lower
// CPU priority. Runs every step even when one fails, then prints a plain `N passed, N failed` line.
import { spawn } from 'node:child_process';
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
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/**
 * Runs a command with its output kept aside and printed whole when it ends, under its step's heading: the two
 * lanes run at once, and their outputs do not interleave. The output also stays in .tmp/<log> for a later look.
 */
const runStep = (name, cmd, args, { env = {}, log, background = false } = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
    // A background step takes the CPU the tests leave idle and yields it to them at once (nice 10).
    if (background && child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not allowed here: it runs at the normal priority
      }
    }
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    let ended = false;
    const done = (ok) => {
      if (ended) return;
      ended = true;
      const out = Buffer.concat(chunks).toString();
      if (log) fs.writeFileSync(path.join(tmp, log), out);
      console.log(`\n━━ ${name} ━━`);
      if (out) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      const step = { name, ok, seconds: seconds(started) };
      steps.push(step);
      resolve(step);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${String(err)}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });

// The build comes first: tsc reads the route types it writes to .next/types, e2e and two integration files (the
// container image, two instances) run the built server. Types are checked once, by tsc (the whole project, tests
// included), not again inside the build.
const started = Date.now();
console.log('\n━━ Сборка (next build) ━━');
const built = ensureBuild({ typecheck: false });
steps.push({ name: 'Сборка (next build)', ok: built, seconds: seconds(started) });
// A failed check that is not a test (lint, build, types) counts as one failure, so it is never hidden.
if (!built) failed++;

const vitestJson = path.join(tmp, 'vitest.json');
const pwJson = path.join(tmp, 'playwright.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(pwJson, { force: true });

// Three lanes on the two cores. Alone, each test lane leaves a core idle much of the time — a test file waiting on
// PostgreSQL or on a server process starting, a page settling, the silent refresh's token ageing — and the other
// fills it. ESLint and tsc judge no time: they run at a lower priority and take what the tests leave idle.
const vitestLane = runStep(
  'Модульные и интеграционные тесты (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`, '--reporter=./scripts/lib/vitest-timings.mjs'],
  { log: 'vitest.log' },
);
const e2eLane = built
  ? runStep('E2E-тесты (Playwright, Chromium)', process.execPath, [path.join(root, 'scripts', 'e2e.mjs')], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
      log: 'e2e.log',
    })
  : Promise.resolve();
const checkLane = Promise.all([
  runStep('ESLint', bin('eslint'), ['--max-warnings=0', '.'], { background: true }),
  runStep('Проверка типов (tsc)', bin('tsc'), ['--noEmit'], { background: true }),
]).then((checks) => {
  // A failed check that is not a test (lint, types) counts as one failure, so it is never hidden.
  failed += checks.filter((s) => !s.ok).length;
});
await Promise.all([vitestLane, e2eLane, checkLane]);

try {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed without a failed test — it did not load, or a hook before or after its tests threw — counts
  // as one failure, so a run whose step failed never reads «0 failed».
  failed += report.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  if (!(await vitestLane).ok && report.numFailedTests === 0 && !report.testResults.some((f) => f.status === 'failed')) failed++;
} catch {
  failed++;
}
if (built) {
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
console.log(`Всего: ${seconds(started)} с. Где прошло время vitest: node scripts/test-timings.mjs; упавшие e2e: .tmp/e2e-results/`);
const summary = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(tmp, 'test-summary.txt'), summary + '\n');
console.log(summary);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
