import 'server-only';
import type http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { errorResponse } from '../http';
import { openZip } from '../services/files/get-zip';
import { sendAnswer } from './call-fast-path';
import { callSite, prepareCall } from './dispatch';
import { services } from './services';
import { headOf, SITE_HEADERS } from './upload-fast-path';

/**
 * The fast path of the zip download (`GET`/`HEAD {files base}/files?ids=…`): the project's server (server.mjs)
 * hands it here before Next, and the archive flows in Node streams end to end — each blob's stream piped into
 * yazl, yazl's output piped into the socket with backpressure — with no router and no web-stream copies. The
 * checks are the gateway's (prepareCall: the query's rules; the call is open, access is checked per id by
 * openZip: token in the header or the cookie, `link` and `grant`), failures are its envelope. A client that
 * goes away destroys the archive and the blob being read. An upstream file manager and `next dev` leave the
 * call to its route handler.
 */
const PATH = `${services.files.base}/files`;

/** Whether this request is one the fast path serves. */
export function takesZipFastPath(req: Pick<http.IncomingMessage, 'method' | 'url'>): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
  const q = req.url.indexOf('?');
  if ((q < 0 ? req.url : req.url.slice(0, q)) !== PATH) return false;
  try {
    return !services.files.upstream?.();
  } catch {
    return false; // a configuration error: Next's start-up reports it
  }
}

/** Serves one zip download: a failure before the first byte is the envelope, after it a cut connection. */
async function serveZip(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // A body sent with a GET is no part of the call: dropped so the connection can carry the answer.
  req.resume();
  const head = headOf(req);
  let zip;
  try {
    const { ctx } = await prepareCall(services.files, head);
    zip = await openZip(ctx, head);
  } catch (err) {
    try {
      if (!res.headersSent && !res.destroyed) await sendAnswer(req, res, errorResponse(err, callSite(services.files, head)));
    } catch {
      res.destroy();
    }
    return;
  }
  try {
    // Next's answer carried the site's headers over the call's own (its Content-Security-Policy included).
    res.writeHead(200, { ...zip.headers, ...SITE_HEADERS });
  } catch (err) {
    zip.body?.destroy();
    throw err;
  }
  if (!zip.body) return void res.end();
  // A client gone (or a failed read) ends the pipeline: the archive is destroyed and with it the blob being read.
  await pipeline(zip.body, res).catch(() => res.destroy());
}

/** The key server.mjs looks the handler up by (its ZIP_DOWNLOAD). */
export const ZIP_DOWNLOAD = Symbol.for('kalkulus.zipDownload');

/** Gives the project's server (server.mjs) this process's zip handler. */
export function registerZipFastPath(): void {
  (globalThis as { [ZIP_DOWNLOAD]?: unknown })[ZIP_DOWNLOAD] = { takes: takesZipFastPath, serve: serveZip };
}
