// `npm start`: build when missing or stale, create DATA_DIR, run the app's server (server.mjs), print the URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBuild, root } from './lib/build.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from './lib/server-runtime.mjs';

const port = process.env.PORT || '3000';
const host = process.env.HOST || '0.0.0.0';
const dataDir = path.resolve(root, process.env.DATA_DIR || './data');

// PORT is used here before the server checks the rest of the configuration (lib/server/env.ts).
if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`Неверные настройки окружения — сервер не запущен:\n  • PORT: ожидается номер порта от 1 до 65535 (сейчас: «${port}»)`);
  process.exit(78);
}
const busy = await new Promise((resolve) => {
  const probe = net.createServer();
  probe.once('error', (err) => resolve(err.code === 'EADDRINUSE'));
  probe.listen(Number(port), host, () => probe.close(() => resolve(false)));
});
if (busy) {
  console.error(`Порт ${port} занят другой программой (может быть, «Калькулус» уже запущен). Остановите её или выберите другой порт: PORT=3001 npm start`);
  process.exit(1);
}

if (!ensureBuild()) {
  console.error('Сборка не удалась — сервер не запущен. Ошибки сборки — выше.');
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true });

// With the flags and environment that bound its memory (scripts/lib/server-runtime.mjs; the caller's own win).
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env, PORT: port, HOST: host, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1' },
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
