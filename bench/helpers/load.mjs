// Helpers of the throughput benchmarks: N keep-alive connections hammering one request for a while, the load
// average of the machine, and a fresh PostgreSQL database for a run on PostgreSQL.
import http from 'node:http';
import os from 'node:os';

/** The p-th percentile of `xs` (nearest rank). */
export const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/** One request; resolves with its status code once the body is read (the body is discarded). */
export function request(agent, port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `concurrency` loops, each sending `next()`'s request and waiting for the answer, for `seconds`.
 * `next` returns a request (or a name and a request, to count per name). Anything but 200 is an error.
 */
export async function hammer({ agent, port, seconds, concurrency, next }) {
  const until = performance.now() + seconds * 1000;
  const latencies = [];
  const byName = new Map();
  let errors = 0;
  let firstError = '';
  const worker = async () => {
    while (performance.now() < until) {
      const picked = next();
      const [name, req] = Array.isArray(picked) ? picked : ['', picked];
      const t = performance.now();
      let status = 0;
      try {
        status = await request(agent, port, req);
      } catch (err) {
        firstError ||= String(err);
      }
      const ms = performance.now() - t;
      latencies.push(ms);
      const n = byName.get(name) ?? { count: 0, latencies: [] };
      n.count++;
      n.latencies.push(ms);
      byName.set(name, n);
      if (status !== 200) {
        errors++;
        firstError ||= `${req.method ?? 'GET'} ${req.path}: ${status}`;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  return { rps: latencies.length / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), errors, firstError, byName, elapsed };
}

/** `1-min load average` of the machine, formatted. */
export const loadAvg = () => os.loadavg()[0].toFixed(1).replace('.', ',');

/**
 * A fresh database on the PostgreSQL server of `BENCH_PG_URL` (default postgres://postgres@127.0.0.1:5432):
 * its URL and a function that drops it. Null when the server does not answer (the run then covers PGlite only).
 */
export async function freshPostgres(name) {
  const server = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL at ${server} does not answer (${err.message}): PGlite only`);
    return null;
  }
  const db = `bench_${name}_${process.pid}`;
  await admin.query(`drop database if exists ${db}`);
  await admin.query(`create database ${db}`);
  await admin.end();
  return {
    url: `${server}/${db}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${server}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${db} with (force)`).catch(() => c.query(`drop database if exists ${db}`));
      await c.end();
    },
  };
}

/** The databases a run covers: PGlite, and PostgreSQL unless `BENCH_DB=pglite` (`BENCH_DB=postgres`: that one only). */
export const wantedDatabases = () => {
  const only = process.env.BENCH_DB;
  return ['pglite', 'postgres'].filter((d) => !only || only === d);
};

export const n0 = (x) => Math.round(x).toLocaleString('ru-RU');
export const ms = (x) => x.toFixed(1).replace('.', ',');
