// Finds the system Chromium for the e2e tests, installing Debian's package when allowed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const HINT =
  'Для e2e-тестов нужен Chromium. Установите его (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
  'или укажите путь к нему в переменной CHROMIUM_PATH.';

/** Returns the path of a Chromium executable, or throws an Error whose message says what to install. */
export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (fs.existsSync(wanted)) return wanted;
    throw new Error(`CHROMIUM_PATH указывает на несуществующий файл: ${wanted}. ${HINT}`);
  }
  const system = '/usr/bin/chromium';
  if (fs.existsSync(system)) return system;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) throw new Error(HINT);

  console.log('Chromium не найден — устанавливаю пакет chromium (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (res.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    res = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  }
  if (res.status !== 0 || !fs.existsSync(system)) throw new Error(`Не удалось установить chromium через apt-get. ${HINT}`);
  return system;
}
