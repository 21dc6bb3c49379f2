// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/server/db/client';
import { rotateSigningKey } from '@/lib/server/services/auth/keys';
import { ensureBucket } from '@/lib/server/storage/s3';
import { buildIsFresh, root } from '@/scripts/lib/build.mjs';
import { freePort } from '@/scripts/lib/free-port.mjs';
import { heldChunk, stopProcess, waitReady } from '../../helpers/server-process';
import { waitUntil } from '../../helpers/wait-until';
import { SseReader } from '../noty/sse';
import { startS3rverWithMultipart, type S3rverWithMultipart } from '../storage/s3rver-multipart';

const KEY = 'multi-instance-noty-key-0123456789';
const METRICS_TOKEN = 'multi-instance-metrics-token-0123';
const BUCKET = 'kalkulus-multi';
// Two processes of the production build (the suite builds first) on one PostgreSQL and one S3. The subject is
// the PostgreSQL installation itself, so the file runs once (vitest.config.mts keeps it out of the pg project).
const runs = Boolean(process.env.TEST_DATABASE_URL) && buildIsFresh();

type Json = Record<string, unknown>;

/**
 * Two instances behind one balancer share everything: a session, an upload, notifications, rate-limit counters
 * and signing keys cross from one process to the other; each serves its own metrics; readiness follows the
 * database and the store.
 */
describe.runIf(runs)('two server processes on one PostgreSQL and one S3', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `kalkulus_multi_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-multi-'));
  const servers: ChildProcess[] = [];
  let s3: S3rverWithMultipart | undefined;
  let dbUrl = '';
  let A = '';
  let B = '';
  let stderr = '';
  const stdout = ['', ''];
  const login = `multi-${randomBytes(4).toString('hex')}@example.ru`;
  const password = `Пароль-${randomBytes(6).toString('hex')}`;
  let session = { accessToken: '', refreshToken: '' };
  let stream: SseReader | undefined;

  const admin = async (sql: string) => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const post = async (base: string, call: string, body: Json, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const auth = (base: string, call: string, body: Json = {}) => post(base, `/auth-back/api/v2/${call}`, body);
  const files = async (base: string, call: string, body: Json) => {
    const a = await post(base, `/file-manager-service/api/v1/${call}`, body, { authorization: `Bearer ${session.accessToken}` });
    expect(a.status, `${call}: ${JSON.stringify(a.body)}\n${stderr.slice(-3000)}`).toBe(200);
    return a.body;
  };
  const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

  beforeAll(async () => {
    await admin(`create database "${dbName}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    s3 = await startS3rverWithMultipart(path.join(tmp, 's3'));
    const s3Vars = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
    await ensureBucket({ endpoint: s3.endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    const bases: string[] = [];
    for (const [i, extra] of [{ METRICS_TOKEN }, {}].entries()) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      const child = spawn(process.execPath, [path.join(root, 'server.mjs')], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(tmp, `data-${i}`),
          DATABASE_URL: dbUrl,
          ...s3Vars,
          NOTY_SERVICE_KEY: KEY,
          AUTH_KEYS_RELOAD_SECONDS: '1',
          LOG_LEVEL: 'silent', // errors are still written: a call that fails shows the server's reason
          NEXT_TELEMETRY_DISABLED: '1',
          ...extra,
        },
      });
      child.stderr!.on('data', (d: Buffer) => (stderr += `[${i === 0 ? 'A' : 'B'}] ${d.toString()}`));
      child.stdout!.on('data', (d: Buffer) => (stdout[i] += d.toString()));
      servers.push(child);
    }
    [A, B] = bases as [string, string];
    await Promise.all(bases.map((b, i) => waitReady(b, servers[i])));
  }, 120_000);

  afterAll(async () => {
    await stream?.cancel();
    await Promise.all(servers.map(stopProcess));
    await s3?.close().catch(() => undefined);
    await admin(`drop database if exists "${dbName}" with (force)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a user signed in on A refreshes on B and is known on both', async () => {
    expect((await auth(A, 'register', { login, password })).status).toBe(200);
    const signed = await auth(A, 'login', { login, password });
    expect(signed.status).toBe(200);
    const refreshed = await auth(B, 'regenerateTokens', { refreshToken: signed.body.refreshToken });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    session = { accessToken: refreshed.body.accessToken as string, refreshToken: refreshed.body.refreshToken as string };
    for (const base of [A, B]) {
      const me = await post(base, '/auth-back/api/v2/getUserInfo', {}, { authorization: `Bearer ${session.accessToken}` });
      expect(me.status).toBe(200);
      expect(JSON.stringify(me.body)).toContain(login);
    }
  });

  it('a notification sent through A arrives on the stream held by B within a second', async () => {
    const res = await fetch(`${B}/noty/api/v1/stream`, { headers: { cookie: `accessToken=${session.accessToken}`, 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    stream = new SseReader(res.body!);
    expect((await stream.next())?.comment).toBe('connected');
    const started = performance.now();
    const sent = await post(A, '/noty/private/send', { login, kind: 'message', title: 'Через другой экземпляр' }, { 'x-service-key': KEY });
    expect(sent.status).toBe(200);
    const got = await stream.notification(1000);
    expect(got.id).toBe(String(sent.body.id));
    expect(got.data).toMatchObject({ title: 'Через другой экземпляр', read_at: null });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an upload whose chunks alternate between A and B completes to the same bytes; A counts it in its metrics', async () => {
    const bytes = randomBytes(10_000_007);
    const created = await files(A, 'createUpload', {
      name: 'через-два-экземпляра.bin',
      type: 'documents',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const size = created.chunk_size as number;
    expect(created.chunks).toBe(2);
    const part = (i: number) => bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size));
    // Created on A, the first chunk to B, the second to A — held in flight while A's metrics are read —,
    // completed on B, downloaded from A.
    const first = heldChunk(B, session.accessToken, created.upload_id as string, 0, part(0));
    first.finish();
    expect((await first.response).status).toBe(200);
    const held = heldChunk(A, session.accessToken, created.upload_id as string, 1, part(1));
    const scrape = async () => (await fetch(`${A}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    // In flight once A has the request (its head and half its body are on the way).
    const during = await waitUntil(async () => {
      const text = await scrape();
      return text.includes('kalkulus_upload_chunks_in_flight 1') && text;
    }, { what: "A's metrics to count the held chunk" });
    expect(during).toContain('kalkulus_uploads_open 1');
    held.finish();
    expect((await held.response).status).toBe(200);

    const done = await files(B, 'completeUpload', { upload_id: created.upload_id });
    const id = (done.object as { id: string }).id;
    const file = await fetch(`${A}/file-manager-service/api/v1/file/${id}?download=1`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const text = await scrape();
    const count = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
    expect(count(/^kalkulus_http_requests_total\{method="POST",route="\/file-manager-service\/api\/v1\/uploadChunk",status="200"\} (\d+)$/m)).toBe(1);
    expect(count(/^kalkulus_http_requests_total\{method="GET",route="\/file-manager-service\/api\/v1\/file\/:id",status="200"\} (\d+)$/m)).toBe(1);
    expect(text).toMatch(/^kalkulus_http_request_duration_seconds_bucket\{route="\/auth-back\/api\/v2\/register",le="\+Inf"\} 1$/m);
    expect(text).toMatch(/^kalkulus_http_request_duration_seconds_count\{route="\/file-manager-service\/api\/v1\/file\/:id"\} 1$/m);
    expect(text).toContain('kalkulus_upload_chunks_in_flight 0');
    expect(text).toContain('kalkulus_uploads_open 0');
    expect(text).toContain('kalkulus_db_pool_max 10');
    expect(count(/^kalkulus_db_pool_connections (\d+)$/m)).toBeGreaterThan(0);
    // No raw ids among the routes.
    expect(text).not.toContain(id);
  });

  it('each instance warmed itself up once listening: every request answered 200, none counted in its metrics', async () => {
    await waitUntil(() => stdout.every((out) => /> Warmed up in \d+ ms/.test(out)), { what: 'both instances to report their warm-up' });
    // Refused by none (a warm-up request that took longer than the 30 s it is waited for is this machine's speed).
    expect(stderr.replace(/^(\[[AB]\] )?\S+ WARN warm-up: \S+ \S+ answered timeout\n/gm, '')).not.toContain('warm-up');
    const text = await (await fetch(`${A}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).not.toMatch(/route="\/auth"/);
    expect(text).not.toMatch(/route="\/api\/v1\/calculators\/run"/);
  });

  it('metrics: 401 without the token, 404 where no token is set', async () => {
    expect((await fetch(`${A}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${A}/api/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);
    const none = await fetch(`${B}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('a signing key rotated on the shared database (what `npm run auth:keys -- rotate` does) signs on A and B within their reload interval', async () => {
    const before = session.accessToken;
    const shared = await openDatabase({ driver: 'postgres', url: dbUrl, max: 1 });
    const kid = await rotateSigningKey(shared.db).finally(() => shared.close());
    // Each reads the keys again once its loaded set is older than AUTH_KEYS_RELOAD_SECONDS (1 s here).
    for (const base of [A, B]) {
      await waitUntil(async () => (await auth(base, 'getPublicKey')).body.kid === kid, { what: `${base} to sign with the rotated key`, intervalMs: 100 });
    }
    // A signs with the new key; B accepts the token; the token signed before the rotation still works on B.
    const next = await auth(A, 'regenerateTokens', { refreshToken: session.refreshToken });
    expect(next.status).toBe(200);
    session = { accessToken: next.body.accessToken as string, refreshToken: next.body.refreshToken as string };
    expect(kidOf(session.accessToken)).toBe(kid);
    expect(kidOf(before)).not.toBe(kid);
    for (const token of [session.accessToken, before]) {
      expect((await post(B, '/auth-back/api/v2/getUserInfo', {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    }
  });

  it('signing out through A ends the stream held by B', async () => {
    const out = await post(A, '/auth-back/api/v2/logout', {}, { authorization: `Bearer ${session.accessToken}` });
    expect(out.status).toBe(200);
    let e = await stream!.next();
    while (e && e.event !== 'end') e = await stream!.next();
    expect(e?.event).toBe('end');
  });

  it('wrong passwords count across A and B: after five from one address, the sixth attempt waits on either', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await auth(i % 2 ? B : A, 'login', { login, password: `неверный-${i}` });
      expect(wrong.status).toBe(401);
    }
    for (const base of [A, B]) {
      const refused = await auth(base, 'login', { login, password });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    }
  });

  it('/api/ready follows the store and the database', async () => {
    await s3!.close();
    s3 = undefined;
    const noStore = await fetch(`${B}/api/ready`);
    expect(noStore.status).toBe(503);
    expect(await noStore.json()).toMatchObject({ ok: false, code: 'NOT_READY', checks: { database: 'ok', storage: 'fail' } });
    await admin(`drop database "${dbName}" with (force)`);
    const noDb = await fetch(`${A}/api/ready`);
    expect(noDb.status).toBe(503);
    expect(await noDb.json()).toMatchObject({ ok: false, checks: { database: 'fail', storage: 'fail' } });
    // Liveness does not depend on either.
    expect((await fetch(`${A}/api/health`)).status).toBe(200);
    expect(stderr).not.toMatch(/TypeError|ReferenceError/);
  });
});
