// listObjects in a folder of 10 000 objects: p50 / p99 latency of the first page (100, sorted by name),
// a middle page, a search and the sort by size, against a trivial gateway call (POST /api/v1/health) in the same run.
import fs from 'node:fs';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { call, fmt, signUp } from './helpers/files.mjs';

const OBJECTS = Number(process.env.BENCH_LIST_OBJECTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

requireBuild();
const dataDir = tempDataDir('list');
const port = await freePort();
const child = startServer({ port, dataDir });
const base = `http://127.0.0.1:${port}`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function timeIt(fn) {
  const xs = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return { p50: median(xs), p99: pct(xs, 99) };
}

try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const auth = await signUp(base);
  const folder = (await call(base, auth, 'createFolder', { name: 'Большая папка', type: 'documents' })).object;
  const words = ['Договор', 'Счёт', 'Акт', 'Смета', 'Накладная', 'Ёлка', 'отчёт', 'Прайс'];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= OBJECTS) return;
        await call(base, auth, 'createFolder', { name: `${words[i % words.length]} ${i}`, root: folder.id });
      }
    }),
  );
  console.log(`filled ${OBJECTS} objects in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const health = () => fetch(`${base}/api/v1/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.arrayBuffer());
  const list = (body) => () => call(base, auth, 'listObjects', { root: folder.id, ...body });
  for (let i = 0; i < 20; i++) await list({})();
  const rows = [
    ['health (baseline)', await timeIt(health)],
    ['first page, by name', await timeIt(list({ sort: 'name' }))],
    ['page 50, by name', await timeIt(list({ sort: 'name', offset: 5000 }))],
    ['by -updated_at', await timeIt(list({ sort: '-updated_at' }))],
    ['search «ёлк»', await timeIt(list({ search: 'ёлк' }))],
    ['limit 1000', await timeIt(list({ limit: 1000 }))],
  ];
  for (const [name, r] of rows) console.log(`${name.padEnd(22)} p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  (${fmt(r.p50 / rows[0][1].p50)}× baseline p50)`);
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
