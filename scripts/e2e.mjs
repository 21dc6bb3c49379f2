// `npm run test:e2e`: Playwright on the production build with the system Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, root } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { freePort } from './lib/free-port.mjs';

/** Runs the e2e suite; returns the exit status. `jsonOut` receives Playwright's JSON report. */
export async function runE2e({ jsonOut } = {}) {
  let chromium;
  try {
    chromium = ensureChromium();
  } catch (err) {
    console.error(`\n${err.message}\n`);
    return 2;
  }
  if (!ensureBuild()) {
    console.error('Сборка не удалась — e2e-тесты не запущены.');
    return 1;
  }
  const dataDir = path.join(root, '.tmp', `e2e-data-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    // The server, its SMTP sink and the OAuth stand-in: three ports in a row (playwright.config.ts).
    E2E_PORT: String(await freePort(3)),
    E2E_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  if (jsonOut) env.PLAYWRIGHT_JSON_OUTPUT_NAME = jsonOut;
  const res = spawnSync(path.join(root, 'node_modules', '.bin', 'playwright'), ['test', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return res.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runE2e());
}
