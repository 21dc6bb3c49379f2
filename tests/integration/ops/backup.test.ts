// @vitest-environment node
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import S3rver from 's3rver';
import '../../helpers/s3rver-consistent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { parseEnv } from '@/lib/server/env';
import { flushActivity } from '@/lib/server/services/activity/record';
import { createDiskStore } from '@/lib/server/storage/disk';
import { createS3Store, ensureBucket, type S3StoreOptions } from '@/lib/server/storage/s3';
import { root } from '@/scripts/lib/build.mjs';
import type { TestContext } from '../../helpers/context';
import { seedEmbeddedDatabase, testDriver } from '../../helpers/db';
import { bytesOf, get, pattern, upload, users } from '../files/harness';

/** Every row of every table (the app's and the migrations' journal), in a comparable form. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const exec = async (text: string) => ((await database.db.execute(text as never)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await exec(`select table_schema as s, table_name as t from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`);
  const out: Record<string, string[]> = {};
  for (const { s, t } of tables) out[`${s}.${t}`] = (await exec(`select * from "${s}"."${t}"`)).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** Runs `npm run <script> -- <dir>` (its script, with only these variables); never blocks this process (s3rver lives here). */
const npm = (script: 'backup' | 'restore', dir: string, env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${script}.mjs`), dir], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } as unknown as NodeJS.ProcessEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

/**
 * `npm run backup` and `npm run restore` round trip: an installation with users and files (embedded database +
 * disk; PostgreSQL + S3), backed up, restored into an empty one: the same rows in every table, the same bytes.
 */
describe(`backup and restore round trip (${testDriver()})`, () => {
  const driver = testDriver();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-backup-'));
  const dbNames: string[] = [];
  let s3: { server: S3rver; opts: (bucket: string) => S3StoreOptions } | undefined;

  const pgUrl = async (): Promise<string> => {
    const name = `kalkulus_bak_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
    dbNames.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  /** An installation: its environment for the scripts and, opened, its database and blob store. */
  const installation = async (name: string) => {
    const dataDir = path.join(tmp, name);
    if (driver === 'pglite') return { vars: { DATA_DIR: dataDir }, open: () => openDatabase({ driver: 'pglite', dir: path.join(dataDir, 'pg') }) };
    const url = await pgUrl();
    const o = s3!.opts(`kalkulus-${name}`);
    await ensureBucket(o);
    const vars = {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      S3_ENDPOINT: o.endpoint!,
      S3_BUCKET: o.bucket,
      S3_ACCESS_KEY_ID: o.accessKeyId,
      S3_SECRET_ACCESS_KEY: o.secretAccessKey,
    };
    return { vars, open: () => openDatabase({ driver: 'postgres', url, max: 2 }) };
  };
  const contextOf = (vars: Record<string, string>, database: Database): TestContext => ({
    env: parseEnv({ ...vars, LOG_LEVEL: 'silent' }),
    db: database.db,
    database: { ...database, destroy: () => database.close() },
    blobs: driver === 'pglite' ? createDiskStore(path.join(vars.DATA_DIR!, 'blobs')) : createS3Store(s3!.opts(vars.S3_BUCKET!)),
    destroy: () => database.close(),
  });

  beforeAll(async () => {
    if (driver === 'postgres') {
      const directory = path.join(tmp, 's3rver');
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
      const { port } = await server.run();
      s3 = {
        server,
        opts: (bucket) => ({
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          bucket,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        }),
      };
    }
  });

  afterAll(async () => {
    await s3?.server.close();
    if (dbNames.length) {
      const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      for (const n of dbNames) await c.query(`drop database if exists "${n}" with (force)`);
      await c.end();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('restores the same rows and the same file bytes into an empty installation, and refuses a non-empty one', { timeout: 240_000 }, async () => {
    const source = await installation('source');
    // The installation that is backed up is a used one, not a new one: on PGlite it starts from a migrated copy.
    if (driver === 'pglite') await seedEmbeddedDatabase(path.join(source.vars.DATA_DIR, 'pg'));
    const srcDb = await source.open();
    const ctx = contextOf(source.vars, srcDb);
    const [user] = await users(ctx, 1);
    const files = [pattern(1234, 2), randomBytes(70_000)];
    const objects = [];
    for (const [i, bytes] of files.entries()) objects.push(await upload(ctx, user!, `файл ${i}.bin`, bytes));
    // The activity an upload records is written just after its answer: written now, as a stopping server does.
    await flushActivity();
    const before = await snapshot(srcDb);
    expect(before['public.files_objects']!.length).toBe(files.length);
    // The embedded database is one process's: closed before the backup, as the server would be stopped.
    await srcDb.close();

    const dir = path.join(tmp, 'backup');
    const made = await npm('backup', dir, source.vars);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Резервная копия готова/);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.database.driver).toBe(driver);
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(files.length);
    expect(manifest.blobs.every((b: { sha256: string }) => /^[0-9a-f]{64}$/.test(b.sha256))).toBe(true);

    const target = await installation('target');
    const restored = await npm('restore', dir, target.vars);
    expect(restored.status, restored.stderr).toBe(0);
    const again = await npm('restore', dir, target.vars);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/Восстановление отменено: установка не пуста/);

    const dstDb = await target.open();
    try {
      expect(await snapshot(dstDb)).toEqual(before);
      const dst = contextOf(target.vars, dstDb);
      for (const [i, o] of objects.entries()) {
        const res = await get(dst, user!, `file/${o.id}?download=1`);
        expect(res.status).toBe(200);
        expect((await bytesOf(res)).equals(files[i]!)).toBe(true);
      }
    } finally {
      await dstDb.close();
    }

    // A damaged copy is refused before anything is written.
    const blob = path.join(dir, 'blobs', ...manifest.blobs[0].key.split('/'));
    fs.appendFileSync(blob, 'x');
    const damaged = await npm('restore', dir, (await installation('third')).vars);
    expect(damaged.status).toBe(1);
    expect(damaged.stderr).toMatch(/Копия повреждена/);
  });
});
