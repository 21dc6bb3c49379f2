// Notification delivery: time from `POST /noty/private/send` (start of the request) to the event arriving on
// the user's open stream (`GET /noty/api/v1/stream`), p50 / p99 over BENCH_SAMPLES sends one after another,
// against the trivial gateway call of the same server (POST /api/v1/health, request to answer) in the same run.
// Goal: p99 ≤ 100 ms.
import http from 'node:http';
import { freePort, median, requireBuild, startServer, stopServer, tempDataDir, waitFor200 } from './lib.mjs';
import { fmt } from './helpers/files.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const KEY = 'bench-noty-service-key-0123456789';

requireBuild();
const dataDir = tempDataDir('noty');
const port = await freePort();
const child = startServer({ port, dataDir, env: { NOTY_SERVICE_KEY: KEY } });
const base = `http://127.0.0.1:${port}`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const agent = new http.Agent({ keepAlive: true });

function post(path, body, headers = {}) {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString())) : reject(new Error(`${path}: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Opens the stream; `waitFor(id)` resolves when the event with that id arrives. */
function openStream(token) {
  const waiting = new Map();
  const arrived = new Map();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/noty/api/v1/stream', headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const now = performance.now();
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (!id) continue;
          const w = waiting.get(id);
          if (w) {
            waiting.delete(id);
            w(now);
          } else arrived.set(id, now);
        }
      });
      resolve({
        waitFor: (id) => (arrived.has(id) ? Promise.resolve(arrived.get(id)) : new Promise((r) => waiting.set(id, r))),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

try {
  await waitFor200(`${base}/api/ready`, performance.now());
  const login = `bench-noty-${Date.now().toString(36)}@example.ru`;
  const { accessToken } = await post('/auth-back/api/v2/register', { login, password: 'Пароль-для-бенчмарка-1' });
  const stream = await openStream(accessToken);
  const send = (i) => post('/noty/private/send', { login, kind: 'bench', title: `Уведомление ${i}` }, { 'x-service-key': KEY });
  const health = () => post('/api/v1/health', {});
  for (let i = 0; i < 30; i++) {
    await health();
    const { id } = await send(i);
    await stream.waitFor(String(id));
  }
  const trivial = [];
  const delivery = [];
  for (let i = 0; i < SAMPLES; i++) {
    let t = performance.now();
    await health();
    trivial.push(performance.now() - t);
    t = performance.now();
    const { id } = await send(i);
    delivery.push((await stream.waitFor(String(id))) - t);
  }
  stream.close();
  const h = { p50: median(trivial), p99: pct(trivial, 99) };
  const d = { p50: median(delivery), p99: pct(delivery, 99) };
  console.log(`trivial call (POST /api/v1/health)  p50 ${fmt(h.p50)} ms  p99 ${fmt(h.p99)} ms`);
  console.log(`send → event on the open stream     p50 ${fmt(d.p50)} ms  p99 ${fmt(d.p99)} ms  (${fmt(d.p50 / h.p50)}× / ${fmt(d.p99 / h.p99)}× the trivial call; goal p99 ≤ 100 ms)`);
} finally {
  agent.destroy();
  await stopServer(child);
}
