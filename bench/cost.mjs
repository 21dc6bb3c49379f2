// The калькуляция engine (lib/domain/cost): roll-up of a 10-level BOM with 100 000 material lines in total
// (10 specifications × 10 000 lines, each level holding the next as a semi-finished good, plus operations),
// median of BENCH_RUNS runs, against a baseline in the same run: the bare decimal work of the same lines
// (qty × (1 + waste/100) × price, rounded to kopecks, summed) with the same decimal library.
// Then the call a signed-in user's /cost makes: `POST /api/v1/cost/calculate` of a stored two-level
// specification (a table of 40 lines with a 40-line frame as a semi-finished good, with operations) through the
// built server — session check, input validation, the stored documents read, the user's defaults, dated rates,
// the JSON answer read and parsed — against the trivial gateway call `POST /api/v1/health`, rounds interleaved.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { freePort, median, requireBuild, root, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { compareRps, jsonClient, signedIn } from './helpers/calls.mjs';

const LEVELS = Number(process.env.BENCH_COST_LEVELS ?? 10);
const LINES = Number(process.env.BENCH_COST_LINES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GOAL_MS = 200;

const outDir = path.join(root, '.tmp', `bench-cost-${process.pid}`);
fs.mkdirSync(outDir, { recursive: true });
const entry = path.join(outDir, 'entry.ts');
fs.writeFileSync(
  entry,
  `export * from '${path.join(root, 'lib/domain/cost/index.ts')}';\nexport { Dec } from '${path.join(root, 'lib/domain/money/index.ts')}';\n`,
);
const outfile = path.join(outDir, 'engine.mjs');
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile, tsconfig: path.join(root, 'tsconfig.json'), logLevel: 'error' });
const { calculateCost, Dec } = await import(pathToFileURL(outfile).href);
fs.rmSync(outDir, { recursive: true, force: true });

const perLevel = Math.floor(LINES / LEVELS);
const specs = {};
for (let level = 0; level < LEVELS; level++) {
  const materials = [];
  for (let i = 0; i < perLevel; i++) {
    const nested = i === 0 && level < LEVELS - 1;
    materials.push({
      id: `m${i}`,
      name: `Материал ${i}`,
      unit: 'кг',
      qty: `${1 + (i % 17)}.${String(i % 1000).padStart(3, '0')}`,
      wastePct: String(i % 13),
      wasteMode: i % 5 === 0 ? 'share' : 'uplift',
      ...(nested ? { specId: `L${level + 1}` } : { price: `${10 + (i % 991)}.${String(i % 100).padStart(2, '0')}` }),
      article: i % 7 === 0 ? 'purchased' : i % 11 === 0 ? 'energy' : 'materials',
      ...(i % 9 === 0 ? { returnable: { price: '1.25' } } : {}),
    });
  }
  const operations = Array.from({ length: 20 }, (_, i) => ({ id: `o${i}`, name: `Операция ${i}`, hours: `0.${i + 1}`, rate: '650', machineHours: '0.25', machineRate: '1200' }));
  specs[`L${level}`] = { schemaVersion: 1, name: `Уровень ${level}`, unit: 'шт', outputQty: '1', materials, operations };
}
const params = {
  additionalWagePct: '10', contributionsPct: '30', accidentPct: '0.2',
  shop: { pct: '120', base: 'wages' }, general: { base: 'machineHours', rate: '300' },
  defectsPct: '1', sellingPct: '5', markupPct: '25', taxRegime: 'osno', batchQty: '100',
};
const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

function engineRun() {
  const t = performance.now();
  const r = calculateCost(specs.L0, params, { rates, resolve: (id) => specs[id] });
  const ms = performance.now() - t;
  return { ms, full: r.perUnit.fullCost };
}

function baselineRun() {
  const t = performance.now();
  let total = new Dec(0);
  for (let level = 0; level < LEVELS; level++) {
    for (const m of specs[`L${level}`].materials) {
      const gross = new Dec(m.qty).times(new Dec(100).plus(m.wastePct)).div(100);
      total = total.plus(gross.times(m.price ?? '0').toDecimalPlaces(2));
    }
  }
  return { ms: performance.now() - t, total: total.toFixed(2) };
}

engineRun();
baselineRun();
const engine = [];
const base = [];
let full;
for (let i = 0; i < RUNS; i++) {
  const e = engineRun();
  engine.push(e.ms);
  full = e.full;
  base.push(baselineRun().ms);
}
const em = median(engine);
const bm = median(base);
console.log(`BOM: ${LEVELS} уровней × ${perLevel} строк = ${LEVELS * perLevel} строк; полная себестоимость единицы ${full} ₽`);
console.log(`engine roll-up      median ${em.toFixed(1)} ms (runs: ${engine.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`baseline (bare dec) median ${bm.toFixed(1)} ms`);
console.log(`ratio engine/baseline ${(em / bm).toFixed(2)}×; goal ≤ ${GOAL_MS} ms: ${em <= GOAL_MS ? 'OK' : 'NOT MET'}`);

// Through the call, signed in.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
requireBuild();
const dataDir = tempDataDir('cost');
const port = await freePort();
const child = startServer({ port, dataDir });
await waitFor200(`http://127.0.0.1:${port}/api/ready`, performance.now());
const client = jsonClient(port, CONCURRENCY);
try {
  const auth = await signedIn(client, 'cost');
  const lines = (n, nested) =>
    Array.from({ length: n }, (_, i) => ({
      id: `m${i}`,
      name: `Материал ${i}`,
      unit: 'кг',
      qty: `${1 + (i % 7)}.${String(i % 100).padStart(2, '0')}`,
      wastePct: String(i % 9),
      ...(i === 0 && nested ? { specId: nested, article: 'purchased' } : { price: `${10 + i}.50` }),
    }));
  const ops = Array.from({ length: 5 }, (_, i) => ({ id: `o${i}`, name: `Операция ${i}`, hours: `0.${i + 1}`, rate: '650' }));
  const frame = await client.post('/api/v1/specs/create', { doc: { schemaVersion: 1, name: 'Каркас', unit: 'шт', outputQty: '1', materials: lines(40), operations: ops } }, auth);
  const table = await client.post('/api/v1/specs/create', { doc: { schemaVersion: 1, name: 'Стол', unit: 'шт', outputQty: '1', materials: lines(40, frame.id), operations: ops } }, auth);
  const body = JSON.stringify({ spec: { specId: table.id }, params: { additionalWagePct: '10', markupPct: '25' } });
  const first = await client.post('/api/v1/cost/calculate', body, auth);
  console.log(`\ncost/calculate of «Стол» (2 levels, 80 lines): полная себестоимость единицы ${first.result.perUnit.fullCost} ₽`);
  await compareRps(
    {
      'health (baseline)': () => client.post('/api/v1/health', '{}'),
      'cost/calculate, signed in': () => client.post('/api/v1/cost/calculate', body, auth),
    },
    { baseline: 'health (baseline)', rounds: ROUNDS, seconds: SECONDS, concurrency: CONCURRENCY },
  );
} finally {
  client.close();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
