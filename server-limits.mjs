// How long the project's server (server.mjs) lets a client take over a request: a connection that sends its
// request slowly — or never finishes it — holds a socket and whatever the app has started for it, so each stage has
// a bound, and a body has to keep moving. The answers at a bound are the failure envelope in Russian.
import http from 'node:http';

/**
 * The bounds (docs/operations.md and docs/reliability.md state them):
 * - `headersTimeoutMs` — a request's whole head (line and headers) within 20 s of its first byte; a new connection
 *   that sends nothing is closed after as long. A browser sends its head in one packet.
 * - `bodyGraceMs`, `minBodyBytesPerSecond` — a body keeps moving: the first 20 s are free, and each 4 KiB received
 *   buys one more second (the deadline is `start + 20 s + received / 4 KiB/s`, Apache's mod_reqtimeout rule). A
 *   client sending one byte at a time is cut after 20 s; an upload chunk (≤ 10 MB) on a 32 kbit/s line still
 *   arrives (≈ 41 min). Time the app leaves received bytes unread (a busy store) is not the client's and not counted.
 * - `requestTimeoutMs` — the outer bound of one request, head and body: 1 h (a chunk at the minimum rate fits).
 * - `keepAliveTimeoutMs` — an idle connection between requests is kept 65 s: longer than a proxy in front keeps its
 *   idle connections to the app (nginx: 60 s), so the proxy never reuses one the app is closing.
 * - `checkEveryMs` — how often the bounds are checked (Node's default would be every 30 s).
 */
export const CONNECTION_LIMITS = Object.freeze({
  headersTimeoutMs: 20_000,
  bodyGraceMs: 20_000,
  minBodyBytesPerSecond: 4096,
  requestTimeoutMs: 3_600_000,
  keepAliveTimeoutMs: 65_000,
  checkEveryMs: 1000,
});

const ENVELOPE_HEADERS = 'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n';

/** A raw HTTP answer with the failure envelope, written straight to a socket whose request cannot be served. */
export function rawEnvelope(status, reason, code, msg) {
  const body = JSON.stringify({ ok: false, msg, code });
  return `HTTP/1.1 ${status} ${reason}\r\n${ENVELOPE_HEADERS}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The raw answers (a unit test keeps each code's status the one lib/server/errors.ts gives it). */
export const RAW_ANSWERS = Object.freeze({
  slow: rawEnvelope(408, 'Request Timeout', 'REQUEST_TIMEOUT', 'Запрос передавался слишком медленно, и соединение закрыто. Проверьте связь и повторите.'),
  headersTooLarge: rawEnvelope(431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'Заголовки запроса слишком большие.'),
  malformed: rawEnvelope(400, 'Bad Request', 'BAD_REQUEST', 'Запрос не разобран: он не по протоколу HTTP.'),
});

/**
 * What a connection gets when Node refuses its request before the app sees it (a head or request past its time,
 * headers too large, a malformed request): the envelope in Russian, then the socket closes. Nothing is written
 * once an answer has started on it, or to a connection the client has dropped.
 */
function onClientError(err, socket) {
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const code = err?.code;
    socket.write(code === 'ERR_HTTP_REQUEST_TIMEOUT' ? RAW_ANSWERS.slow : code === 'HPE_HEADER_OVERFLOW' ? RAW_ANSWERS.headersTooLarge : RAW_ANSWERS.malformed);
  }
  socket.destroy();
}

/** Whether a request has a body to wait for (a declared length above zero, or chunked). */
function hasBody(req) {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) && n > 0;
}

/**
 * Keeps request bodies moving (`bodyGraceMs`, `minBodyBytesPerSecond`): from the moment a request's head has
 * arrived until its body has, its connection must have received at least `(elapsed − grace − unread) × rate` bytes
 * of it, where `unread` is the time the app left received bytes unread; a body behind that is cut with 408 (or,
 * when an answer has already started, just closed). Bytes are counted at the socket (`bytesRead`), so the check
 * reads nothing and changes nothing of the request. `now` is the clock (tests give their own); `check()` runs one
 * round at once (the interval runs it every `checkEveryMs`; 0: only when called).
 */
export function watchBodies(server, limits = CONNECTION_LIMITS, now = () => performance.now()) {
  const { bodyGraceMs, minBodyBytesPerSecond, checkEveryMs } = limits;
  const watched = new Set();
  server.on('request', (req, res) => {
    if (!hasBody(req) || req.complete) return;
    const at = now();
    watched.add({ req, res, socket: req.socket, from: req.socket.bytesRead, since: at, last: at, unread: 0 });
  });
  const cut = (w) => {
    if (!w.res.headersSent && w.socket.writable) w.socket.write(RAW_ANSWERS.slow);
    w.socket.destroy();
  };
  const check = () => {
    const t = now();
    for (const w of watched) {
      if (w.req.complete || w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      // Bytes received and not yet read by the app: the wait is the app's (its reader or its store is busy).
      if (w.req.readableLength > 0) w.unread += t - w.last;
      w.last = t;
      const earned = ((w.socket.bytesRead - w.from) / minBodyBytesPerSecond) * 1000;
      if (t - w.since - w.unread > bodyGraceMs + earned) {
        watched.delete(w);
        cut(w);
      }
    }
  };
  if (checkEveryMs > 0) {
    const timer = setInterval(check, checkEveryMs);
    timer.unref();
    server.once('close', () => clearInterval(timer));
  }
  return { check, watching: () => watched.size };
}

/**
 * The project's HTTP server with every bound of CONNECTION_LIMITS: Node's own for the head, the whole request and
 * idle connections (checked every `checkEveryMs`), watchBodies for a body's pace (its clock `now`; `checkBodies()`
 * runs a round of it at once), Russian answers at each.
 */
export function createAppServer(listener, limits = CONNECTION_LIMITS, now) {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs || CONNECTION_LIMITS.checkEveryMs,
    },
    listener,
  );
  server.on('clientError', onClientError);
  const bodies = watchBodies(server, limits, now);
  return Object.assign(server, { checkBodies: bodies.check });
}
