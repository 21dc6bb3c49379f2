// Calculator throughput: requests per second of `POST /api/v1/calculators/run` for the light and
// the heavy calculators (rates read from the database, exact decimals, IRR bisection, net → gross search,
// a 360-month loan schedule) against the trivial gateway call `POST /api/v1/health` in the same run,
// rounds interleaved. Goal: VAT ≥ 0.5× the trivial call; the heaviest ≥ 0.1×.
import http from 'node:http';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const CASES = {
  'health (baseline)': ['/api/v1/health', {}],
  vat: ['/api/v1/calculators/run', { id: 'vat', input: { amount: '3 006,93', mode: 'add', ratePct: '22' } }],
  'tax-penalty 1 year': ['/api/v1/calculators/run', { id: 'tax-penalty', input: { debt: '1000000', dueDate: '2025-01-28', paymentDate: '2026-01-28' } }],
  'interest-395 3 years, 12 payments': ['/api/v1/calculators/run', { id: 'interest-395', input: { debt: '5000000', from: '2024-01-01', to: '2026-12-31', payments: Array.from({ length: 12 }, (_, i) => ({ date: `${2024 + Math.floor(i / 4)}-${String(3 * (i % 4) + 2).padStart(2, '0')}-15`, amount: '300000' })) } }],
  'salary net→gross': ['/api/v1/calculators/run', { id: 'salary', input: { mode: 'net', amount: '250000', incomeBefore: '2300000', month: '2026-11' } }],
  'investment IRR 20 years': ['/api/v1/calculators/run', { id: 'investment', input: { investment: '10000000', cashFlows: Array.from({ length: 20 }, (_, i) => String(500000 + i * 50000)), ratePct: '12' } }],
  'loan 360 months': ['/api/v1/calculators/run', { id: 'loan', input: { principal: '9000000', annualRatePct: '17.5', months: 360 } }],
};

requireBuild();
const dataDir = tempDataDir('calculators');
const port = await freePort();
const child = startServer({ port, dataDir });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function once(path, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path} ${body}: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function rps([path, payload], seconds) {
  const body = JSON.stringify(payload);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await once(path, body);
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - t0) / 1000);
}

try {
  const names = Object.keys(CASES);
  for (const n of names) await rps(CASES[n], 0.7); // warm-up
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const n of order) results[n].push(await rps(CASES[n], SECONDS));
  }
  const base = median(results['health (baseline)']);
  for (const n of names) {
    const m = median(results[n]);
    console.log(`${n.padEnd(26)} ${m.toFixed(0).padStart(6)} req/s  (${(m / base).toFixed(2)}× baseline; rounds ${results[n].map((x) => x.toFixed(0)).join(', ')})`);
  }
  console.log('goal: vat ≥ 0.5×, the heaviest ≥ 0.1× of the trivial gateway call');
} finally {
  agent.destroy();
  await stopServer(child);
}
