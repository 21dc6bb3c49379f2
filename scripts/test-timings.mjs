// Sums .tmp/vitest-timings.json (written by scripts/lib/vitest-timings.mjs): time by project and by phase, and the
// slowest files. `node scripts/test-timings.mjs [report.json] [top]`.
import fs from 'node:fs';
import path from 'node:path';

const file = process.argv[2] ?? path.join(process.cwd(), '.tmp', 'vitest-timings.json');
const top = Number(process.argv[3] ?? 25);
const { wallMs, files } = JSON.parse(fs.readFileSync(file, 'utf8'));
const phases = ['environment', 'prepare', 'setup', 'collect', 'run'];
const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
const total = (rows) => Object.fromEntries(phases.map((p) => [p, rows.reduce((a, r) => a + r[p], 0)]));
console.log(`wall ${s(wallMs)} s, ${files.length} files`);
console.log(`${'project'.padEnd(24)}${phases.map((p) => p.padStart(12)).join('')}       all`);
for (const project of [...new Set(files.map((r) => r.project))].sort()) {
  const t = total(files.filter((r) => r.project === project));
  console.log(`${project.padEnd(24)}${phases.map((p) => s(t[p]).padStart(12)).join('')}${s(phases.reduce((a, p) => a + t[p], 0))}`);
}
const all = total(files);
console.log(`${'all'.padEnd(24)}${phases.map((p) => s(all[p]).padStart(12)).join('')}${s(phases.reduce((a, p) => a + all[p], 0))}`);
console.log(`\nslowest files (collect + run):`);
for (const r of [...files].sort((a, b) => b.collect + b.run - (a.collect + a.run)).slice(0, top)) {
  console.log(`${s(r.collect + r.run)} ${s(r.collect)} ${r.project.padEnd(22)} ${r.file}`);
}
