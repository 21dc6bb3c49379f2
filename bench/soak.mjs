// Soak: BENCH_SOAK_SECONDS (60) of 16 connections sending a mix of what users do all day — lists of a folder of
// 100 files and of a folder of 100 specifications, калькуляции (cost/calculate of a saved specification and of
// a document sent with the call) and calculators (VAT, salary) — signed in, on the embedded PGlite and on
// PostgreSQL (a fresh database on BENCH_PG_URL). Prints throughput, p50 / p99 per kind, errors (goal: 0) and
// the server's resident memory (the whole process group, and where it is: rssByKind), each at idle once the
// server's idle collection has run:
// - on start (a first start on a new data folder, no request yet; goal ≤ 300 MiB);
// - warm: the folders filled and every call of the mix answered twice, one at a time — every route's code
//   loaded and compiled, the reference the soak is measured against (a warm-up under load would already be a
//   soak of its own and hide the growth);
// - after the soak, and again 30 s later (goal: after ≤ 1.2× warm);
// - on a restart on the same data (goal ≤ 300 MiB).
import http from 'node:http';
import fs from 'node:fs';
import { freePort, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { groupRss, mib, signUp } from './helpers/files.mjs';
import { fileFolder, specDoc, specFolder } from './helpers/fill.mjs';
import { freshPostgres, hammer, loadAvg, ms, n0, request, wantedDatabases } from './helpers/load.mjs';
import { kinds, rssByKind } from './helpers/memory.mjs';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
// The server collects once 2 s pass without a request (server.mjs, collectWhenIdle, checked every second).
const IDLE_MS = 5000;

requireBuild();
const idle = () => new Promise((r) => setTimeout(r, IDLE_MS));

const params = { additionalWagePct: '10', shop: { pct: '100', base: 'wages' }, general: { pct: '50', base: 'wages' }, sellingPct: '5', markupPct: '30', taxRegime: 'osno' };

async function runOn(db) {
  const pg = db === 'postgres' ? await freshPostgres('soak') : null;
  if (db === 'postgres' && !pg) return;
  const dataDir = tempDataDir(`soak-${db}`);
  const port = await freePort();
  let child = startServer({ port, dataDir, env: { DATABASE_URL: pg?.url ?? '' } });
  const base = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await waitFor200(`${base}/api/ready`, performance.now());
    await idle();
    const started = groupRss(child.pid);
    const startedKinds = rssByKind(child.pid);
    const auth = await signUp(base);
    const docs = await fileFolder(base, port, auth, 100);
    const specs = await specFolder(base, auth, 100);
    const headers = { ...auth, origin: base };
    const post = (path, body) => ({ method: 'POST', path, headers, body: JSON.stringify(body) });
    const mix = [
      ['list of 100 files', post('/file-manager-service/api/v1/listObjects', { root: docs, sort: 'name', limit: 100 })],
      ['list of 100 specifications', post('/file-manager-service/api/v1/listObjects', { root: specs.folder, sort: '-updated_at', limit: 100 })],
      ['калькуляция, saved spec', null],
      ['калькуляция, sent spec', post('/api/v1/cost/calculate', { spec: specDoc('Полка', 40), params })],
      ['calculator VAT', post('/api/v1/calculators/run', { id: 'vat', input: { amount: '3 006,93', mode: 'add', ratePct: '22' } })],
      ['calculator salary', post('/api/v1/calculators/run', { id: 'salary', input: { mode: 'net', amount: '250000', incomeBefore: '2300000', month: '2026-11' } })],
    ];
    let turn = 0;
    const next = () => {
      const [name, req] = mix[turn++ % mix.length];
      return [name, req ?? post('/api/v1/cost/calculate', { spec: { specId: specs.ids[turn % specs.ids.length] }, params })];
    };
    for (let i = 0; i < 2 * mix.length; i++) {
      const [name, req] = next();
      const status = await request(agent, port, req);
      if (status !== 200) throw new Error(`warm-up: ${name} answered ${status}`);
    }
    await idle();
    const before = groupRss(child.pid);
    const beforeKinds = rssByKind(child.pid);
    const load0 = loadAvg();
    const r = await hammer({ agent, port, seconds: SECONDS, concurrency: CONCURRENCY, next });
    const load1 = loadAvg();
    await idle();
    const after = groupRss(child.pid);
    const afterKinds = rssByKind(child.pid);
    await new Promise((r) => setTimeout(r, 25_000));
    const later = groupRss(child.pid);
    console.log(`\n${db}: ${SECONDS} s, ${CONCURRENCY} connections, load average ${load0} → ${load1}`);
    console.log(`  all ${n0(r.rps)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, errors ${r.errors}${r.errors ? ` (first: ${r.firstError})` : ''}`);
    for (const [name, x] of r.byName) {
      const sorted = [...x.latencies].sort((a, b) => a - b);
      const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
      console.log(`  ${name.padEnd(28)} ${n0(x.count / r.elapsed).padStart(5)} req/s  p50 ${ms(at(0.5))} ms  p99 ${ms(at(0.99))} ms`);
    }
    console.log(`  RSS on start ${mib(started)} MiB (${kinds(startedKinds)}; goal ≤ 300 MiB)`);
    console.log(`  RSS warm ${mib(before)} MiB (${kinds(beforeKinds)})`);
    console.log(
      `  RSS after the soak ${mib(after)} MiB (${kinds(afterKinds)}) → ${(after / before).toFixed(2)}× warm (goal ≤ 1.2×),` +
        ` ${(after / started).toFixed(2)}× on start; 30 s later ${mib(later)} MiB`,
    );
    await stopServer(child);
    child = startServer({ port, dataDir, env: { DATABASE_URL: pg?.url ?? '' } });
    await waitFor200(`${base}/api/ready`, performance.now());
    await idle();
    console.log(`  RSS on a restart on the same data ${mib(groupRss(child.pid))} MiB (${kinds(rssByKind(child.pid))}; goal ≤ 300 MiB)`);
    if (r.errors) process.exitCode = 1;
  } finally {
    agent.destroy();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}

for (const db of wantedDatabases()) await runOn(db);
