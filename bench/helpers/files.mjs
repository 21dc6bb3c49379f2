// Helpers of the file-manager benchmarks: a signed-up user, the file-manager upload protocol over HTTP, RSS of a process group.
import fs from 'node:fs';
import http from 'node:http';

export const MiB = 1024 * 1024;
export const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** Registers a user through the real auth call; returns its bearer header. */
export async function signUp(base) {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.ru`;
  const res = await fetch(`${base}/auth-back/api/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ login: email, password: 'Пароль-для-бенчмарка-1' }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`register: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.accessToken}` };
}

export async function call(base, auth, name, body) {
  const res = await fetch(`${base}/file-manager-service/api/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...auth },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * POSTs one multipart chunk (upload_id, chunk_id, data) with node:http, the data written from `source`
 * (a Buffer reused for every chunk, so the client side allocates nothing per chunk).
 */
export function postChunk({ port, path, headers = {}, uploadId, chunkId, source, length }) {
  const boundary = '----kalkulusbench' + chunkId;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload_id"\r\n\r\n${uploadId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk_id"\r\n\r\n${chunkId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          ...headers,
          origin: `http://127.0.0.1:${port}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + length + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`chunk ${chunkId}: ${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.write(head);
    for (let off = 0; off < length; off += source.length) req.write(source.subarray(0, Math.min(source.length, length - off)));
    req.end(tail);
  });
}

/** The upload protocol's chunk plan (lib/domain/files/chunk-plan.ts). */
export function plan(size) {
  const chunks = Math.max(1, Math.floor(size / 5_000_000));
  return { chunks, chunkSize: Math.ceil(size / chunks) };
}

/** Resident set of every process in the group of `pid` (bytes), from /proc. */
export function groupRss(pid) {
  let total = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pid) continue; // pgrp
      const status = fs.readFileSync(`/proc/${name}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total += kb * 1024;
    } catch {
      /* process gone */
    }
  }
  return total;
}

/** Samples the group's RSS every 25 ms while `fn` runs; returns fn's result and the peak. */
export async function withPeakRss(pid, fn) {
  let peak = groupRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRss(pid));
  }, 25);
  try {
    const result = await fn();
    peak = Math.max(peak, groupRss(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

export const mib = (b) => (b / MiB).toFixed(1);
export const fmt = (n) => n.toFixed(2).replace('.', ',');
