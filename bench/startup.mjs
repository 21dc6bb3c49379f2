// Cold start of the built app on an existing data dir → first 200 on /api/health (and /api/ready).
// Goal: median of 5 runs ≤ 3 s.
import fs from 'node:fs';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
requireBuild();
const dataDir = tempDataDir('startup');

// First start creates and migrates the database; it is not measured.
{
  const port = await freePort();
  const t0 = performance.now();
  const child = startServer({ port, dataDir });
  const first = await waitFor200(`http://127.0.0.1:${port}/api/ready`, t0);
  await stopServer(child);
  console.log(`first start on an empty data dir (initdb + migrations) to /api/ready: ${(first / 1000).toFixed(2)} s`);
}

const health = [];
const ready = [];
for (let i = 0; i < RUNS; i++) {
  const port = await freePort();
  const t0 = performance.now();
  const child = startServer({ port, dataDir });
  health.push(await waitFor200(`http://127.0.0.1:${port}/api/health`, t0));
  ready.push(await waitFor200(`http://127.0.0.1:${port}/api/ready`, t0));
  await stopServer(child);
}
fs.rmSync(dataDir, { recursive: true, force: true });

const fmt = (xs) => xs.map((x) => (x / 1000).toFixed(2)).join(', ');
const mh = median(health);
console.log(`runs /api/health: ${fmt(health)} s`);
console.log(`runs /api/ready:  ${fmt(ready)} s`);
console.log(`startup median to /api/health: ${(mh / 1000).toFixed(2)} s (goal ≤ 3 s → ${(mh / 3000).toFixed(2)}× of the goal)`);
console.log(`startup median to /api/ready:  ${(median(ready) / 1000).toFixed(2)} s`);
