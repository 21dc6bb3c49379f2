// 1 GiB through the file-manager upload protocol (createUpload → 214 multipart chunks in order → completeUpload,
// with the server's streaming parser, SHA-256 and assembly) against a raw Node HTTP sink in this process
// that receives the same multipart requests and writes the bytes to a file on the same disk.
// Goal: ratio ≥ 0.6; peak RSS growth of the server ≤ 64 MiB.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { MiB, call, fmt, groupRss, mib, plan, postChunk, signUp, withPeakRss } from './helpers/files.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * MiB;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

requireBuild();
const dataDir = tempDataDir('upload');
const port = await freePort();
const child = startServer({ port, dataDir });
const base = `http://127.0.0.1:${port}`;

// The sink: parses nothing, writes the request bytes to one file (what disk + HTTP alone can do).
const sinkFile = path.join(dataDir, 'sink.bin');
// `?fsync=1`: the same, flushed to disk before answering each chunk (the disk store flushes chunks in the
// background instead and waits for them at completeUpload).
const sink = http.createServer((req, res) => {
  const out = fs.createWriteStream(sinkFile, { flags: 'a', flush: req.url === '/?fsync=1' });
  req.pipe(out);
  out.on('finish', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});
const sinkPort = await freePort();
await new Promise((r) => sink.listen(sinkPort, '127.0.0.1', r));

const source = Buffer.alloc(1 * MiB);
for (let i = 0; i < source.length; i++) source[i] = (i * 31 + 7) % 251;

async function viaProtocol(auth, size = SIZE) {
  const SIZE = size;
  const p = plan(SIZE);
  const t0 = performance.now();
  const created = await call(base, auth, 'createUpload', { name: 'бенчмарк.bin', type: 'documents', size: SIZE });
  for (let i = 0; i < p.chunks; i++) {
    const length = Math.min(SIZE, (i + 1) * p.chunkSize) - i * p.chunkSize;
    await postChunk({ port, path: '/file-manager-service/api/v1/uploadChunk', headers: auth, uploadId: created.upload_id, chunkId: i, source, length });
  }
  const done = await call(base, auth, 'completeUpload', { upload_id: created.upload_id });
  const seconds = (performance.now() - t0) / 1000;
  await call(base, auth, 'deleteFiles', { ids: [done.object.id] });
  return SIZE / MiB / seconds;
}

async function viaSink(fsync = false, size = SIZE) {
  const SIZE = size;
  fs.rmSync(sinkFile, { force: true });
  const p = plan(SIZE);
  const t0 = performance.now();
  for (let i = 0; i < p.chunks; i++) {
    const length = Math.min(SIZE, (i + 1) * p.chunkSize) - i * p.chunkSize;
    await postChunk({ port: sinkPort, path: fsync ? '/?fsync=1' : '/', uploadId: 'x', chunkId: i, source, length });
  }
  const seconds = (performance.now() - t0) / 1000;
  fs.rmSync(sinkFile, { force: true });
  return SIZE / MiB / seconds;
}

try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const auth = await signUp(base);
  // Warm-up: one round of the three, full size and not measured (every route and module loaded, the hot code
  // compiled, the heaps grown); the first full-size run of the server was measured a quarter slower than the
  // ones after it.
  await viaSink(false);
  await viaSink(true);
  await viaProtocol(auth);
  await new Promise((r) => setTimeout(r, 500));
  const before = groupRss(child.pid);

  const viaApp = [];
  const raw = [];
  const durable = [];
  let peak = before;
  for (let i = 0; i < RUNS; i++) {
    raw.push(await viaSink());
    durable.push(await viaSink(true));
    const m = await withPeakRss(child.pid, () => viaProtocol(auth));
    viaApp.push(m.result);
    peak = Math.max(peak, m.peak);
  }
  const ratio = median(viaApp) / median(raw);
  console.log(`upload ${mib(SIZE)} MiB × ${RUNS}: upload protocol ${fmt(median(viaApp))} MiB/s, raw sink ${fmt(median(raw))} MiB/s`);
  console.log(`  raw sink with fsync before each answer: ${fmt(median(durable))} MiB/s, ratio ${fmt(median(viaApp) / median(durable))}`);
  console.log(`  ratio ${fmt(ratio)} (goal ≥ 0,6); server RSS ${mib(before)} → peak ${mib(peak)} MiB, growth ${mib(peak - before)} MiB (goal ≤ 64)`);
} finally {
  sink.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
