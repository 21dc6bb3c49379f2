// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsFresh, root } from '@/scripts/lib/build.mjs';
import { freePort } from '@/scripts/lib/free-port.mjs';
import { testDriver } from '../../helpers/db';
import { stopProcess, waitReady } from '../../helpers/server-process';
import { SseReader } from './sse';

const KEY = 'noty-two-servers-key-0123456789';
// Two real processes of the production build (server.mjs → Next) on one PostgreSQL: the build must be there
// and fresh (the test suite builds first); on PGlite there is one process by design.
const runs = testDriver() === 'postgres' && buildIsFresh();

/**
 * Several server processes on one PostgreSQL: a notification sent through one process reaches a stream held
 * by the other within a second (LISTEN/NOTIFY on each process's own connection), through the project's own
 * server entry and Next, uncompressed and unbuffered.
 */
describe.runIf(runs)('notifications across two server processes (postgres)', () => {
  const servers: ChildProcess[] = [];
  const ports: number[] = [];
  let dbName = '';
  let dataDir = '';

  const adminUrl = () => process.env.TEST_DATABASE_URL!;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: adminUrl() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    dbName = `kalkulus_noty_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(`create database "${dbName}"`);
    const url = new URL(adminUrl());
    url.pathname = `/${dbName}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-noty-'));
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      ports.push(port);
      servers.push(
        spawn(process.execPath, [path.join(root, 'server.mjs')], {
          cwd: root,
          detached: true,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(dataDir, String(i)),
            DATABASE_URL: url.toString(),
            NOTY_SERVICE_KEY: KEY,
            LOG_LEVEL: 'silent',
            NEXT_TELEMETRY_DISABLED: '1',
          },
        }),
      );
    }
    await Promise.all(ports.map((port) => waitReady(`http://127.0.0.1:${port}`)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopProcess));
    if (dbName) await admin(`drop database if exists "${dbName}" with (force)`);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a notification sent through one process arrives on the other’s stream within a second', async () => {
    const [one, two] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const login = `two-${randomBytes(4).toString('hex')}@example.ru`;
    const reg = await fetch(`${one}/auth-back/api/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password: `Пароль-${randomBytes(4).toString('hex')}` }),
    });
    const { accessToken } = (await reg.json()) as { accessToken: string };
    expect(reg.status).toBe(200);

    // The stream on process two, signed in with the cookie as a browser's EventSource is.
    const res = await fetch(`${two}/noty/api/v1/stream`, { headers: { cookie: `accessToken=${accessToken}`, 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const stream = new SseReader(res.body!);
    try {
      expect((await stream.next(5000))?.comment).toBe('connected');
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const sent = await fetch(`${one}/noty/private/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': KEY },
          body: JSON.stringify({ login: '', kind: 'message', title: `Через другой процесс ${i}` }),
        });
        expect(sent.status).toBe(422); // `login` empty: judged after the key
        const ok = await fetch(`${one}/noty/private/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': KEY },
          body: JSON.stringify({ login, kind: 'message', title: `Через другой процесс ${i}` }),
        });
        const { id } = (await ok.json()) as { id: number };
        const got = await stream.notification(1000);
        expect(got.id).toBe(String(id));
        expect(got.data).toMatchObject({ title: `Через другой процесс ${i}`, read_at: null });
        expect(performance.now() - started).toBeLessThan(1000);
      }
      // Signing out through process one closes the stream held by process two.
      const out = await fetch(`${one}/auth-back/api/v2/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: '{}',
      });
      expect(out.status).toBe(200);
      let e = await stream.next(1000);
      while (e && e.event !== 'end') e = await stream.next(1000);
      expect(e?.event).toBe('end');
    } finally {
      await stream.cancel();
    }
  });
});
