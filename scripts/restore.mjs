// `npm run restore -- <dir>`: a backup made by `npm run backup` into the installation the environment names,
// which must be empty (a new PostgreSQL database or an empty DATA_DIR; an empty bucket or DATA_DIR/blobs).
// Every file is checked against manifest.json first; a non-empty target is refused, never overwritten.
import path from 'node:path';
import { restore } from './lib/backup.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('Укажите папку копии: npm run restore -- /backups/kalkulus-2026-11-26');
  process.exit(64);
}
try {
  const m = await restore(path.resolve(dir));
  console.log(`Восстановлено из ${path.resolve(dir)}: база (${m.database.driver}), файлов: ${m.blobs.length}. Запустите сервер.`);
} catch (err) {
  console.error(err?.message ?? String(err));
  process.exit(1);
}
