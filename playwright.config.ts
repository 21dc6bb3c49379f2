import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_TELEGRAM_TOKEN, E2E_YANDEX, oauthPort } from './tests/e2e/oauth-provider';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which finds Chromium, builds when stale,
// picks a free port and a fresh DATA_DIR, and passes them here.
const port = Number(process.env.E2E_PORT ?? 3018);
const baseURL = `http://127.0.0.1:${port}`;
const oauthURL = `http://127.0.0.1:${oauthPort()}`;

export default defineConfig({
  testDir: './tests/e2e',
  // Two spec files at once (each test registers its own user; nothing a test changes is seen by another): on two
  // cores one file's waits — the server, an animation, a token ageing, the network settling — leave the CPU to the
  // other. One at a time when the machine is already busy with other work (load above twice its cores, a shared
  // developer machine), where a second file would only stretch every test towards its timeout. E2E_WORKERS decides.
  // `npm test` judges the load once before its own build (TEST_MACHINE_BUSY); a run of its own judges it now.
  workers: process.env.E2E_WORKERS
    ? Number(process.env.E2E_WORKERS)
    : (process.env.TEST_MACHINE_BUSY ? process.env.TEST_MACHINE_BUSY === '1' : os.loadavg()[0]! > 2 * os.availableParallelism())
      ? 1
      : 2,
  retries: 0,
  // A test's own time; a slow machine (the same suite took 2,5× longer on one) still finishes well inside it.
  timeout: 60_000,
  // An expectation's own wait: a page that loads, asks the server and renders under the other worker's load took
  // more than the default 5 s on a slow machine (the same suite ran 2,5× longer there).
  expect: { timeout: 10_000 },
  // A failed test's trace (actions, console, network, DOM snapshots) and screenshot: .tmp/e2e-results/<test>/.
  outputDir: './.tmp/e2e-results',
  // Stand-ins for the outside world: an SMTP sink for mail, a fake Яндекс ID for OAuth.
  globalSetup: ['./tests/e2e/mail-sink.ts', './tests/e2e/oauth-provider.ts'],
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, console, the network with headers and bodies, DOM snapshots. Not the
    // screencast: Chromium encoding frames for every test cost more CPU than the pages themselves (the GPU process
    // alone 43 s → 10 s in two demo sweeps) and stretched the whole e2e run by a third.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // The server `npm start` runs (server.mjs), so the suite covers its routing too.
    command: 'node server.mjs',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? './.tmp/e2e-data',
      NEXT_TELEMETRY_DISABLED: '1',
      // Every e2e user registers from 127.0.0.1: widen the per-IP limits (they are tested in integration).
      AUTH_RATE_LIMIT_SCALE: '50',
      // Short access tokens so the silent refresh is exercised (tests/e2e/auth.spec.ts).
      AUTH_ACCESS_TTL_SECONDS: process.env.E2E_ACCESS_TTL_SECONDS ?? '45',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? port + 1}`,
      // Letters leave only with the site's own address in their links (lib/server/env.ts).
      PUBLIC_URL: baseURL,
      // Яндекс ID against the local stand-in (tests/e2e/oauth-provider.ts); Telegram checks signatures with this bot token.
      YANDEX_CLIENT_ID: E2E_YANDEX.clientId,
      YANDEX_CLIENT_SECRET: E2E_YANDEX.clientSecret,
      YANDEX_OAUTH_URL: oauthURL,
      YANDEX_LOGIN_URL: oauthURL,
      TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_TOKEN,
      TELEGRAM_BOT_NAME: 'kalkulus_e2e_bot',
    },
  },
});
