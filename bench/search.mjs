// search/query over 10 000 objects of one user (3 000 specifications, 3 000 folders, 2 000 companies,
// 1 000 business processes, 1 000 custom calculators): p50 / p99 of typical queries against a trivial gateway
// call (POST /api/v1/health) in the same run, interleaved (each case once per turn, BENCH_ROUNDS rounds).
// With DATABASE_URL — on PostgreSQL (an empty database).
import fs from 'node:fs';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { call, signUp } from './helpers/files.mjs';

const OBJECTS = Number(process.env.BENCH_SEARCH_OBJECTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

requireBuild();
const dataDir = tempDataDir('search');
const port = await freePort();
const child = startServer({ port, dataDir });
const base = `http://127.0.0.1:${port}`;

const fmt = (x) => x.toFixed(1).replace('.', ',');
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function product(auth, name, body) {
  const res = await fetch(`${base}/api/v1/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...auth }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!json.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

/** A valid 10-digit ИНН of a legal entity and a valid ОГРН, from a number. */
function requisites(i) {
  const d = String(100_000_000 + i * 7919).slice(-9).split('').map(Number);
  const w = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const inn = d.join('') + String((w.reduce((s, x, k) => s + x * d[k], 0) % 11) % 10);
  const ogrn12 = `10277${String(1_000_000 + i).slice(-7)}`;
  const ogrn = ogrn12 + String((BigInt(ogrn12) % 11n) % 10n);
  return { inn, ogrn };
}

const WORDS = ['Стол обеденный', 'Калькуляция стола', 'Ёлочная игрушка', 'Стул офисный', 'Шкаф-купе', 'Смета ремонта', 'Договор поставки', 'Счёт на оплату', 'Акт сверки', 'Болт М8', 'Фреза концевая', 'Лист стальной', 'Краска эмаль', 'Доска обрезная', 'Себестоимость изделия', 'Табурет', 'Полка навесная', 'Комод', 'Кровать', 'Тумба'];
const nameOf = (i) => `${WORDS[i % WORDS.length]} ${i}`;
const doc = (name) => ({ schemaVersion: 1, name, unit: 'шт', outputQty: '1', materials: [{ id: 'm0', name: 'Брус', unit: 'м', qty: '1', price: '100' }], operations: [] });

async function parallel(n, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        await fn(i);
      }
    }),
  );
}

/** Every case once per turn, ROUNDS rounds of SAMPLES / ROUNDS turns: the load of the machine falls on all alike. */
async function timeInterleaved(cases) {
  const xs = cases.map(() => []);
  const turns = Math.max(1, Math.round(SAMPLES / ROUNDS));
  for (let r = 0; r < ROUNDS; r++) {
    for (let t = 0; t < turns; t++) {
      for (const [i, [, fn]] of cases.entries()) {
        const t0 = performance.now();
        await fn();
        xs[i].push(performance.now() - t0);
      }
    }
  }
  return cases.map(([name], i) => [name, { p50: median(xs[i]), p99: pct(xs[i], 99) }]);
}

try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const auth = await signUp(base);
  const share = { specs: 0.3, folders: 0.3, companies: 0.2, processes: 0.1 };
  const n = { specs: Math.round(OBJECTS * share.specs), folders: Math.round(OBJECTS * share.folders), companies: Math.round(OBJECTS * share.companies), processes: Math.round(OBJECTS * share.processes) };
  n.calculators = OBJECTS - n.specs - n.folders - n.companies - n.processes;
  const t0 = performance.now();
  await parallel(n.specs, (i) => product(auth, 'specs/create', { doc: doc(nameOf(i)) }));
  await parallel(n.folders, (i) => call(base, auth, 'createFolder', { name: nameOf(i), type: 'documents' }));
  for (let from = 0; from < n.companies; from += 1000) {
    const lines = ['Полное наименование;Краткое наименование;ИНН;ОГРН/ОГРНИП'];
    for (let i = from; i < Math.min(n.companies, from + 1000); i++) {
      const { inn, ogrn } = requisites(i);
      lines.push(`Общество с ограниченной ответственностью «${nameOf(i)}»;ООО «${nameOf(i)}»;${inn};${ogrn}`);
    }
    await product(auth, 'companies/import', { csv: lines.join('\n') });
  }
  await parallel(n.processes, (i) => product(auth, 'business-processes/save', { name: nameOf(i), steps: [{ id: 's1', name: 'Сборка', time: '6', timeUnit: 'мин', rate: '600' }] }));
  await parallel(n.calculators, (i) => product(auth, 'calculators/custom/save', { name: nameOf(i), inputs: [{ name: 'x', label: 'Икс' }], formulas: [{ name: 'y', label: 'Игрек', expr: 'x * 2' }] }));
  console.log(`filled ${OBJECTS} objects (${Object.entries(n).map(([k, v]) => `${k} ${v}`).join(', ')}) in ${fmt((performance.now() - t0) / 1000)} s`);

  const health = () => fetch(`${base}/api/v1/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.arrayBuffer());
  const search = (q) => () => product(auth, 'search/query', { q, limit: 5 });
  const innPart = requisites(42).inn.slice(2, 8);
  for (let i = 0; i < 20; i++) await search('стол')();
  const rows = await timeInterleaved([
    ['health (baseline)', health],
    ['«стол» (word, 1 500 hits)', search('стол')],
    ['«калькуляции» (form)', search('калькуляции')],
    ['«ёлочн» (ё, prefix)', search('ёлочн')],
    ['«ка» (2 letters)', search('ка')],
    [`«${innPart}» (ИНН digits)`, search(innPart)],
    ['«калкуляция» (typo)', search('калкуляция')],
    ['«а» (1 char)', search('а')],
  ]);
  const b = rows[0][1];
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(28)} p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(6)} ms  (${fmt(r.p50 / b.p50)}× / ${fmt(r.p99 / b.p99)}× baseline p50 / p99)`);
  }
} finally {
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
