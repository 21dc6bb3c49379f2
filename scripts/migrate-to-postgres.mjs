// `npm run migrate-to-postgres`: moves the embedded installation (PGlite in DATA_DIR/pg, files in DATA_DIR/blobs)
// into PostgreSQL (DATABASE_URL, an empty database) and S3 (S3_*, an existing bucket). Stop the server first.
// Running it again is safe and resumes an interrupted run; progress goes to stderr, the next steps to stdout.
import { installation } from './lib/backup.mjs';
import { migrateToPostgres } from './lib/migrate.mjs';

try {
  const started = Date.now();
  const done = await migrateToPostgres();
  const inst = installation();
  const url = new URL(inst.databaseUrl);
  if (url.password) url.password = '***';
  console.log(
    [
      `Перенос готов за ${((Date.now() - started) / 1000).toFixed(1)} с: таблиц ${done.tables}, новых строк ${done.rows}, ` +
        `файлов ${done.blobs.total} (скопировано ${done.blobs.copied}, уже были ${done.blobs.skipped}).`,
      'Дальше запускайте сервер с этими переменными (и прежними остальными):',
      `  DATABASE_URL=${url}`,
      `  S3_ENDPOINT=${inst.s3.endpoint ?? ''}`,
      `  S3_REGION=${inst.s3.region}`,
      `  S3_BUCKET=${inst.s3.bucket}`,
      '  S3_ACCESS_KEY_ID=…  S3_SECRET_ACCESS_KEY=…',
      `Встроенная база и файлы в ${inst.dataDir} больше не нужны серверу: сохраните их как копию, пока не проверите новую установку.`,
    ].join('\n'),
  );
} catch (err) {
  console.error(err?.message ?? String(err));
  process.exit(1);
}
