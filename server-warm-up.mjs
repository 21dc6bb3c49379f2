// The server's warm-up: once it listens, the server sends itself the requests of a visitor's first minute
// that read and write no one's data, so that the first person after a start or a deploy does not pay for
// what every process does once:
// - Next's and the app's own start (the build's route table, instrumentation.ts: the configuration check,
//   the database opened and migrated) — done by the first request, which used to wait about 1,7 s for it;
// - the sign-in page's first server render (about 300 ms cold, 40 ms after);
// - a calculator's first run (validation, the rate tables read, exact decimals, the ICU data every Russian
//   date and sum is formatted with: about 65 ms cold, a few ms after).
// The requests go to a listener of their own on a loopback port that closes when they are answered: they are
// not counted in /api/metrics, not logged, and share no rate-limit bucket with the public port.
import http from 'node:http';

const SALARY = { mode: 'net', amount: '100000' };
const VAT = { amount: '1 000,00', mode: 'add' };

/** What the warm-up asks, in this order. None of them reads or writes a user's data (they are signed out). */
export const WARM_UP_REQUESTS = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/auth' },
  { method: 'POST', path: '/api/v1/calculators/run', body: { id: 'vat', input: VAT } },
  { method: 'POST', path: '/api/v1/calculators/run', body: { id: 'salary', input: SALARY } },
];

/**
 * Sends WARM_UP_REQUESTS `rounds` times (the second round runs on what the first compiled) to `listener`,
 * served on a loopback port of its own. Never throws: a request that fails or takes longer than `timeoutMs`
 * is reported as such and the rest go on. Once `signal` is aborted (the server stops) no further request is
 * sent. Resolves with `{ statuses, ms, stopped }`: each answer's status (or 'error', 'timeout') in order, how
 * long it all took, and whether the signal ended it — then the statuses tell of the stop, not of the app.
 */
export async function warmUp(listener, { rounds = 2, timeoutMs = 30_000, signal } = {}) {
  const started = performance.now();
  const server = http.createServer(listener);
  const statuses = [];
  try {
    await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${server.address().port}`;
    for (let round = 0; round < rounds && !signal?.aborted; round++) {
      for (const request of WARM_UP_REQUESTS) {
        if (signal?.aborted) break;
        statuses.push(await send(origin, request, timeoutMs));
      }
    }
  } catch {
    statuses.push('error');
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return { statuses, ms: Math.round(performance.now() - started), stopped: Boolean(signal?.aborted) };
}

/** One request as a browser on the same origin sends it; resolves with the status once the body is read. */
function send(origin, { method, path, body }, timeoutMs) {
  return new Promise((resolve) => {
    const headers = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };
    if (body) Object.assign(headers, { 'content-type': 'application/json', origin });
    const req = http.request(`${origin}${path}`, { method, headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode));
      res.once('error', () => resolve('error'));
    });
    req.once('timeout', () => {
      req.destroy();
      resolve('timeout');
    });
    req.once('error', () => resolve('error'));
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
