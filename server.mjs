// The project's HTTP server: `npm start` runs it (scripts/start.mjs), and so does a container after `next build`
// (`node server.mjs`, PORT and HOST from the environment); `node server.mjs --dev` serves the development build.
// Every request goes to Next, except the calls the app serves before Next (see requestListener).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createAppServer } from './server-limits.mjs';
import { createMetrics, METRICS } from './server-metrics.mjs';
import { warmUp, WARM_UP_REQUESTS } from './server-warm-up.mjs';

/** Private header carrying the TCP peer's address (read by lib/server/client-ip.ts); a client's copy is overwritten. */
export const PEER_HEADER = 'x-kalkulus-peer';

/**
 * Where the app puts its `uploadChunk` handler when it starts (lib/server/gateway/upload-fast-path.ts, from
 * instrumentation.ts): `{ takes(req): boolean, serve(req, res): Promise<void> }`. The handler lives in the
 * app's build; this file only routes to it.
 */
export const UPLOAD_CHUNK = Symbol.for('kalkulus.uploadChunk');

/**
 * The same for the embedded services' JSON calls (`POST`, lib/server/gateway/call-fast-path.ts): served before
 * Next with the checks and headers Next and proxy.ts would give them.
 */
export const SERVICE_CALL = Symbol.for('kalkulus.serviceCall');

/**
 * The same for the zip download (`GET`/`HEAD …/files?ids=`, lib/server/gateway/zip-fast-path.ts): the archive
 * streams from storage through yazl to the socket in Node streams, without Next's route runtime.
 */
export const ZIP_DOWNLOAD = Symbol.for('kalkulus.zipDownload');

/**
 * The server's request listener: stamps the peer address, hands `POST …/uploadChunk` (megabytes, dozens of
 * times per file) straight to the file service with the socket's own request as the body — no router, no
 * web-stream copy — the services' JSON calls to the gateway, the zip download to the file service, and
 * everything else to `nextHandler`. Until the app has registered its handlers (the first moments of `--dev`;
 * under `--dev` only uploadChunk's ever is), those go to Next as well, whose route handlers serve the same calls.
 */
export function requestListener(
  nextHandler,
  { jsonLog = process.env.LOG_FORMAT === 'json', write = (line) => process.stdout.write(line), metrics } = {},
) {
  return (req, res) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? '';
    if (jsonLog) logRequest(req, res, write);
    metrics?.track(req, res);
    if (!decodablePath(req.url)) return void refuseUndecodable(req, res);
    const fast = [globalThis[UPLOAD_CHUNK], globalThis[SERVICE_CALL], globalThis[ZIP_DOWNLOAD]].find((h) => h?.takes(req));
    const served = fast ? fast.serve(req, res) : nextHandler(req, res);
    Promise.resolve(served).catch((err) => {
      console.error(`${new Date().toISOString()} ERROR ${req.method} ${req.url} failed —`, err);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      } else res.destroy();
    });
  };
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path fit for the log: no query string (link tokens and grants travel there) and no secret-looking segment
 * (a reset or confirmation token in the path: 24+ URL-safe characters that are not a UUID → `:secret`).
 */
export function logPath(url = '/') {
  const q = url.indexOf('?');
  const p = q < 0 ? url : url.slice(0, q);
  return p
    .split('/')
    .map((seg) => (/^[A-Za-z0-9_~.%-]{24,}$/.test(seg) && !UUID.test(seg) ? ':secret' : seg))
    .join('/');
}

/**
 * The user a request's access token names (`sub`, from the Authorization header or the accessToken cookie),
 * read without checking the signature — the app checks it; a refused answer (401, 403) logs no user.
 */
export function tokenSubject(headers) {
  const auth = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  const token = auth ?? /(?:^|;\s*)accessToken=([^;]+)/.exec(headers.cookie ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof sub === 'string' && sub.length <= 100 ? sub : null;
  } catch {
    return null;
  }
}

/**
 * `LOG_FORMAT=json`: one JSON line per request once its answer is sent (or the connection is gone): time,
 * request id (the client's `X-Request-Id` when well-formed, else a new one; echoed in the answer), method,
 * path (see logPath), status, duration in ms, user id. Never a token, a cookie, a password or a body.
 */
function logRequest(req, res, write) {
  const started = performance.now();
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const status = res.writableFinished ? res.statusCode : 499;
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'request',
        requestId: id,
        method: req.method,
        path: logPath(req.url),
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        userId: status === 401 || status === 403 ? null : tokenSubject(req.headers),
      }) + '\n',
    );
  };
  res.once('finish', finish);
  res.once('close', finish);
}

/**
 * The headers next.config.mjs gives a service answer (a test keeps the two the same): answers made here,
 * before Next, carry them too.
 */
export const SERVICE_ANSWER_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Whether the path of a request URL decodes (`%ff` does not: Next would answer its own error page). */
function decodablePath(url = '/') {
  const q = url.indexOf('?');
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return true;
  } catch {
    return false;
  }
}

/** A path with broken percent-encoding names no page and no call: the failure envelope, 400. */
function refuseUndecodable(req, res) {
  req.resume();
  const body = JSON.stringify({ ok: false, msg: 'Адрес запроса записан с ошибкой: неверное %-кодирование.', code: 'BAD_REQUEST' });
  res.writeHead(400, {
    ...SERVICE_ANSWER_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Where the app puts the collection of what it runs beside the main thread (lib/server/memory-hooks.ts). */
export const IDLE_COLLECT = Symbol.for('kalkulus.idleCollect');

/**
 * Where the app puts a function answering the memory of what it runs beside the main thread (the embedded
 * database's worker: its V8 heap and its WebAssembly memory, MiB), for `MEMORY_LOG` (lib/server/memory-hooks.ts).
 */
export const MEMORY_REPORT = Symbol.for('kalkulus.memoryReport');

/**
 * After a burst of requests V8 keeps the old-generation pages its heap grew to: a full collection frees the
 * garbage but leaves the live objects scattered over half-empty pages, which stay resident (soak on PostgreSQL:
 * 62 of 146 MiB of old space in use 30 s after it; on PGlite a plain full collection once idle still left 86 MiB
 * of old space with 66 MiB of the whole heap in use). So once no request has started or ended for `idleMs` after
 * some did, one full collection that compacts every page runs (V8's `--compact-on-every-full-gc`, on for this
 * one collection only; 130–220 ms on a loaded machine), and then the app's own (IDLE_COLLECT: the embedded
 * database's worker thread, whose heap grows the same way). An open notification stream does not count as
 * activity: it would otherwise keep the server from ever collecting. `touch()` of the result counts as a
 * request (the warm-up's, served on a listener of its own).
 */
export function collectWhenIdle(server, { idleMs = 2000, after = () => {} } = {}) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  let last = 0;
  let dirty = false;
  const touch = () => {
    dirty = true;
    last = performance.now();
  };
  server.on('request', (req, res) => {
    touch();
    res.once('close', touch);
  });
  setInterval(() => {
    if (!dirty || performance.now() - last < idleMs) return;
    dirty = false;
    const started = performance.now();
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
    const mainMs = performance.now() - started;
    Promise.resolve(globalThis[IDLE_COLLECT]?.())
      .catch(() => {})
      .then(() => after({ collectMs: Math.round(mainMs), appCollectMs: Math.round(performance.now() - started - mainMs) }));
  }, 1000).unref();
  return { touch };
}

/**
 * Reports the warm-up (server-warm-up.mjs) and lets the idle collection run after it. A warm-up the server's stop
 * cut short is not reported: its requests failed because the app was closing, which is no news.
 */
const warmedUp = (idle) => ({ statuses, ms, stopped }) => {
  if (stopped) return;
  const failed = statuses.map((status, i) => [WARM_UP_REQUESTS[i % WARM_UP_REQUESTS.length], status]).filter(([, status]) => status !== 200);
  for (const [r, status] of failed) console.warn(`${new Date().toISOString()} WARN warm-up: ${r.method} ${r.path} answered ${status}`);
  console.log(`> Warmed up in ${ms} ms`);
  idle.touch();
};

const toMiB = (bytes) => Math.round((bytes / 1048576) * 10) / 10;

/**
 * `MEMORY_LOG=1` (lib/server/env.ts checks the value): one JSON line on stderr once the server listens and a
 * second after each idle collection — resident memory, the main thread's V8 heap by space (committed MiB),
 * memory outside it, the app's report (see MEMORY_REPORT) and, after a collection, how long it took (ms: the
 * main thread's, `collectMs`, and the app's, `appCollectMs`). For finding what grows; off by default.
 */
export async function logMemory(write = (line) => process.stderr.write(line), extra = {}) {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), toMiB(s.space_size)]));
  const app = await Promise.resolve(globalThis[MEMORY_REPORT]?.()).catch(() => null);
  write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      msg: 'memory',
      rss: toMiB(m.rss),
      heapTotal: toMiB(m.heapTotal),
      heapUsed: toMiB(m.heapUsed),
      external: toMiB(m.external),
      arrayBuffers: toMiB(m.arrayBuffers),
      spaces,
      ...(app ?? {}),
      ...extra,
    }) + '\n',
  );
}

/**
 * A production server takes Next's configuration from the build (`.next/required-server-files.json`, as Next's
 * own standalone server does), not from next.config.mjs: the container's tree has no next.config.mjs, and the
 * build and the server can never disagree.
 */
function takeBuiltConfig(dir) {
  if (process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  try {
    const { config } = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'required-server-files.json'), 'utf8'));
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  } catch {
    // No build yet: Next says so itself.
  }
}

async function main() {
  const dev = process.argv.includes('--dev');
  const port = Number(process.env.PORT || 3000);
  const hostname = process.env.HOST || '0.0.0.0';
  process.env.NODE_ENV ??= dev ? 'development' : 'production';
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const dir = path.dirname(fileURLToPath(import.meta.url));
  if (!dev) takeBuiltConfig(dir);
  const { default: next } = await import('next');
  const app = next({ dev, dir, hostname, port });
  // Loads the build and runs instrumentation.ts: configuration check, database, migrations, the app's handlers.
  await app.prepare();
  // Request counts and latency by route for `/api/metrics` (app/api/metrics/route.ts reads them here).
  const metrics = createMetrics();
  globalThis[METRICS] = metrics;
  const nextHandler = app.getRequestHandler();
  // Bounds on how long a client may take over a request (server-limits.mjs: head, body pace, idle connections).
  const server = createAppServer(requestListener(nextHandler, { metrics }));
  // Aborted by the stop (SIGTERM, SIGINT): the warm-up then sends nothing more.
  const stopped = new AbortController();
  const memoryLog = process.env.MEMORY_LOG === '1';
  // The line a second after the collection: V8 gives the freed pages back on a thread of its own.
  const idle = collectWhenIdle(server, { after: memoryLog ? (took) => void setTimeout(() => logMemory(undefined, took), 1000) : undefined });
  server.on('error', (err) => {
    console.error(err.code === 'EADDRINUSE' ? `Порт ${port} занят другой программой.` : err);
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    console.log(`> Ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
    if (memoryLog) void logMemory();
    // Not under --dev, where the first request compiles pages; WARM_UP=0 (lib/server/env.ts) turns it off.
    if (!dev && process.env.WARM_UP !== '0') {
      void warmUp(requestListener(nextHandler, { jsonLog: false }), { signal: stopped.signal }).then(warmedUp(idle));
    }
  });

  const graceMs = 1000 * (Number(process.env.SHUTDOWN_GRACE_SECONDS) || 10);
  const stop = () => {
    if (stopped.signal.aborted) return;
    stopped.abort();
    // The app's work at the stop (lib/server/shutdown.ts): 'drain' closes the notification streams now,
    // 'close' — after the last answer — writes what is queued and closes the database.
    const shutdown = (stage) => Promise.resolve(globalThis[Symbol.for('kalkulus.shutdown')]?.(stage)).catch(() => {});
    // Stops taking connections; requests in progress have `graceMs` to finish, then their connections are cut
    // (the database is still closed cleanly); a process that hangs even then is ended.
    server.close(() => void shutdown('close').then(() => app.close()).finally(() => process.exit(0)));
    server.closeIdleConnections();
    // A keep-alive connection whose request has just been answered is closed as soon as it is idle.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    void shutdown('drain');
    setTimeout(() => {
      console.warn(`${new Date().toISOString()} WARN requests still in progress after ${graceMs} ms — closing their connections`);
      server.closeAllConnections();
    }, graceMs).unref();
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
