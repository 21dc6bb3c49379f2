// GET /files?ids=… of 100 files × 10 MB (a streamed zip, STORE) against downloading the same 100 files one
// by one with GET /file/{id} in the same run. Goal: RSS growth of the server ≤ 64 MiB.
import fs from 'node:fs';
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
  let peak = before;
  let zipBytes = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const m = await withPeakRss(child.pid, () => drain(`/file-manager-service/api/v1/files?ids=${ids.join(',')}`, auth));
    zip.push(m.result / MiB / ((performance.now() - t0) / 1000));
    zipBytes = m.result;
    peak = Math.max(peak, m.peak);
    const t1 = performance.now();
    let n = 0;
    for (const id of ids) n += await drain(`/file-manager-service/api/v1/file/${id}`, auth);
    single.push(n / MiB / ((performance.now() - t1) / 1000));
  }
  console.log(`zip of ${COUNT} × ${FILE / 1e6} MB (${mib(zipBytes)} MiB): ${fmt(median(zip))} MiB/s; one by one: ${fmt(median(single))} MiB/s; ratio ${fmt(median(zip) / median(single))}`);
  console.log(`  server RSS ${mib(before)} → peak ${mib(peak)} MiB, growth ${mib(peak - before)} MiB (goal ≤ 64)`);
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
