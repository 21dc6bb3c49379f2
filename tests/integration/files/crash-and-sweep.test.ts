// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SETTING } from '@/lib/domain/files/chunk-plan';
import { notePending } from '@/lib/server/services/files/pending-blobs';
import { sweepUploads } from '@/lib/server/services/files/sweep-uploads';
import type { TestUser } from '../../helpers/auth';
import type { TestContext } from '../../helpers/context';
import { seedEmbeddedDatabase, testDriver } from '../../helpers/db';
import { call, createHarness, ok, pattern, sendChunk, sha256, users, type FileObj, type Harness, type StoreKind } from './harness';

const root = path.resolve(__dirname, '../../..');
const SERVER = path.join(__dirname, 'fixtures/file-server.ts');

interface Running {
  child: ChildProcess;
  base: string;
  token: string;
}

/** Starts the file server in its own process; resolves once it prints its port. */
function startServer(dataDir: string, databaseUrl?: string): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', SERVER], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'silent', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        const { port, token } = JSON.parse(line) as { port: number; token: string };
        resolve({ child, base: `http://127.0.0.1:${port}`, token });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`file server exited (${code}): ${err}`)));
  });
}

async function post(run: Running, name: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${run.base}/file-manager-service/api/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${name} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function chunk(run: Running, uploadId: string, id: number, data: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append('upload_id', uploadId);
  form.append('chunk_id', String(id));
  form.append('data', new Blob([data as Uint8Array<ArrayBuffer>]), 'blob');
  const res = await fetch(`${run.base}/file-manager-service/api/v1/uploadChunk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${run.token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`chunk ${id} → ${res.status} ${await res.text()}`);
}

describe(`a server killed between chunks resumes to a byte-identical file (${testDriver()})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-crash-'));
  let dbUrl: string | undefined;
  let dbName: string | undefined;
  let run: Running | undefined;
  beforeAll(async () => {
    if (testDriver() === 'postgres') {
      const admin = process.env.TEST_DATABASE_URL!;
      dbName = `kalkulus_crash_${randomBytes(4).toString('hex')}`;
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`create database "${dbName}"`);
      await c.end();
      const u = new URL(admin);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
    } else {
      // The subject is the restart after a kill, not a new installation: the server opens a migrated copy.
      await seedEmbeddedDatabase(path.join(dataDir, 'pg'));
    }
  });
  afterAll(async () => {
    run?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.end();
    }
  });

  it('SIGKILL after chunk 0, restart, uploadStatus, send the rest, complete', async () => {
    const size = 3 * CHUNK_SETTING + 777;
    const bytes = pattern(size, 3);
    run = await startServer(dataDir, dbUrl);
    const created = (await post(run, 'createUpload', { name: 'после сбоя.bin', type: 'documents', size, sha256: sha256(bytes) })) as {
      upload_id: string;
      chunk_size: number;
      chunks: number;
    };
    const part = (i: number) => bytes.subarray(i * created.chunk_size, Math.min(size, (i + 1) * created.chunk_size));
    await chunk(run, created.upload_id, 0, part(0));
    run.child.kill('SIGKILL');
    await new Promise((r) => run!.child.once('exit', r));

    run = await startServer(dataDir, dbUrl);
    const status = (await post(run, 'uploadStatus', { upload_id: created.upload_id })) as { received: number[]; chunks: number };
    expect(status.received).toEqual([0]);
    for (let i = 0; i < status.chunks; i++) if (!status.received.includes(i)) await chunk(run, created.upload_id, i, part(i));
    const done = (await post(run, 'completeUpload', { upload_id: created.upload_id })) as { object: FileObj };
    expect(done.object.sha256).toBe(sha256(bytes));
    const res = await fetch(`${run.base}/file-manager-service/api/v1/file/${done.object.id}`, {
      headers: { authorization: `Bearer ${run.token}` },
    });
    const back = Buffer.from(await res.arrayBuffer());
    expect(back.length).toBe(size);
    expect(back.equals(bytes)).toBe(true);
  }, 120_000);
});

describe.each<StoreKind>(['disk', 's3'])(`the upload sweeper on %s (${testDriver()})`, (store) => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  beforeAll(async () => {
    h = await createHarness(store, { UPLOAD_IDLE_HOURS: '24' });
    ctx = h.ctx;
    [a] = (await users(ctx, 1)) as [TestUser];
  });
  afterAll(async () => {
    await h.close();
  });

  const count = async (table: string) =>
    ((await ctx.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  it('removes an upload idle for longer than UPLOAD_IDLE_HOURS and leaves no orphan blob', async () => {
    const bytes = Buffer.from('брошенная загрузка');
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'брошен.txt', type: 'documents', size: bytes.length * 2 });
    const sent = await sendChunk(ctx, a, created.upload_id, 0, Buffer.concat([bytes, bytes]));
    expect(sent.status).toBe(200);
    const [row] = ((await ctx.db.execute(`select blob_key from files_upload_chunks where upload_id = '${created.upload_id}'` as never)) as unknown as {
      rows: { blob_key: string }[];
    }).rows;
    const key = row!.blob_key;
    expect(await ctx.blobs.stat(key)).not.toBeNull();

    // A crash after a blob was written but before its row: journalled, never referenced.
    const orphan = `uploads/${created.upload_id}/9-deadbeef`;
    await notePending(ctx.db, [orphan]);
    await ctx.blobs.put(orphan, Buffer.from('orphan'));

    // Not idle yet: nothing goes.
    expect(await sweepUploads(ctx, new Date(Date.now() + 23 * 3600_000))).toEqual({ uploads: 0, blobs: 0, trash: 0 });
    expect(await ctx.blobs.stat(key)).not.toBeNull();

    const swept = await sweepUploads(ctx, new Date(Date.now() + 25 * 3600_000));
    expect(swept).toEqual({ uploads: 1, blobs: 1, trash: 0 });
    expect(await ctx.blobs.stat(key)).toBeNull();
    expect(await ctx.blobs.stat(orphan)).toBeNull();
    expect(await count('files_pending_blobs')).toBe(0);
    expect(await count('files_upload_chunks')).toBe(0);
    expect((await call(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).status).toBe(404);
  });

  it('keeps a live upload that was touched recently', async () => {
    const created = await ok<{ upload_id: string }>(ctx, a, 'createUpload', { name: 'живой.txt', type: 'documents', size: 3 });
    expect((await sweepUploads(ctx)).uploads).toBe(0);
    expect((await call(ctx, a, 'uploadStatus', { upload_id: created.upload_id })).status).toBe(200);
  });
});
