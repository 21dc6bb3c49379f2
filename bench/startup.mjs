// bench/startup: what a user waits for, not a health probe.
// 1. Cold start of the built app on an existing data dir, median of BENCH_RUNS (5) starts: to the first real page
//    (`GET /auth` renders 200 HTML) and to the first list (sign in through the real call, then `listObjects` of the
//    specifications answers). Goal: to the first list ≤ 3 s.
// 2. Sign-in → /specifications usable, in Chromium on one running server: from the «Войти» click to the list's
//    heading and contents on screen, against opening a static page (/bench-baseline: the root layout and one
//    button) in the same browser; BENCH_ROUNDS (5) interleaved rounds, medians. Goal: ≤ 1,5× the static page.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { ensureChromium } from '../scripts/lib/chromium.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
requireBuild();
const dataDir = tempDataDir('startup');
const login = `bench-startup-${Date.now()}@example.ru`;
const password = `Пароль-${Date.now()}`;
// The browser part signs in as a second user: the first has used 5 of its logins already, and the 11th login of
// one address in 10 minutes is refused (429) by the login limit.
const browserLogin = `bench-startup-browser-${Date.now()}@example.ru`;

const post = (base, path, body, token) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

/** Sign in through the real call and ask for the first page of the specifications list. */
async function firstList(base) {
  const res = await post(base, '/auth-back/api/v2/login', { login, password });
  if (res.status !== 200 || typeof res.body.accessToken !== 'string') throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  const list = await post(base, '/file-manager-service/api/v1/listObjects', { type: 'specifications' }, res.body.accessToken);
  if (list.status !== 200 || !Array.isArray(list.body.objects)) throw new Error(`listObjects: ${list.status} ${JSON.stringify(list.body)}`);
}

// First start creates and migrates the database and registers the user; it is not measured.
{
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = startServer({ port, dataDir });
  const first = await waitFor200(`${base}/api/ready`, t0);
  const reg = await post(base, '/auth-back/api/v2/register', { login, password });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  await stopServer(child);
  console.log(`first start on an empty data dir (initdb + migrations) to /api/ready: ${(first / 1000).toFixed(2)} s`);
}

const page = [];
const list = [];
for (let i = 0; i < RUNS; i++) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = startServer({ port, dataDir });
  try {
    page.push(await waitFor200(`${base}/auth`, t0));
    await firstList(base);
    list.push(performance.now() - t0);
  } finally {
    await stopServer(child);
  }
}
const fmt = (xs) => xs.map((x) => (x / 1000).toFixed(2)).join(', ');
console.log(`runs to the first page (/auth): ${fmt(page)} s`);
console.log(`runs to the first list (sign-in + listObjects): ${fmt(list)} s`);
console.log(`startup median to the first page: ${(median(page) / 1000).toFixed(2)} s`);
console.log(`startup median to the first list: ${(median(list) / 1000).toFixed(2)} s (goal ≤ 3 s → ${(median(list) / 3000).toFixed(2)}× of the goal)`);

// Sign-in → the list, against a static page, on one warm server.
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = startServer({ port, dataDir });
let browser;
try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const reg = await post(base, '/auth-back/api/v2/register', { login: browserLogin, password });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu'] });

  async function staticPage() {
    const context = await browser.newContext();
    const p = await context.newPage();
    const t0 = performance.now();
    await p.goto(`${base}/bench-baseline`, { waitUntil: 'load' });
    await p.getByRole('button').first().waitFor();
    const ms = performance.now() - t0;
    await context.close();
    return ms;
  }

  async function signInToList() {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`${base}/auth?next=%2Fspecifications`, { waitUntil: 'load' });
    await p.getByRole('button', { name: 'Вход', exact: true }).click();
    await p.getByLabel('Почта').fill(browserLogin);
    await p.getByLabel('Пароль', { exact: true }).fill(password);
    const t0 = performance.now();
    await p.getByRole('button', { name: 'Войти', exact: true }).click();
    await p.waitForURL(/\/specifications$/);
    await p.getByRole('heading', { level: 1, name: 'Спецификации' }).waitFor();
    await p.getByText('Здесь пока пусто.').waitFor();
    const ms = performance.now() - t0;
    await context.close();
    return ms;
  }

  await staticPage();
  await signInToList();
  const stat = [];
  const sign = [];
  for (let i = 0; i < ROUNDS; i++) {
    stat.push(await staticPage());
    sign.push(await signInToList());
  }
  const ms = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(`\nstatic page /bench-baseline: ${ms(stat)} ms (median ${median(stat).toFixed(0)})`);
  console.log(`sign-in → /specifications usable: ${ms(sign)} ms (median ${median(sign).toFixed(0)})`);
  console.log(`ratio: ${(median(sign) / median(stat)).toFixed(2)}× the static page (goal ≤ 1,5×)`);
} finally {
  await browser?.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
