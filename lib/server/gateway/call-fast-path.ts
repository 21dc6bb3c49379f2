import 'server-only';
import type http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { isCrossSite } from '@/lib/domain/same-origin';
import { requestHost, trustedProxies } from '../client-ip';
import { ServiceError } from '../errors';
import { errorResponse } from '../http';
import { readNodeBodyText } from './body';
import { dispatch } from './dispatch';
import { matchCall, segmentsBelow } from './match';
import { services } from './services';
import type { ServiceDef } from './types';
import { headOf, SITE_HEADERS } from './upload-fast-path';

/**
 * The fast path of the embedded services' JSON calls (`POST` of the file manager, the notifications and the
 * product): the project's server (server.mjs) hands them here before Next — no router, no proxy.ts, no route
 * runtime, no web-stream copy of the body — and the gateway's `dispatch` runs them as the route handler would.
 * What Next and proxy.ts did for these paths is done here: the cross-site refusal (403), the headers of
 * next.config.mjs (SITE_HEADERS) and gzip for a client that accepts it. Not here: the auth service (its route
 * adds the cookie layer), raw-body calls (uploadChunk has its own path), other methods (downloads, streams),
 * a service forwarded to its upstream. The route handlers stay for `next dev` on its own and for tests.
 */
const SERVED: ServiceDef[] = [services.files, services.noty, services.product];

/** The service and path of a request this path serves, else null. */
function serviceOf(req: Pick<http.IncomingMessage, 'method' | 'url'>): ServiceDef | null {
  if (req.method !== 'POST' || !req.url) return null;
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const service = SERVED.find((s) => path.startsWith(`${s.base}/`));
  if (!service) return null;
  const segments = segmentsBelow(path, service.base);
  const def = segments && matchCall(service.table, segments)?.def;
  if (!def || (def.method ?? 'POST') !== 'POST' || def.body === 'raw') return null;
  try {
    return service.upstream?.() ? null : service;
  } catch {
    return null; // a configuration error: Next's start-up reports it
  }
}

/** Whether this request is one the fast path serves. */
export function takesCallFastPath(req: Pick<http.IncomingMessage, 'method' | 'url'>): boolean {
  return serviceOf(req) !== null;
}

const gzip = promisify(zlib.gzip);

/** Whether `Accept-Encoding` takes gzip: named (or `*`) with a quality above 0 — `gzip;q=0` refuses it. */
export function acceptsGzip(header: string | undefined): boolean {
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') gzipQ = Number.isFinite(q) ? q : 0;
    else if (name === '*') anyQ = Number.isFinite(q) ? q : 0;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}
/** Next's compression: answers of 1 KiB and more, to a client that accepts gzip. */
const GZIP_FROM = 1024;

/** Writes a gateway answer (the envelope) to the socket's response, with the headers of next.config.mjs and gzip as Next gives. */
export async function sendAnswer(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = { ...SITE_HEADERS };
  response.headers.forEach((v, k) => {
    if (k !== 'set-cookie') headers[k] = v;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  headers.vary = 'Accept-Encoding';
  if (body.length >= GZIP_FROM && acceptsGzip(req.headers['accept-encoding'])) {
    body = await gzip(body);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Serves one call; never throws (a failure is the envelope's 500, logged). */
async function serveCall(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const service = serviceOf(req);
  let response: Response;
  try {
    if (!service) throw new ServiceError('UNKNOWN_CALL', 'Такого вызова нет.');
    const head = headOf(req);
    const crossSite = isCrossSite({
      method: req.method ?? 'POST',
      origin: head.headers.get('origin'),
      secFetchSite: head.headers.get('sec-fetch-site'),
      host: requestHost(head, trustedProxies()),
    });
    if (crossSite) throw new ServiceError('FORBIDDEN', 'Запрос с другого сайта отклонён.');
    response = await dispatch(service, head, undefined, (limit) => readNodeBodyText(req, limit));
  } catch (err) {
    response = errorResponse(err, `${service?.name ?? 'service'} call`);
  }
  // Whatever of the body was not read is dropped so the connection can carry the answer.
  if (!req.readableEnded) req.resume();
  try {
    if (!res.headersSent && !res.destroyed) await sendAnswer(req, res, response);
  } catch {
    res.destroy();
  }
}

/** The key server.mjs looks the handler up by (its SERVICE_CALL). */
export const SERVICE_CALL = Symbol.for('kalkulus.serviceCall');

/** Gives the project's server (server.mjs) this process's handler of service calls. */
export function registerCallFastPath(): void {
  (globalThis as { [SERVICE_CALL]?: unknown })[SERVICE_CALL] = { takes: takesCallFastPath, serve: serveCall };
}
