// Throughput of JSON calls against a baseline in the same run: keep-alive client that reads and parses
// every answer (as the browser's client does), a signed-in user, interleaved rounds, medians and spread.
import http from 'node:http';
import os from 'node:os';
import { median } from '../lib.mjs';

/** A keep-alive JSON client of the server on `port`: `post` answers the parsed body (throws unless 200 and ok). */
export function jsonClient(port, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const post = (path, body, headers = {}) =>
    new Promise((resolve, reject) => {
      const data = typeof body === 'string' ? body : JSON.stringify(body);
      const req = http.request(
        { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let json;
            try {
              json = JSON.parse(text);
            } catch {
              return reject(new Error(`${path}: ${res.statusCode} not JSON: ${text.slice(0, 200)}`));
            }
            if (res.statusCode !== 200 || json.ok === false) reject(new Error(`${path} ${data.slice(0, 200)}: ${res.statusCode} ${text.slice(0, 300)}`));
            else resolve(json);
          });
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { post, close: () => agent.destroy() };
}

/** Registers a fresh user; answers the headers a signed-in browser call carries (bearer token). */
export async function signedIn(client, label) {
  const login = `bench-${label}-${process.pid}@example.ru`;
  const r = await client.post('/auth-back/api/v2/register', { login, password: 'Пароль-для-бенчмарка-1' });
  if (typeof r.accessToken !== 'string') throw new Error('register: no accessToken');
  return { authorization: `Bearer ${r.accessToken}` };
}

/** Requests per second of `fn` with `concurrency` workers for `seconds`. */
export async function rps(fn, seconds, concurrency) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await fn();
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - t0) / 1000);
}

/**
 * Runs every case (name → async fn) for `seconds` per round, `rounds` rounds, the order reversed every other
 * round, after a short warm-up; prints req/s medians, each round's figures and the ratio to `baseline`, and the
 * load average over the run. Answers the medians by name.
 */
export async function compareRps(cases, { baseline, rounds, seconds, concurrency, goal = '' }) {
  const names = Object.keys(cases);
  for (const n of names) await rps(cases[n], Math.min(0.7, seconds), concurrency);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  const loads = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const n of order) results[n].push(await rps(cases[n], seconds, concurrency));
    loads.push(os.loadavg()[0]);
  }
  const base = median(results[baseline]);
  const medians = {};
  const width = Math.max(...names.map((n) => n.length)) + 2;
  for (const n of names) {
    const m = median(results[n]);
    medians[n] = m;
    const spread = `${Math.min(...results[n]).toFixed(0)}–${Math.max(...results[n]).toFixed(0)}`;
    console.log(`${n.padEnd(width)} ${m.toFixed(0).padStart(6)} req/s  ${(m / base).toFixed(2)}× baseline  (rounds ${results[n].map((x) => x.toFixed(0)).join(', ')}; spread ${spread})`);
  }
  console.log(`load average (1 min) after each round: ${loads.map((x) => x.toFixed(2)).join(', ')}; ${rounds} interleaved rounds × ${seconds} s, ${concurrency} connections`);
  if (goal) console.log(goal);
  return medians;
}
