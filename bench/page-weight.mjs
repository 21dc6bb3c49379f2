// bench/page-weight: gzip size of the JavaScript a browser loads for `/` (visitor and signed in) and
// `/calculators`, the /education pages and /my-progress (signed in), against /bench-baseline — the root layout and one PrimeReact button — in
// the same build. Goal: ≤ 1.5× the baseline. Sizes are deterministic, so one load per page is enough.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { ensureChromium } from '../scripts/lib/chromium.mjs';

requireBuild();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer({ port, dataDir: tempDataDir('page-weight') });
let browser;
try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const reg = await fetch(`${base}/auth-back/api/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: `bench-${Date.now()}@example.ru`, password: `Пароль-${Date.now()}` }),
  }).then((r) => r.json());
  const token = typeof reg.accessToken === 'string' ? reg.accessToken : null;
  if (!token) console.warn('Регистрация не удалась — страницы за входом измеряются без входа:', reg.msg ?? reg);

  browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });

  async function weigh(path, signedIn) {
    const context = await browser.newContext();
    if (signedIn && token) await context.addCookies([{ name: 'accessToken', value: token, url: base }]);
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      try {
        scripts.set(res.url(), await res.body());
      } catch {
        /* redirected or aborted */
      }
    });
    const res = await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const files = [...scripts.values()];
    const raw = files.reduce((s, b) => s + b.length, 0);
    const gz = files.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
    const finalPath = new URL(page.url()).pathname;
    await context.close();
    return { path, status: res?.status() ?? 0, finalPath, files: files.length, raw, gz };
  }

  const baseline = await weigh('/bench-baseline', false);
  const rows = [baseline, await weigh('/', false), await weigh('/', true), await weigh('/calculators', true)];
  // Обучение: the list, a course, a lesson (Markdown is rendered on the server; only the exercises are client code).
  for (const path of ['/education', '/education/cost-basics', '/education/cost-basics/cost-items']) rows.push(await weigh(path, true));
  // Мой прогресс: the charts are hand-made SVG, no chart library.
  rows.push(await weigh('/my-progress', true));
  const kb = (n) => `${(n / 1024).toFixed(1)} КБ`;
  console.log('страница                            вход  статус  файлов   JS        JS gzip   × базовой');
  rows.forEach((r, i) => {
    const signed = i >= 2 ? 'да ' : 'нет';
    const ratio = (r.gz / baseline.gz).toFixed(2);
    console.log(
      `${(r.path + (r.finalPath !== r.path ? ` → ${r.finalPath}` : '')).padEnd(36)}${signed}   ${String(r.status).padEnd(8)}${String(r.files).padEnd(9)}${kb(r.raw).padEnd(10)}${kb(r.gz).padEnd(10)}${ratio}×`,
    );
  });
  const worst = Math.max(...rows.slice(1).map((r) => r.gz / baseline.gz));
  console.log(`\nхудшее отношение: ${worst.toFixed(2)}× (цель ≤ 1,5×)`);
} finally {
  await browser?.close();
  await stopServer(server);
}
