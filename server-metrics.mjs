// Request metrics of the project's server (server.mjs): every request, Next's and the upload fast path's, is
// counted here by its route pattern; `/api/metrics` (app/api/metrics/route.ts) renders them in Prometheus's
// text format together with what only the app knows (the database pool, open uploads).

/** Where the server keeps its metrics for the app's `/api/metrics` (one object per process). */
export const METRICS = Symbol.for('kalkulus.metrics');

/** Upper bounds (seconds) of the latency histogram's buckets. */
export const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A lower-case hyphenated name (a course's or a lesson's): a route of its own, not an id. */
const SLUG = /^[a-z0-9]{1,19}(-[a-z0-9]{1,19})+$/;
/**
 * A path segment that names one thing among many: a UUID, a number, a generated id or a token (16+ URL-safe
 * characters that are not a slug).
 */
const ID_SEGMENT = (seg) => UUID.test(seg) || /^\d+$/.test(seg) || (/^[A-Za-z0-9_~.%-]{16,}$/.test(seg) && !SLUG.test(seg));

/**
 * The route pattern of a request: the path without its query, each id-like segment as `:id`, the build's
 * static files as one route; an answer 404 is `unmatched` (a scanner's guesses must not make new series).
 */
export function routeOf(url = '/', status = 200) {
  if (status === 404) return 'unmatched';
  const q = url.indexOf('?');
  const p = q < 0 ? url : url.slice(0, q);
  if (p.startsWith('/_next/static/')) return '/_next/static/*';
  return p
    .split('/')
    .map((seg) => (ID_SEGMENT(seg) ? ':id' : seg))
    .join('/');
}

const label = (v) => String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The process's request metrics. `track(req, res)` when a request arrives; `render()` the text. At most
 * `maxRoutes` route patterns are kept apart; the rest count as `other`.
 */
export function createMetrics({ maxRoutes = 300 } = {}) {
  const requests = new Map(); // `${method} ${route} ${status}` → count
  const latency = new Map(); // route → { buckets: number[], sum, count }
  let inFlight = 0;
  let chunksInFlight = 0;

  const routeKey = (route) => (latency.has(route) || latency.size < maxRoutes ? route : 'other');

  function track(req, res) {
    const started = performance.now();
    const chunk = req.method === 'POST' && /\/uploadChunk(?:\?|$)/.test(req.url ?? '');
    inFlight++;
    if (chunk) chunksInFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
      if (chunk) chunksInFlight--;
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeKey(routeOf(req.url, status));
      const key = `${req.method} ${route} ${status}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      let h = latency.get(route);
      if (!h) latency.set(route, (h = { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }));
      const seconds = (performance.now() - started) / 1000;
      BUCKETS.forEach((le, i) => {
        if (seconds <= le) h.buckets[i]++;
      });
      h.sum += seconds;
      h.count++;
    };
    res.once('finish', finish);
    res.once('close', finish);
  }

  function render() {
    const out = [
      '# HELP kalkulus_http_requests_total Requests answered, by method, route pattern and status.',
      '# TYPE kalkulus_http_requests_total counter',
    ];
    for (const [key, n] of requests) {
      const [method, route, status] = key.split(' ');
      out.push(`kalkulus_http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${n}`);
    }
    out.push(
      '# HELP kalkulus_http_request_duration_seconds Time from a request to its answer sent, by route pattern.',
      '# TYPE kalkulus_http_request_duration_seconds histogram',
    );
    for (const [route, h] of latency) {
      const r = label(route);
      BUCKETS.forEach((le, i) => out.push(`kalkulus_http_request_duration_seconds_bucket{route="${r}",le="${le}"} ${h.buckets[i]}`));
      out.push(
        `kalkulus_http_request_duration_seconds_bucket{route="${r}",le="+Inf"} ${h.count}`,
        `kalkulus_http_request_duration_seconds_sum{route="${r}"} ${h.sum.toFixed(6)}`,
        `kalkulus_http_request_duration_seconds_count{route="${r}"} ${h.count}`,
      );
    }
    out.push(
      '# HELP kalkulus_http_requests_in_flight Requests being served now.',
      '# TYPE kalkulus_http_requests_in_flight gauge',
      `kalkulus_http_requests_in_flight ${inFlight}`,
      '# HELP kalkulus_upload_chunks_in_flight Upload chunks being received now.',
      '# TYPE kalkulus_upload_chunks_in_flight gauge',
      `kalkulus_upload_chunks_in_flight ${chunksInFlight}`,
    );
    return out.join('\n') + '\n';
  }

  return { track, render };
}
