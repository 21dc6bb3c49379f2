// Backup and restore of a whole installation: the database and the file bytes, with a manifest of sizes and
// SHA-256 (scripts/backup.mjs, scripts/restore.mjs). The configuration is the server's: DATABASE_URL or the
// embedded PGlite in DATA_DIR/pg; S3_* or the disk store in DATA_DIR/blobs.
//   <dir>/manifest.json              what is in the backup, with sizes and sha256
//   <dir>/database.dump              PostgreSQL: pg_dump --format=custom
//   <dir>/database.pglite.tar.gz     PGlite: its own dump of the data folder (dumpDataDir)
//   <dir>/blobs/<key>                the blob store's objects, one file each
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { root } from './build.mjs';

export const MANIFEST = 'manifest.json';
/** The disk store's own scratch folder (writes in progress): never part of a backup. */
const DISK_SCRATCH = '.tmp';

/** The installation the environment names (the same variables and defaults as the server). */
export function installation(env = process.env) {
  const dataDir = path.resolve(root, env.DATA_DIR?.trim() || './data');
  const s3 = env.S3_BUCKET?.trim()
    ? {
        endpoint: env.S3_ENDPOINT?.trim() || undefined,
        region: env.S3_REGION?.trim() || 'us-east-1',
        bucket: env.S3_BUCKET.trim(),
        credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
        forcePathStyle: !['false', '0', 'no'].includes((env.S3_FORCE_PATH_STYLE ?? 'true').trim().toLowerCase()),
      }
    : null;
  return { databaseUrl: env.DATABASE_URL?.trim() || null, dataDir, s3 };
}

/** Blob keys are generated ids (`[a-zA-Z0-9/_-]`): anything else in a store or a manifest is refused, never a path. */
function safeKey(key) {
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`Недопустимое имя объекта хранилища: «${String(key).slice(0, 200)}».`);
  }
  return key;
}

export async function sha256File(file) {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * A one-line progress indicator on a terminal; when stderr is not one, nothing — or with `lines`, a line at
 * every tenth of the way (a log keeps the progress of a long run).
 */
export function progress(label, total, { lines = false } = {}) {
  let done = 0;
  let shown = -1;
  const tty = process.stderr.isTTY;
  return {
    tick() {
      done++;
      if (!tty) {
        const tenth = total ? Math.floor((done * 10) / total) : 10;
        if (lines && tenth !== shown) process.stderr.write(`${label}: ${done}/${total}\n`);
        shown = tenth;
        return;
      }
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** Runs a PostgreSQL client program; throws with its message in Russian context. */
function pgTool(cmd, args) {
  const res = spawnSync(cmd, args, { encoding: 'utf8' });
  if (res.error?.code === 'ENOENT') throw new Error(`Не найдена программа ${cmd} (клиент PostgreSQL): установите postgresql-client.`);
  if (res.status !== 0) throw new Error(`${cmd} завершился с ошибкой:\n${res.stderr.trim()}`);
  return res.stdout;
}

export async function openPglite(dir, loadDataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  return PGlite.create({ dataDir: dir, extensions: { pg_trgm, btree_gin }, ...(loadDataDir ? { loadDataDir } : {}) });
}

export async function s3Client(s3) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({ endpoint: s3.endpoint, region: s3.region, credentials: s3.credentials, forcePathStyle: s3.forcePathStyle });
}

async function* s3Keys(client, bucket) {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) yield o.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export function diskKeys(dir) {
  const keys = [];
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && e.name === DISK_SCRATCH) continue;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) keys.push(r);
    }
  };
  if (fs.existsSync(dir)) walk('');
  return keys.sort();
}

/** Writes a backup of the installation into `out` (which must be empty or absent); answers the manifest. */
export async function backup(out, env = process.env) {
  const inst = installation(env);
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new Error(`Папка ${out} не пуста: укажите новую или пустую папку для копии.`);
  fs.mkdirSync(path.join(out, 'blobs'), { recursive: true });
  const manifest = { format: 1, createdAt: new Date().toISOString(), database: null, blobs: [] };

  if (inst.databaseUrl) {
    const file = path.join(out, 'database.dump');
    pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, inst.databaseUrl]);
    manifest.database = { driver: 'postgres', file: 'database.dump' };
  } else {
    const dir = path.join(inst.dataDir, 'pg');
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`Встроенная база не найдена в ${dir}: нечего копировать.`);
    // One process per embedded database: the server must be stopped (its folder would change under the copy).
    const db = await openPglite(dir);
    try {
      const tar = await db.dumpDataDir('gzip');
      fs.writeFileSync(path.join(out, 'database.pglite.tar.gz'), Buffer.from(await tar.arrayBuffer()));
    } finally {
      await db.close();
    }
    manifest.database = { driver: 'pglite', file: 'database.pglite.tar.gz' };
  }
  const dbFile = path.join(out, manifest.database.file);
  manifest.database.size = fs.statSync(dbFile).size;
  manifest.database.sha256 = await sha256File(dbFile);

  if (inst.s3) {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = await s3Client(inst.s3);
    const keys = [];
    for await (const key of s3Keys(client, inst.s3.bucket)) keys.push(safeKey(key));
    const bar = progress('Файлы', keys.length);
    for (const key of keys) {
      const file = path.join(out, 'blobs', ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const obj = await client.send(new GetObjectCommand({ Bucket: inst.s3.bucket, Key: key }));
      await pipeline(obj.Body, fs.createWriteStream(file));
      manifest.blobs.push({ key, size: fs.statSync(file).size, sha256: await sha256File(file) });
      bar.tick();
    }
    bar.end();
    client.destroy();
  } else {
    const dir = path.join(inst.dataDir, 'blobs');
    const keys = diskKeys(dir);
    const bar = progress('Файлы', keys.length);
    for (const key of keys) {
      const file = path.join(out, 'blobs', ...key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(path.join(dir, ...key.split('/')), file);
      manifest.blobs.push({ key, size: fs.statSync(file).size, sha256: await sha256File(file) });
      bar.tick();
    }
    bar.end();
  }
  fs.writeFileSync(path.join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Checks every file of a backup against its manifest; answers the manifest. */
export async function verify(dir) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw new Error(`В папке ${dir} нет ${MANIFEST}: это не резервная копия «Калькулуса».`);
  }
  const check = async (rel, want) => {
    const file = path.join(dir, rel);
    if (!fs.existsSync(file)) throw new Error(`Копия повреждена: нет файла ${rel}.`);
    if (fs.statSync(file).size !== want.size || (await sha256File(file)) !== want.sha256) {
      throw new Error(`Копия повреждена: файл ${rel} не совпадает с manifest.json (размер или SHA-256).`);
    }
  };
  await check(manifest.database.file, manifest.database);
  for (const b of manifest.blobs) await check(path.join('blobs', ...safeKey(b.key).split('/')), b);
  return manifest;
}

/** Whether the target installation has anything in it; answers what is not empty (empty list = empty). */
async function nonEmpty(inst) {
  const found = [];
  if (inst.databaseUrl) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: inst.databaseUrl });
    await c.connect();
    try {
      const r = await c.query(`select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`);
      if (r.rows[0].n > 0) found.push(`база PostgreSQL (таблиц: ${r.rows[0].n})`);
    } finally {
      await c.end();
    }
  } else {
    const dir = path.join(inst.dataDir, 'pg');
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) found.push(`встроенная база (${dir})`);
  }
  if (inst.s3) {
    const client = await s3Client(inst.s3);
    for await (const key of s3Keys(client, inst.s3.bucket)) {
      if (key) found.push(`бакет ${inst.s3.bucket}`);
      break;
    }
    client.destroy();
  } else if (diskKeys(path.join(inst.dataDir, 'blobs')).length > 0) {
    found.push(`файлы (${path.join(inst.dataDir, 'blobs')})`);
  }
  return found;
}

/** Restores a backup into the installation the environment names, which must be empty. */
export async function restore(dir, env = process.env) {
  const inst = installation(env);
  const manifest = await verify(dir);
  const found = await nonEmpty(inst);
  if (found.length) {
    throw new Error(
      `Восстановление отменено: установка не пуста — ${found.join(', ')}. Восстанавливайте в пустую базу и пустое хранилище ` +
        '(новая база PostgreSQL, новый бакет или новая папка DATA_DIR); существующие данные не перезаписываются.',
    );
  }
  const dbFile = path.join(dir, manifest.database.file);
  if (manifest.database.driver === 'postgres') {
    if (!inst.databaseUrl) throw new Error('Копия сделана с PostgreSQL: задайте DATABASE_URL пустой базы (перенос во встроенную базу не поддерживается).');
    pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${inst.databaseUrl}`, dbFile]);
  } else {
    if (inst.databaseUrl) throw new Error('Копия сделана со встроенной базой (PGlite): уберите DATABASE_URL и задайте пустой DATA_DIR.');
    // PGlite does not create parent folders.
    fs.mkdirSync(inst.dataDir, { recursive: true });
    const db = await openPglite(path.join(inst.dataDir, 'pg'), new Blob([fs.readFileSync(dbFile)]));
    await db.close();
  }

  const bar = progress('Файлы', manifest.blobs.length);
  if (inst.s3) {
    const { Upload } = await import('@aws-sdk/lib-storage');
    const client = await s3Client(inst.s3);
    for (const b of manifest.blobs) {
      const body = fs.createReadStream(path.join(dir, 'blobs', ...b.key.split('/')));
      await new Upload({ client, params: { Bucket: inst.s3.bucket, Key: b.key, Body: body } }).done();
      bar.tick();
    }
    client.destroy();
  } else {
    const blobs = path.join(inst.dataDir, 'blobs');
    for (const b of manifest.blobs) {
      const file = path.join(blobs, ...b.key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(path.join(dir, 'blobs', ...b.key.split('/')), file);
      bar.tick();
    }
  }
  bar.end();
  return manifest;
}
