// Calculator throughput: requests per second of `POST /api/v1/calculators/run` as a signed-in user's page
// makes it (bearer token: the session check, the run remembered in the user's recent runs and the activity
// log; input validation, the JSON answer read and parsed) for the light and the heavy calculators (rates read
// from the database, exact decimals, IRR bisection, net → gross search, a 360-month loan schedule), and VAT
// signed out, against the trivial gateway call `POST /api/v1/health` in the same run, rounds interleaved.
// Goal: VAT signed in ≥ 0.5× the trivial call; the heaviest ≥ 0.1×.
import { requireBuild, freePort, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { compareRps, jsonClient, signedIn } from './helpers/calls.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const RUNS = {
  vat: { id: 'vat', input: { amount: '3 006,93', mode: 'add', ratePct: '22' } },
  'tax-penalty 1 year': { id: 'tax-penalty', input: { debt: '1000000', dueDate: '2025-01-28', paymentDate: '2026-01-28' } },
  'interest-395 3 years, 12 payments': { id: 'interest-395', input: { debt: '5000000', from: '2024-01-01', to: '2026-12-31', payments: Array.from({ length: 12 }, (_, i) => ({ date: `${2024 + Math.floor(i / 4)}-${String(3 * (i % 4) + 2).padStart(2, '0')}-15`, amount: '300000' })) } },
  'salary net→gross': { id: 'salary', input: { mode: 'net', amount: '250000', incomeBefore: '2300000', month: '2026-11' } },
  'investment IRR 20 years': { id: 'investment', input: { investment: '10000000', cashFlows: Array.from({ length: 20 }, (_, i) => String(500000 + i * 50000)), ratePct: '12' } },
  'loan 360 months': { id: 'loan', input: { principal: '9000000', annualRatePct: '17.5', months: 360 } },
};

requireBuild();
const dataDir = tempDataDir('calculators');
const port = await freePort();
const child = startServer({ port, dataDir });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const client = jsonClient(port, CONCURRENCY);

try {
  const auth = await signedIn(client, 'calculators');
  const bodies = Object.fromEntries(Object.entries(RUNS).map(([n, b]) => [n, JSON.stringify(b)]));
  const cases = {
    'health (baseline)': () => client.post('/api/v1/health', '{}'),
    'vat, signed out': () => client.post('/api/v1/calculators/run', bodies.vat),
  };
  for (const n of Object.keys(RUNS)) cases[`${n}, signed in`] = () => client.post('/api/v1/calculators/run', bodies[n], auth);
  await compareRps(cases, {
    baseline: 'health (baseline)',
    rounds: ROUNDS,
    seconds: SECONDS,
    concurrency: CONCURRENCY,
    goal: 'goal: vat signed in ≥ 0.5×, the heaviest ≥ 0.1× of the trivial gateway call',
  });
  // The signed-in runs were remembered (the path measured is the real one).
  const recent = await client.post('/api/v1/calculators/recent', { limit: 30 }, auth);
  if (recent.runs.length !== 30) throw new Error(`recent runs: ${recent.runs.length}, expected 30`);
} finally {
  client.close();
  await stopServer(child);
}
