// @vitest-environment node
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import S3rver from 's3rver';
import '../../helpers/s3rver-consistent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { parseEnv } from '@/lib/server/env';
import { flushActivity } from '@/lib/server/services/activity/record';
import { createDiskStore } from '@/lib/server/storage/disk';
import { createS3Store, ensureBucket } from '@/lib/server/storage/s3';
import { root } from '@/scripts/lib/build.mjs';
import type { TestContext } from '../../helpers/context';
import { seedEmbeddedDatabase, testDriver } from '../../helpers/db';
import { bytesOf, get, pattern, upload, users } from '../files/harness';

/** Every row of every app table as the database itself writes it (the same text from PGlite and PostgreSQL). */
async function snapshot(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, string[]>> {
  await query(`set timezone = 'UTC'`);
  const tables = await query(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const out: Record<string, string[]> = {};
  for (const { t } of tables) out[t as string] = (await query(`select row_to_json(x)::text as j from "${t}" x`)).map((r) => r.j as string).sort();
  return out;
}

/** `npm run migrate-to-postgres` with only these variables; never blocks this process (s3rver lives here). */
const migrate = (env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'migrate-to-postgres.mjs')], {
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
 * Moving off the embedded default: an embedded installation (PGlite + files on disk) moved into an empty
 * PostgreSQL database and an S3 bucket — the same rows, the same bytes served; a second run after an
 * interruption leaves the moved database alone and copies the missing file. Needs PostgreSQL: runs in the pg project only.
 */
describe.runIf(testDriver() === 'postgres')('npm run migrate-to-postgres (PGlite + disk → PostgreSQL + S3)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-migrate-'));
  const dbName = `kalkulus_mig_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const bucket = 'kalkulus-migrate';
  let s3: S3rver | undefined;
  let vars: Record<string, string> = {};
  const s3Opts = (endpoint: string) => ({ endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  const admin = async (text: string) => {
    const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  const contextOf = (database: Database, blobs: TestContext['blobs']): TestContext => ({
    env: parseEnv({ ...vars, LOG_LEVEL: 'silent' }),
    db: database.db,
    database: { ...database, destroy: () => database.close() },
    blobs,
    destroy: () => database.close(),
  });

  beforeAll(async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3rver') });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    await ensureBucket(s3Opts(endpoint));
    await admin(`create database "${dbName}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    vars = {
      DATA_DIR: path.join(tmp, 'data'),
      DATABASE_URL: url.toString(),
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  });

  afterAll(async () => {
    await s3?.close();
    await admin(`drop database if exists "${dbName}" with (force)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('moves every row and every file, says what to set next, and resumes by running again', { timeout: 240_000 }, async () => {
    // The embedded installation, used and then stopped.
    await seedEmbeddedDatabase(path.join(vars.DATA_DIR!, 'pg'));
    const source = await openDatabase({ driver: 'pglite', dir: path.join(vars.DATA_DIR!, 'pg') });
    const src = contextOf(source, createDiskStore(path.join(vars.DATA_DIR!, 'blobs')));
    const people = await users(src, 2);
    const files = [pattern(1234, 1), randomBytes(70_000), randomBytes(10)];
    const objects = [];
    for (const [i, bytes] of files.entries()) objects.push(await upload(src, people[i % 2]!, `файл ${i}.bin`, bytes));
    const raw = async (text: string) => ((await source.db.execute(text as never)) as unknown as { rows: Record<string, unknown>[] }).rows;
    // The activity an upload records is written just after its answer: written now, as a stopping server does.
    await flushActivity();
    const before = await snapshot(raw);
    expect(before.files_objects!.length).toBe(files.length);
    await source.close();

    const first = await migrate(vars);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/Файлы: \d+\/\d+/);
    expect(first.stdout).toContain(`S3_BUCKET=${bucket}`);
    expect(first.stdout).toMatch(/DATABASE_URL=postgres/);
    expect(first.stdout).toMatch(/скопировано [1-9]\d*, уже были 0/);

    const target = new Client({ connectionString: vars.DATABASE_URL });
    await target.connect();
    const after = () => snapshot(async (text) => (await target.query(text)).rows);
    try {
      expect(await after()).toEqual(before);

      // Again after an interruption (a file missing from the bucket): the moved database is left alone, only
      // the missing file is copied.
      const client = new S3Client({ endpoint: vars.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      const blobs = path.join(vars.DATA_DIR!, 'blobs');
      const key = (fs.readdirSync(blobs, { recursive: true }) as string[])
        .filter((rel) => !rel.startsWith('.tmp') && fs.statSync(path.join(blobs, rel)).isFile())
        .map((rel) => rel.split(path.sep).join('/'))[0]!;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      client.destroy();
      const resumed = await migrate(vars);
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(resumed.stdout).toMatch(/новых строк 0, .*скопировано 1, уже были \d+/);
      expect(await after()).toEqual(before);
    } finally {
      await target.end();
    }

    // The moved installation serves the same bytes.
    const moved = await openDatabase({ driver: 'postgres', url: vars.DATABASE_URL!, max: 2 });
    try {
      const dst = contextOf(moved, createS3Store(s3Opts(vars.S3_ENDPOINT!)));
      for (const [i, o] of objects.entries()) {
        const res = await get(dst, people[i % 2]!, `file/${o.id}?download=1`);
        expect(res.status).toBe(200);
        expect((await bytesOf(res)).equals(files[i]!)).toBe(true);
      }
    } finally {
      await moved.close();
    }
  });
});
