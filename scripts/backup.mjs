// `npm run backup -- <dir>`: a backup of the installation the environment names (DATABASE_URL or the embedded
// database in DATA_DIR/pg; S3_* or DATA_DIR/blobs) into an empty folder, with manifest.json (sizes, SHA-256).
// The embedded database belongs to one process: stop the server first. PostgreSQL and S3: any time.
import path from 'node:path';
import { backup } from './lib/backup.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('Укажите папку для копии: npm run backup -- /backups/kalkulus-2026-11-26');
  process.exit(64);
}
try {
  const started = Date.now();
  const m = await backup(path.resolve(dir));
  const bytes = m.blobs.reduce((s, b) => s + b.size, 0);
  console.log(
    `Резервная копия готова: ${path.resolve(dir)} — база (${m.database.driver}, ${m.database.size} Б), файлов: ${m.blobs.length} (${bytes} Б), ` +
      `${((Date.now() - started) / 1000).toFixed(1)} с.`,
  );
} catch (err) {
  console.error(err?.message ?? String(err));
  process.exit(1);
}
