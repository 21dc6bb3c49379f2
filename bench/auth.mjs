// Sign-in costs: password logins per second (argon2id m=19 MiB t=2 p=1) through the real
// `login` call, against two baselines measured in the same run, rounds interleaved: the raw argon2id verify
// rate in this process with the same concurrency (the ceiling: hashing is the cost) and the trivial gateway
// call (POST /api/v1/health). And the cost of the token check in proxy.ts per request: a missing page under
// a protected prefix with a valid session cookie (proxy runs, gate verifies RS256 + reads the session row,
// then the 404 page) vs a missing public page (no gate), interleaved latency medians.
// Goals: ≥ 80 logins/s on 2 cores; the check in µs.
import http from 'node:http';
import { createRequire } from 'node:module';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const USERS = 16;
const GATE_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

requireBuild();
const dataDir = tempDataDir('auth');
const port = await freePort();
const child = startServer({ port, dataDir, env: { AUTH_RATE_LIMIT_SCALE: '100000' } });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(CONCURRENCY, 4) });

function request(method, path, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function rps(fn, seconds) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async (w) => {
    for (let i = w; performance.now() < until; i += CONCURRENCY) {
      await fn(i);
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  return done / ((performance.now() - t0) / 1000);
}

const password = 'бенчмарк-пароль-1';
const users = [];
try {
  for (let i = 0; i < USERS; i++) {
    const login = `bench-${i}-${process.pid}@example.ru`;
    const r = await request('POST', '/auth-back/api/v2/register', { body: { login, password } });
    if (r.status !== 200) throw new Error(`register: ${r.status} ${r.text}`);
    users.push({ login, ...JSON.parse(r.text) });
  }
  const login = async (i) => {
    const r = await request('POST', '/auth-back/api/v2/login', { body: { login: users[i % USERS].login, password } });
    if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  };
  const health = async () => {
    const r = await request('POST', '/api/v1/health', { body: {} });
    if (r.status !== 200) throw new Error(`health: ${r.status}`);
  };

  const argon2 = createRequire(import.meta.url)('@node-rs/argon2');
  const stored = await argon2.hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const rawVerify = async () => {
    if (!(await argon2.verify(stored, password))) throw new Error('argon2 verify failed');
  };

  await rps(login, 1.5);
  await rps(health, 1);
  await rps(rawVerify, 1);
  const logins = [];
  const trivial = [];
  const raw = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [health, rawVerify, login] : [login, rawVerify, health];
    for (const fn of order) {
      const r = await rps(fn, SECONDS);
      (fn === login ? logins : fn === health ? trivial : raw).push(r);
    }
  }
  const l = median(logins);
  const t = median(trivial);
  const a = median(raw);
  console.log(`password logins/s per round (${CONCURRENCY} connections): ${logins.map((x) => x.toFixed(1)).join(', ')}`);
  console.log(`raw argon2id verifies/s per round (same concurrency, no server work): ${raw.map((x) => x.toFixed(1)).join(', ')}`);
  console.log(`trivial gateway call req/s per round: ${trivial.map((x) => x.toFixed(0)).join(', ')}`);
  console.log(
    `median: ${l.toFixed(1)} logins/s (goal ≥ 80/s) = ${(l / a).toFixed(2)}× the raw argon2id rate (${a.toFixed(1)}/s); trivial call ${t.toFixed(0)} req/s`,
  );

  // Gate: a missing page behind the gate (valid session) vs a missing public page (no gate).
  const cookie = `accessToken=${users[0].accessToken}`;
  const timed = async (path, headers) => {
    const t0 = process.hrtime.bigint();
    const r = await request('GET', path, { headers });
    if (r.status !== 404) throw new Error(`gate: expected the 404 page for ${path}, got ${r.status}`);
    return Number(process.hrtime.bigint() - t0) / 1000;
  };
  const checked = () => timed('/education/bench-missing-page', { cookie });
  const skipped = () => timed('/bench-missing-page', { cookie });
  for (let i = 0; i < 30; i++) {
    await checked();
    await skipped();
  }
  const withCheck = [];
  const without = [];
  for (let i = 0; i < GATE_SAMPLES; i++) {
    if (i % 2 === 0) {
      withCheck.push(await checked());
      without.push(await skipped());
    } else {
      without.push(await skipped());
      withCheck.push(await checked());
    }
  }
  const g = median(withCheck);
  const b = median(without);
  console.log(`404 page latency median: behind the gate ${g.toFixed(0)} µs, public ${b.toFixed(0)} µs (${GATE_SAMPLES} each, interleaved)`);
  console.log(`token check in proxy.ts ≈ ${(g - b).toFixed(0)} µs per request (${(g / b).toFixed(2)}× the page without it)`);
} finally {
  agent.destroy();
  await stopServer(child);
}
