import 'server-only';
import http from 'node:http';
import { getEnv } from '../env';
import { errorResponse, okResponse } from '../http';
import { receiveChunk } from '../services/files/upload-chunk';
import { contextOrUnavailable } from './dispatch';
import { services } from './services';

/**
 * The fast path of `uploadChunk` (the one call that carries megabytes, dozens of times per file): the project's
 * server (server.mjs) hands `POST {files base}/uploadChunk` here before Next, with the socket's own
 * IncomingMessage as the body — no router, no web-stream copy of the body — and it answers with the same
 * envelope as the gateway. Everything else (other methods and calls, an upstream file manager) goes to Next,
 * and the route handler of the call serves it wherever this handler is not registered (`next dev` on its
 * own, tests that call the route directly). Registered once per process from instrumentation.ts.
 */
const PATH = `${services.files.base}/uploadChunk`;

/**
 * Headers next.config.mjs gives a service answer (this path answers without Next, so it adds them itself; a
 * test compares them with that file's rules).
 */
export const SITE_HEADERS: Record<string, string> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=31536000',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Whether this request is one the fast path serves. */
export function takesFastPath(req: Pick<http.IncomingMessage, 'method' | 'url'>): boolean {
  if (req.method !== 'POST' || !req.url) return false;
  const q = req.url.indexOf('?');
  if ((q < 0 ? req.url : req.url.slice(0, q)) !== PATH) return false;
  try {
    return !getEnv().FILE_MANAGER_URL;
  } catch {
    return false; // a configuration error: Next's start-up reports it
  }
}

/**
 * The request's head as a web Request without a body (what the session and cross-site checks read): `POST`,
 * or `GET` / `HEAD` for a download. Its URL is
 * the request's path on a fixed origin, as Next builds it: the Host header (any text a client sends) stays a
 * header and never chooses the call or breaks the URL.
 */
export function headOf(req: http.IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const target = req.url?.startsWith('/') ? req.url : PATH;
  return new Request(`http://localhost${target}`, { method: req.method === 'GET' || req.method === 'HEAD' ? req.method : 'POST', headers });
}

async function send(res: http.ServerResponse, response: Response): Promise<void> {
  const text = await response.text();
  const headers: Record<string, string> = { ...SITE_HEADERS };
  response.headers.forEach((v, k) => {
    headers[k] = v;
  });
  headers['content-length'] = String(Buffer.byteLength(text));
  res.writeHead(response.status, headers);
  res.end(text);
}

/** Serves one uploadChunk request; never throws (a failure is the envelope's 500, logged). */
async function serveUploadChunk(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let response: Response;
  try {
    const ctx = await contextOrUnavailable();
    response = okResponse(await receiveChunk(ctx, headOf(req), req, { drainOnFail: true }));
  } catch (err) {
    // Whatever of the body was not read is dropped so the connection can carry the answer.
    req.resume();
    response = errorResponse(err, 'files uploadChunk');
  }
  try {
    if (!res.headersSent && !res.destroyed) await send(res, response);
  } catch {
    res.destroy();
  }
}

/** The key server.mjs looks the handler up by (its UPLOAD_CHUNK). */
export const UPLOAD_CHUNK = Symbol.for('kalkulus.uploadChunk');

/** Gives the project's server (server.mjs) this process's uploadChunk handler. */
export function registerUploadFastPath(): void {
  (globalThis as { [UPLOAD_CHUNK]?: unknown })[UPLOAD_CHUNK] = { takes: takesFastPath, serve: serveUploadChunk };
}
