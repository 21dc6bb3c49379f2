// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from '@playwright/test';
import { assembleImage } from '@/scripts/assemble-image.mjs';
import { buildIsFresh, root } from '@/scripts/lib/build.mjs';
import { ensureChromium } from '@/scripts/lib/chromium.mjs';
import { freePort } from '@/scripts/lib/free-port.mjs';
import { testDriver } from '../../helpers/db';
import { heldChunk, stopProcess, waitReady } from '../../helpers/server-process';
import { waitUntil } from '../../helpers/wait-until';
import { SseReader } from '../noty/sse';

/** The runtime stage of the Dockerfile: its ENV, its CMD and what it copies from the build stage. */
function runtimeStage() {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stage = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of stage.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
  }
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(stage)![1]!) as string[];
  const workdir = /^WORKDIR (\S+)$/m.exec(stage)![1]!;
  const copies = [...stage.matchAll(/^COPY --from=build (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]);
  const user = /^USER (\S+)$/m.exec(stage)![1]!;
  return { env, cmd, workdir, copies, user };
}

// The image's tree is assembled from the production build (the test suite builds first); once, on PGlite —
// the image's default database.
const runs = testDriver() === 'pglite' && buildIsFresh();

/**
 * The container image without a container engine: the same tree the Dockerfile's build stage assembles
 * (scripts/assemble-image.mjs), started as its runtime stage starts it — the CMD, the ENV, the working
 * directory, an unprivileged user, an empty DATA_DIR — and a short smoke run against it.
 */
describe.runIf(runs)('the container image, started as its CMD (standalone tree, non-root)', () => {
  const stage = runtimeStage();
  let tmp = '';
  let app = '';
  let server: ChildProcess | undefined;
  let base = '';
  let stderr = '';
  let accessToken = '';
  const login = `image-${randomBytes(4).toString('hex')}@example.ru`;
  const password = `Пароль-${randomBytes(6).toString('hex')}`;
  // The image's user is `node` (uid 1000 in the official images); here any unprivileged uid will do.
  const uid = process.getuid?.() === 0 ? 65534 : undefined;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-image-'));
    fs.chmodSync(tmp, 0o755);
    app = path.join(tmp, 'app');
    expect(stage.copies).toEqual([['/out/', './']]);
    expect(assembleImage(app)).toEqual([]);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    if (uid !== undefined) {
      fs.chownSync(dataDir, uid, uid);
      fs.chownSync(path.join(app, '.next', 'cache'), uid, uid);
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const [command, ...args] = stage.cmd;
    expect(command).toBe('node');
    const argv = uid === undefined ? [process.execPath, ...args] : ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', process.execPath, ...args];
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: app,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Only the image's environment (nothing of this machine's), with the port and the volume of this run.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmp, ...stage.env, PORT: String(port), DATA_DIR: dataDir } as unknown as NodeJS.ProcessEnv,
    });
    server = child;
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    await waitReady(base, child);
  }, 120_000);

  afterAll(async () => {
    if (server) await stopProcess(server);
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('runs without the repository: its own tree, an unprivileged user, production', () => {
    expect(stage.workdir).toBe('/app');
    expect(stage.user).toBe('node');
    expect(stage.env).toMatchObject({ NODE_ENV: 'production', DATA_DIR: '/data' });
    // No sources, no dev dependencies in the tree.
    for (const absent of ['app', 'components', 'tests', 'node_modules/typescript', 'node_modules/vitest', 'node_modules/@playwright', 'node_modules/drizzle-kit']) {
      expect(fs.existsSync(path.join(app, absent)), absent).toBe(false);
    }
    if (uid !== undefined) {
      const status = fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8');
      expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(uid));
    }
    // The embedded database lives in the volume.
    expect(fs.existsSync(path.join(tmp, 'data', 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('answers health, ready and a page with its assets', async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { database: 'ok', storage: 'ok' } });
    const page = await fetch(`${base}/auth`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Калькулус');
    const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(`${base}${asset}`)).status).toBe(200);
  });

  it('registers, serves a signed-in call, takes an upload through the fast path and gives the same bytes back', async () => {
    const reg = await fetch(`${base}/auth-back/api/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    expect(reg.status).toBe(200);
    ({ accessToken } = (await reg.json()) as { accessToken: string });
    const auth = { authorization: `Bearer ${accessToken}` };
    const call = async <T>(name: string, input: unknown): Promise<T> => {
      const res = await fetch(`${base}/file-manager-service/api/v1/${name}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as T;
    };
    await call('listObjects', { type: 'documents' });

    const bytes = randomBytes(300_000);
    const created = await call<{ upload_id: string; chunks: number }>('createUpload', {
      name: 'образ.bin',
      type: 'documents',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(created.chunks).toBe(1);
    const form = new FormData();
    form.append('upload_id', created.upload_id);
    form.append('chunk_id', '0');
    form.append('data', new Blob([bytes]), 'blob');
    const chunk = await fetch(`${base}/file-manager-service/api/v1/uploadChunk`, { method: 'POST', headers: auth, body: form });
    expect(chunk.status, await chunk.clone().text()).toBe(200);
    const done = await call<{ object: { id: string } }>('completeUpload', { upload_id: created.upload_id });
    const file = await fetch(`${base}/file-manager-service/api/v1/file/${done.object.id}?download=1`, { headers: auth });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('in a browser: signs in through the form and opens the uploaded file in «Мои документы», with no console error', async () => {
    const browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      const page = await browser.newPage({ baseURL: base });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/documents');
      await page.waitForURL(/\/auth\?next=%2Fdocuments$/);
      await page.getByRole('button', { name: 'Вход', exact: true }).click();
      await page.getByLabel('Почта').fill(login);
      await page.getByLabel('Пароль', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.waitForURL(/\/documents$/);
      await page.getByRole('heading', { name: 'Мои документы', level: 1 }).waitFor();
      await page.getByText('образ.bin').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('stops on SIGTERM: takes no new connection, finishes the request in flight, ends the streams, closes the database, exits 0', async () => {
    const res = await fetch(`${base}/noty/api/v1/stream`, { headers: { cookie: `accessToken=${accessToken}` } });
    expect(res.status).toBe(200);
    const stream = new SseReader(res.body!);
    expect((await stream.next())?.comment).toBe('connected');
    const bytes = randomBytes(200_000);
    const created = await fetch(`${base}/file-manager-service/api/v1/createUpload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'при-остановке.bin', type: 'documents', size: bytes.length }),
    });
    const { upload_id: uploadId } = (await created.json()) as { upload_id: string };
    const held = heldChunk(base, accessToken, uploadId, 0, bytes);
    // The request is in flight once the server has started on it: its checks passed, the chunk's bytes go into
    // the upload's file on the volume (made by the first chunk's first bytes).
    const uploadFile = path.join(tmp, 'data', 'blobs', 'uploads', uploadId, 'data');
    await waitUntil(() => fs.existsSync(uploadFile), { what: 'the server to start writing the held chunk' });

    const started = performance.now();
    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    process.kill(-server!.pid!, 'SIGTERM');
    // The stream ends (the browser reconnects elsewhere) and no new connection is taken.
    let e = await stream.next();
    while (e) e = await stream.next();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    // The request in flight still gets its answer.
    held.finish();
    const answer = await held.response;
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(Number(stage.env.SHUTDOWN_GRACE_SECONDS ?? 10) * 1000);
    // Nothing went wrong, the stop included. A warm-up request that took longer than the warm-up waits for one
    // (30 s: a cold start on a machine busy with other work) is a report of this machine's speed, not a fault.
    expect(stderr.replace(/^\S+ WARN warm-up: \S+ \S+ answered timeout\n/gm, '')).not.toMatch(/ERROR|Error:|WARN/);
    server = undefined;

    // The embedded database was shut down (pg_control: DB_SHUTDOWNED = 1, not 6 = in production), so it opens
    // without recovery, with the chunk received during the stop.
    const pgDir = path.join(tmp, 'data', 'pg');
    expect(fs.readFileSync(path.join(pgDir, 'global', 'pg_control')).readInt32LE(16)).toBe(1);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: pgDir });
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from files_upload_chunks where upload_id = $1', [uploadId]);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
