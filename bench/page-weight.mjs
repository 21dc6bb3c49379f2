// bench/page-weight: first-load JavaScript (gzip, level 9) of every page of the production build, read from the
// build's own manifests, against /bench-baseline — the root layout and one PrimeReact button — of the same build.
// A page's first load is the framework's root files (.next/build-manifest.json `rootMainFiles`) and every chunk the
// page's client-reference manifest names for its layouts, page and boundaries (`entryJSFiles`): what the browser
// fetches before the page is usable, whatever the data. Code loaded later (a dialog opened, a chart shown) is not
// counted — it is `import()`ed when wanted. Goal: every page of the main, auth and demo groups ≤ 1,3× the baseline.
// Sizes are deterministic, so no server is started and one pass is enough.
//
// BENCH_TOP=N also lists each over-goal page's N largest chunks with the packages they carry (where the bytes are).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { requireBuild, root } from './lib.mjs';

const GOAL = 1.3;
const GOAL_GROUPS = new Set(['(main)', '(auth)', '(demo)']);

requireBuild();
const next = path.join(root, '.next');
const rootMain = JSON.parse(fs.readFileSync(path.join(next, 'build-manifest.json'), 'utf8')).rootMainFiles;

/** Every `page_client-reference-manifest.js` under .next/server/app → the app route it belongs to. */
function manifests(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...manifests(p, `${rel}/${e.name}`));
    else if (e.name === 'page_client-reference-manifest.js') out.push({ file: p, route: rel || '/' });
  }
  return out;
}

/** The manifest file is a script that assigns `globalThis.__RSC_MANIFEST[route] = {...}`. */
function entryFiles(file) {
  const sandbox = { self: {} };
  sandbox.globalThis = sandbox.self;
  new Function('self', 'globalThis', fs.readFileSync(file, 'utf8'))(sandbox.self, sandbox.self);
  const all = Object.values(sandbox.self.__RSC_MANIFEST ?? {});
  const files = new Set();
  for (const m of all) for (const list of Object.values(m.entryJSFiles ?? {})) for (const f of list) files.add(f);
  return files;
}

const sizes = new Map();
function size(rel) {
  let s = sizes.get(rel);
  if (!s) {
    const buf = fs.readFileSync(path.join(next, rel));
    s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, text: buf.toString('utf8') };
    sizes.set(rel, s);
  }
  return s;
}

const pages = manifests(path.join(next, 'server', 'app'))
  .filter((m) => !m.route.startsWith('/_'))
  .map(({ file, route }) => {
    const files = new Set([...rootMain, ...entryFiles(file)]);
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      raw += size(f).raw;
      gz += size(f).gz;
    }
    const group = route.split('/')[1]?.match(/^\(.+\)$/)?.[0] ?? '';
    const url = route.split('/').filter((s) => !/^\(.+\)$/.test(s)).join('/') || '/';
    return { route, url, group, files, raw, gz };
  })
  .sort((a, b) => a.group.localeCompare(b.group) || a.url.localeCompare(b.url));

const baseline = pages.find((p) => p.url === '/bench-baseline');
if (!baseline) throw new Error('В сборке нет страницы /bench-baseline.');
const kb = (n) => `${(n / 1024).toFixed(1).replace('.', ',')} КБ`;
const ratioOf = (p) => p.gz / baseline.gz;
console.log(`базовая страница /bench-baseline: ${baseline.files.size} файлов, ${kb(baseline.gz)} gzip\n`);
console.log(`${'группа'.padEnd(9)}${'страница'.padEnd(46)}${'файлов'.padEnd(8)}${'JS'.padEnd(11)}${'JS gzip'.padEnd(11)}× базовой`);
for (const p of pages) {
  const mark = GOAL_GROUPS.has(p.group) && ratioOf(p) > GOAL ? '  ← выше цели' : '';
  console.log(
    `${(p.group || '—').padEnd(9)}${p.url.padEnd(46)}${String(p.files.size).padEnd(8)}${kb(p.raw).padEnd(11)}${kb(p.gz).padEnd(11)}${ratioOf(p).toFixed(2)}×${mark}`,
  );
}
const judged = pages.filter((p) => GOAL_GROUPS.has(p.group) || p.url === '/');
const worst = judged.reduce((w, p) => (ratioOf(p) > ratioOf(w) ? p : w), judged[0]);
const over = judged.filter((p) => ratioOf(p) > GOAL);
console.log(`\nстраниц: ${pages.length}; худшее отношение в группах main, auth, demo и «/»: ${ratioOf(worst).toFixed(2)}× (${worst.url}); цель ≤ ${String(GOAL).replace('.', ',')}×; выше цели: ${over.length}`);

// Where the bytes are: the largest chunks beyond the baseline's, named by the packages they carry.
const top = Number(process.env.BENCH_TOP ?? 0);
if (top > 0) {
  const packagesOf = (text) => [...new Set([...text.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].map((m) => m[1]))].slice(0, 6);
  for (const p of over) {
    const extra = [...p.files].filter((f) => !baseline.files.has(f)).sort((a, b) => size(b).gz - size(a).gz);
    console.log(`\n${p.url}: +${kb(p.gz - baseline.gz)} сверх базовой`);
    for (const f of extra.slice(0, top)) console.log(`  ${kb(size(f).gz).padEnd(10)}${f}  ${packagesOf(size(f).text).join(', ')}`);
  }
}
