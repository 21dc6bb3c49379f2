// `npm run bench -- <name>`: runs bench/<name>.mjs (see bench/README.md).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { root } from './lib/build.mjs';

const names = fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.mjs') && f !== 'lib.mjs').map((f) => f.slice(0, -4));
const wanted = process.argv.slice(2);
if (wanted.length === 0 || wanted.some((n) => !names.includes(n))) {
  console.error(`Укажите бенчмарк: npm run bench -- <${names.join('|')}> (можно несколько).`);
  process.exit(2);
}
let status = 0;
for (const name of wanted) {
  console.log(`\n━━ bench/${name} ━━`);
  const res = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], { cwd: root, stdio: 'inherit' });
  status ||= res.status ?? 1;
}
process.exit(status);
