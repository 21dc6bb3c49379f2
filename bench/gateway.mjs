// Requests per second of a trivial embedded gateway call (POST /api/v1/health through the gateway:
// routing, body read, JSON parse, envelope) against a route handler returning the same JSON directly
// (POST /api/health), same server, same run, rounds interleaved. Goal: ratio ≥ 0.7.
import http from 'node:http';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

requireBuild();
const dataDir = tempDataDir('gateway');
const port = await freePort();
const child = startServer({ port, dataDir });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const body = '{}';

function once(path) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function rps(path, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await once(path);
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - t0) / 1000);
}

try {
  await rps('/api/v1/health', 1.5); // warm-up: JIT, route compilation caches
  await rps('/api/health', 1.5);
  const gateway = [];
  const direct = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate the order so drift on a noisy machine hits both sides alike.
    if (i % 2 === 0) {
      direct.push(await rps('/api/health', SECONDS));
      gateway.push(await rps('/api/v1/health', SECONDS));
    } else {
      gateway.push(await rps('/api/v1/health', SECONDS));
      direct.push(await rps('/api/health', SECONDS));
    }
  }
  const g = median(gateway);
  const d = median(direct);
  console.log(`direct route handler  req/s per round: ${direct.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(`embedded gateway call req/s per round: ${gateway.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(`median: gateway ${g.toFixed(0)} req/s, direct ${d.toFixed(0)} req/s → ratio ${(g / d).toFixed(2)}× (goal ≥ 0.7×)`);
} finally {
  agent.destroy();
  await stopServer(child);
}
