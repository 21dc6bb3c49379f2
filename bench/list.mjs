// listObjects, signed in, as the documents page and the specifications page call it: requests per second of
// the first page of a folder of 100 uploaded files and of a folder of 100 specifications (each a document of
// 40 material lines) against `GET /api/health` of the same server, on the embedded PGlite and on PostgreSQL
// (a fresh database on BENCH_PG_URL), rounds interleaved; medians, the spread of the rounds, p50 / p99 and the
// load average. Goal: ≥ 0.5× on both databases.
// BENCH_LIST_BIG=10000: also p50 / p99 of pages, sorts and a search in a folder of that many objects.
import http from 'node:http';
import fs from 'node:fs';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { call, signUp } from './helpers/files.mjs';
import { fileFolder, specFolder } from './helpers/fill.mjs';
import { freshPostgres, hammer, loadAvg, ms, n0, pct, wantedDatabases } from './helpers/load.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FILES = 100;
const BIG = Number(process.env.BENCH_LIST_BIG ?? 0);
const GOAL = 0.5;

requireBuild();

async function runOn(db) {
  const pg = db === 'postgres' ? await freshPostgres('list') : null;
  if (db === 'postgres' && !pg) return;
  const dataDir = tempDataDir(`list-${db}`);
  const port = await freePort();
  const child = startServer({ port, dataDir, env: { DATABASE_URL: pg?.url ?? '' } });
  const base = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await waitFor200(`${base}/api/ready`, performance.now());
    const auth = await signUp(base);
    const t0 = performance.now();
    const folders = { docs: await fileFolder(base, port, auth, FILES), specs: (await specFolder(base, auth, FILES)).folder };
    console.log(`\n${db}: filled 2 × ${FILES} objects in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const list = (root) => ({ method: 'POST', path: '/file-manager-service/api/v1/listObjects', headers: { ...auth, origin: base }, body: { root, sort: 'name', offset: 0, limit: 100 } });
    const cases = {
      'GET /api/health': { path: '/api/health' },
      'listObjects, 100 files': list(folders.docs),
      'listObjects, 100 specs': list(folders.specs),
    };
    const names = Object.keys(cases);
    for (const n of names) await hammer({ agent, port, seconds: 1, concurrency: CONCURRENCY, next: () => cases[n] }); // warm-up
    const results = Object.fromEntries(names.map((n) => [n, []]));
    const loads = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? names : [...names].reverse();
      for (const n of order) {
        const res = await hammer({ agent, port, seconds: SECONDS, concurrency: CONCURRENCY, next: () => cases[n] });
        if (res.errors) throw new Error(`${n}: ${res.errors} errors, first: ${res.firstError}`);
        results[n].push(res);
      }
      loads.push(loadAvg());
    }
    const health = results[names[0]];
    console.log(`${db}: ${ROUNDS} interleaved rounds × ${SECONDS} s, ${CONCURRENCY} connections; load average per round ${loads.join(' / ')}`);
    for (const n of names) {
      const rs = results[n];
      const rps = rs.map((x) => x.rps);
      const ratios = rs.map((x, i) => x.rps / health[i].rps);
      const line = `${n.padEnd(24)} ${n0(median(rps)).padStart(6)} req/s (rounds ${n0(Math.min(...rps))}–${n0(Math.max(...rps))})  p50 ${ms(median(rs.map((x) => x.p50)))} ms  p99 ${ms(median(rs.map((x) => x.p99)))} ms`;
      console.log(n === names[0] ? line : `${line}  → ${median(ratios).toFixed(2)}× health (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; goal ≥ ${GOAL}×)`);
    }
    if (BIG > 0) await big(base, auth);
  } finally {
    agent.destroy();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

/** p50 / p99 of single requests in a folder of BIG objects (pages, sorts, a search, a large page). */
async function big(base, auth) {
  const folder = (await call(base, auth, 'createFolder', { name: 'Большая папка', type: 'documents' })).object;
  const words = ['Договор', 'Счёт', 'Акт', 'Смета', 'Накладная', 'Ёлка', 'отчёт', 'Прайс'];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < BIG; i = next++) await call(base, auth, 'createFolder', { name: `${words[i % words.length]} ${i}`, root: folder.id });
    }),
  );
  const time = async (fn, samples = 100) => {
    const xs = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await fn();
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const health = () => fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
  const list = (body) => () => call(base, auth, 'listObjects', { root: folder.id, ...body });
  const rows = [
    ['health (baseline)', health],
    ['first page, by name', list({ sort: 'name' })],
    ['middle page, by name', list({ sort: 'name', offset: Math.floor(BIG / 2) })],
    ['by -updated_at', list({ sort: '-updated_at' })],
    ['by size', list({ sort: 'size' })],
    ['search «ёлк»', list({ search: 'ёлк' })],
    ['limit 1000', list({ limit: 1000 })],
  ];
  for (const [, fn] of rows) await time(fn, 10);
  console.log(`folder of ${BIG} objects (single requests):`);
  for (const [name, fn] of rows) {
    const xs = await time(fn);
    console.log(`  ${name.padEnd(22)} p50 ${ms(median(xs))} ms  p99 ${ms(pct(xs, 99))} ms`);
  }
}

for (const db of wantedDatabases()) await runOn(db);
