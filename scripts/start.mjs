// `npm start`: build when missing or stale, create DATA_DIR, serve with the embedded services, print the URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, root } from './lib/build.mjs';

const port = process.env.PORT || '3000';
const host = process.env.HOST || '0.0.0.0';
const dataDir = path.resolve(root, process.env.DATA_DIR || './data');

if (!ensureBuild()) {
  console.error('Сборка не удалась — сервер не запущен. Ошибки сборки — выше.');
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true });

const child = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['start', '-p', port, '-H', host], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Print the address once the server answers (migrations are applied before the first answer).
const url = `http://localhost:${port}`;
const started = Date.now();
(async function announce() {
  while (child.exitCode === null && Date.now() - started < 120_000) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) {
        console.log(`\n«Калькулус» работает: ${url}  (данные: ${dataDir})\n`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
})();
