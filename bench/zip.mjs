// GET /files?ids=… of 100 files × 10 MB (a streamed zip, STORE) against downloading the same 100 files one
// by one with GET /file/{id} in the same run, rounds interleaved (the order flips each round): MiB/s medians,
// each round's figures, the server's CPU seconds per download and the load average.
// Goals: the zip ≥ 0.85× one by one; RSS growth of the server ≤ 64 MiB.
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { MiB, agent, call, fmt, groupRss, mib, postChunk, signUp, withPeakRss } from './helpers/files.mjs';

const COUNT = Number(process.env.BENCH_ZIP_FILES ?? 100);
const FILE = Number(process.env.BENCH_ZIP_MB ?? 10) * 1000 * 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

requireBuild();
const dataDir = tempDataDir('zip');
const port = await freePort();
const child = startServer({ port, dataDir });
const base = `http://127.0.0.1:${port}`;

/** CPU seconds (user + system) the server's process group has used so far. */
function groupCpu(pid) {
  let ticks = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pid) continue; // pgrp
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      /* process gone */
    }
  }
  return ticks / 100; // USER_HZ
}

/** Reads a GET answer to the end, counting bytes. */
function drain(path, auth) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: auth }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
        let n = 0;
        res.on('data', (d) => (n += d.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const auth = await signUp(base);
  const source = Buffer.alloc(1 * MiB);
  const ids = [];
  for (let f = 0; f < COUNT; f++) {
    for (let i = 0; i < source.length; i++) source[i] = (i * 13 + f) % 251;
    const created = await call(base, auth, 'createUpload', { name: `Файл ${String(f).padStart(3, '0')}.bin`, type: 'documents', size: FILE });
    for (let c = 0; c < created.chunks; c++) {
      const length = Math.min(FILE, (c + 1) * created.chunk_size) - c * created.chunk_size;
      await postChunk({ port, path: '/file-manager-service/api/v1/uploadChunk', headers: auth, uploadId: created.upload_id, chunkId: c, source, length });
    }
    ids.push((await call(base, auth, 'completeUpload', { upload_id: created.upload_id })).object.id);
  }
  await drain(`/file-manager-service/api/v1/files?ids=${ids.slice(0, 2).join(',')}`, auth); // warm-up
  await new Promise((r) => setTimeout(r, 500));
  const before = groupRss(child.pid);
  const zip = [];
  const single = [];
  const cpu = { zip: [], single: [] };
  const loads = [];
  let peak = before;
  let zipBytes = 0;
  const runZip = async () => {
    const t0 = performance.now();
    const c0 = groupCpu(child.pid);
    const m = await withPeakRss(child.pid, () => drain(`/file-manager-service/api/v1/files?ids=${ids.join(',')}`, auth));
    zip.push(m.result / MiB / ((performance.now() - t0) / 1000));
    cpu.zip.push(groupCpu(child.pid) - c0);
    zipBytes = m.result;
    peak = Math.max(peak, m.peak);
  };
  const runSingle = async () => {
    const t1 = performance.now();
    const c0 = groupCpu(child.pid);
    let n = 0;
    for (const id of ids) n += await drain(`/file-manager-service/api/v1/file/${id}`, auth);
    single.push(n / MiB / ((performance.now() - t1) / 1000));
    cpu.single.push(groupCpu(child.pid) - c0);
  };
  for (let r = 0; r < RUNS; r++) {
    if (r % 2 === 0) {
      await runZip();
      await runSingle();
    } else {
      await runSingle();
      await runZip();
    }
    loads.push(os.loadavg()[0]);
  }
  const ratio = median(zip) / median(single);
  const list = (xs) => xs.map(fmt).join('; ');
  console.log(`zip of ${COUNT} × ${FILE / 1e6} MB (${mib(zipBytes)} MiB): ${fmt(median(zip))} MiB/s (rounds ${list(zip)}); one by one: ${fmt(median(single))} MiB/s (rounds ${list(single)})`);
  console.log(`  ratio ${fmt(ratio)}× (goal ≥ 0,85: ${ratio >= 0.85 ? 'OK' : 'NOT MET'}); server CPU per download: zip ${fmt(median(cpu.zip))} s, one by one ${fmt(median(cpu.single))} s`);
  console.log(`  server RSS ${mib(before)} → peak ${mib(peak)} MiB, growth ${mib(peak - before)} MiB (goal ≤ 64); load average (1 min) ${list(loads)}`);
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
