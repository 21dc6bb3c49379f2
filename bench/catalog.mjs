// «Номенклатура и цены»: import of a 50 000-row supplier price list (CSV) through the built server — upload, preview
// (read, match, rows written), apply — time and the server group's peak RSS, first with every row a new item, then
// the same articles with new prices (matched by article); against the same file POSTed to a trivial gateway call
// (transfer and JSON parse only) in the same run. Then «Пересчитать все» over 1 000 specifications of 5 catalogue
// lines each, made stale by a third import, against `specs/costs` of the same 1 000 (the calculation without saving).
// While each file is read and while it applies, the longest answer of another call (`catalog/items/list`) is
// «другой запрос ждал до». Each line
// ends with the load average; a background job polled for over 10 min stops the bench with its state.
// With DATABASE_URL — on PostgreSQL (an empty database).
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { groupRss, mib, signUp, withPeakRss } from './helpers/files.mjs';
import { loadAvg } from './helpers/load.mjs';

const ROWS = Number(process.env.BENCH_CATALOG_ROWS ?? 50_000);
const SPECS = Number(process.env.BENCH_CATALOG_SPECS ?? 1_000);

requireBuild();
const dataDir = tempDataDir('catalog');
const port = await freePort();
const child = startServer({ port, dataDir });
const base = `http://127.0.0.1:${port}`;
const s = (ms) => (ms / 1000).toFixed(2).replace('.', ',');
/** A background job polled for longer than this is reported as hung (the bench stops instead of waiting forever). */
const POLL_LIMIT_MS = 10 * 60_000;
function pollLimit(what) {
  const until = Date.now() + POLL_LIMIT_MS;
  return (st) => {
    if (Date.now() > until) throw new Error(`${what}: no end after ${POLL_LIMIT_MS / 60_000} min: ${JSON.stringify(st).slice(0, 300)}`);
  };
}

async function product(auth, name, body) {
  const res = await fetch(`${base}/api/v1/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, ...auth }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!json.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const priceList = (k) =>
  Buffer.from(
    ['Артикул;Наименование;Ед.;Цена'].concat(Array.from({ length: ROWS }, (_, i) => `A-${i};Материал ${i} ${['лист', 'брус', 'профиль', 'краска'][i % 4]} ${i % 97};шт;${(100 + ((i * k) % 900)).toFixed(2).replace('.', ',')}`)).join('\r\n'),
  ).toString('base64');

/** How long another call that reads the database (the user's list of items) takes to be answered now. */
async function otherCall(auth) {
  const t = performance.now();
  await product(auth, 'catalog/items/list', { limit: 1 });
  return performance.now() - t;
}

async function importOnce(auth, supplierId, data, createNew) {
  const t0 = performance.now();
  const up = await product(auth, 'catalog/import/upload', { supplierId, fileName: 'прайс.csv', data });
  await product(auth, 'catalog/import/preview', { importId: up.importId, mapping: { article: 0, name: 1, unit: 2, price: 3 }, vatIncluded: false });
  let st;
  let check = pollLimit('preview');
  // While the file is read and matched, and then while it applies: the longest answer of another call.
  let blockedPreview = 0;
  for (;;) {
    st = await product(auth, 'catalog/import/status', { importId: up.importId });
    if (st.state !== 'parsing') break;
    check(st);
    blockedPreview = Math.max(blockedPreview, await otherCall(auth));
    await new Promise((r) => setTimeout(r, 100));
  }
  if (st.state !== 'ready') throw new Error(`preview: ${JSON.stringify(st)}`);
  const t1 = performance.now();
  if (createNew) await product(auth, 'catalog/import/create-all', { importId: up.importId, create: true });
  await product(auth, 'catalog/import/apply', { importId: up.importId });
  let blocked = 0;
  check = pollLimit('apply');
  for (;;) {
    st = await product(auth, 'catalog/import/status', { importId: up.importId });
    if (st.state !== 'applying') break;
    check(st);
    blocked = Math.max(blocked, await otherCall(auth));
    await new Promise((r) => setTimeout(r, 100));
  }
  if (st.state !== 'applied') throw new Error(`apply: ${JSON.stringify(st)}`);
  const t2 = performance.now();
  return { preview: t1 - t0, apply: t2 - t1, blocked, blockedPreview, total: t2 - t0, summary: st.summary, applied: st.applied };
}

async function parallel(n, fn, width = 8) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => { for (let i = next++; i < n; i = next++) await fn(i); }));
}

try {
  await waitFor200(`${base}/api/health`, Date.now());
  const auth = await signUp(base);
  const { company } = await product(auth, 'companies/create', { kind: 'person', fullName: 'Поставщик для бенчмарка', taxRegime: 'none' });
  const rssStart = groupRss(child.pid);

  const baseline = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    await fetch(`${base}/api/v1/health`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ data: priceList(7) }) });
    baseline.push(performance.now() - t);
  }
  const first = await withPeakRss(child.pid, () => importOnce(auth, company.id, priceList(7), true));
  const second = await withPeakRss(child.pid, () => importOnce(auth, company.id, priceList(13), false));
  const b = median(baseline);
  console.log(`import ${ROWS.toLocaleString('ru-RU')} строк, все новые: ${s(first.result.total)} с (предпросмотр ${s(first.result.preview)} с, применение ${s(first.result.apply)} с, другой запрос ждал до ${s(first.result.blockedPreview)} с при чтении, до ${s(first.result.blocked)} с при применении), создано ${first.result.applied.created}; пик RSS ${mib(first.peak)} МиБ (после старта ${mib(rssStart)} МиБ); нагрузка ${loadAvg()}`);
  console.log(`import ${ROWS.toLocaleString('ru-RU')} строк, те же артикулы, новые цены: ${s(second.result.total)} с (предпросмотр ${s(second.result.preview)} с, применение ${s(second.result.apply)} с, другой запрос ждал до ${s(second.result.blockedPreview)} с при чтении, до ${s(second.result.blocked)} с при применении), цен ${second.result.applied.prices}; пик RSS ${mib(second.peak)} МиБ; нагрузка ${loadAvg()}`);
  console.log(`база: тот же файл в тривиальный вызов — ${s(b)} с; отношение ${(second.result.total / b).toFixed(1).replace('.', ',')}× (цель: импорт < 30 с)`);

  const { items } = await product(auth, 'catalog/items/list', { limit: 500, sort: 'article' });
  const ids = [];
  await parallel(SPECS, async (i) => {
    const materials = Array.from({ length: 5 }, (_, k) => {
      const it = items[(i * 5 + k) % items.length];
      return { id: `m${k}`, name: it.name, unit: it.unit, qty: '2', price: it.price?.price ?? '1', itemId: it.id };
    });
    const r = await product(auth, 'specs/create', { doc: { schemaVersion: 1, name: `Изделие ${i}`, unit: 'шт', outputQty: '1', materials, operations: [] }, root: null });
    ids.push(r.id);
  });
  await importOnce(auth, company.id, priceList(29), false);
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i += 100) await product(auth, 'specs/costs', { ids: ids.slice(i, i + 100) });
  const costs = performance.now() - t0;
  const t1 = performance.now();
  const { runId } = await product(auth, 'catalog/recalc-all', {});
  let run;
  const check = pollLimit('recalc-all');
  for (;;) {
    run = await product(auth, 'catalog/recalc-status', { runId });
    if (run.state !== 'running') break;
    check({ state: run.state, done: run.done, total: run.total });
    await new Promise((r) => setTimeout(r, 200));
  }
  const recalc = performance.now() - t1;
  console.log(`«Пересчитать все»: ${run.done} спецификаций за ${s(recalc)} с (${run.state}, ошибок ${run.report.filter((l) => l.error).length}); база specs/costs тех же — ${s(costs)} с; отношение ${(recalc / costs).toFixed(1).replace('.', ',')}×; нагрузка ${loadAvg()}`);
} finally {
  await stopServer(child);
}
