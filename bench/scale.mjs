// Scale-out on one machine: listObjects requests per second served by one instance against two instances on
// the same PostgreSQL (the same closed-loop load spread over both), in alternating rounds of one run; and the
// latency of a notification sent through one instance to a stream held by the other, against the same
// instance's own stream in the same run. PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// a fresh database is created and dropped.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { call, fmt } from './helpers/files.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OBJECTS = Number(process.env.BENCH_SCALE_OBJECTS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NOTES = Number(process.env.BENCH_NOTES ?? 40);
const KEY = 'bench-scale-noty-key-0123456789';

requireBuild();
const admin = async (sql) => {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};
const dbName = `kalkulus_bench_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
await admin(`create database "${dbName}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const dataDir = tempDataDir('scale');
const servers = [];
const bases = [];
for (let i = 0; i < 2; i++) {
  const port = await freePort();
  bases.push(`http://127.0.0.1:${port}`);
  servers.push(startServer({ port, dataDir: `${dataDir}/${i}`, env: { NODE_ENV: 'production', DATABASE_URL: url.toString(), NOTY_SERVICE_KEY: KEY } }));
}

/** Closed loop: CONNECTIONS workers, each sending its next request as soon as the last is answered; requests/s. */
async function throughput(targets, fn) {
  let n = 0;
  const until = performance.now() + ROUND_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      while (performance.now() < until) {
        await fn(targets[(w + n) % targets.length]);
        n++;
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

/** Opens `base`'s notification stream; `next()` resolves at the next notification event. */
async function openStream(base, token) {
  const res = await fetch(`${base}/noty/api/v1/stream`, { headers: { cookie: `accessToken=${token}` } });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const at = buffer.indexOf('event: notification');
        const end = at >= 0 ? buffer.indexOf('\n\n', at) : -1;
        if (end >= 0) {
          buffer = buffer.slice(end + 2);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function notificationLatency(from, streamBase, token, login) {
  const stream = await openStream(streamBase, token);
  const xs = [];
  try {
    for (let i = 0; i < NOTES; i++) {
      const t = performance.now();
      const arrived = stream.next();
      const sent = await fetch(`${from}/noty/private/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': KEY },
        body: JSON.stringify({ login, kind: 'message', title: `Замер ${i}` }),
      });
      if (sent.status !== 200) throw new Error(`send: ${sent.status}`);
      await arrived;
      xs.push(performance.now() - t);
    }
  } finally {
    await stream.cancel();
  }
  return xs;
}

try {
  // One at a time: the first migrates the database, the second finds it done.
  await waitFor200(`${bases[0]}/api/ready`, performance.now(), 120_000);
  await waitFor200(`${bases[1]}/api/ready`, performance.now(), 120_000);
  const login = `bench-scale-${randomBytes(4).toString('hex')}@example.ru`;
  const reg = await (
    await fetch(`${bases[0]}/auth-back/api/v2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password: 'Пароль-для-бенчмарка-1' }),
    })
  ).json();
  const auth = { authorization: `Bearer ${reg.accessToken}` };
  const folder = (await call(bases[0], auth, 'createFolder', { name: 'Папка', type: 'documents' })).object;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < OBJECTS; i = next++) await call(bases[0], auth, 'createFolder', { name: `Объект ${i}`, root: folder.id });
    }),
  );
  const list = (base) => call(base, auth, 'listObjects', { root: folder.id, sort: 'name' });
  for (const base of bases) for (let i = 0; i < 20; i++) await list(base);

  const one = [];
  const two = [];
  for (let r = 0; r < ROUNDS; r++) {
    one.push(await throughput([bases[0]], list));
    two.push(await throughput(bases, list));
  }
  const oneMed = median(one);
  const twoMed = median(two);
  console.log(`listObjects (page of 100 of ${OBJECTS}), ${CONNECTIONS} connections, ${ROUNDS} × ${ROUND_MS} ms rounds:`);
  console.log(`  one instance   ${fmt(oneMed)} req/s (rounds ${one.map(fmt).join(', ')})`);
  console.log(`  two instances  ${fmt(twoMed)} req/s (rounds ${two.map(fmt).join(', ')})  → ${fmt(twoMed / oneMed)}× one`);

  const same = await notificationLatency(bases[0], bases[0], reg.accessToken, login);
  const across = await notificationLatency(bases[0], bases[1], reg.accessToken, login);
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
  console.log(`notification send → stream event, ${NOTES} each:`);
  console.log(`  same instance     p50 ${fmt(median(same))} ms  p95 ${fmt(p95(same))} ms`);
  console.log(`  across instances  p50 ${fmt(median(across))} ms  p95 ${fmt(p95(across))} ms  → ${fmt(median(across) / median(same))}× same`);
} finally {
  await Promise.all(servers.map(stopServer));
  await admin(`drop database if exists "${dbName}" with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
