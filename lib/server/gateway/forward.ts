import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { ServiceError } from '../errors';
import { errorResponse } from '../http';
import { log } from '../log';
import { forwardedFor, PEER_HEADER, requestHost } from '../client-ip';
import { getEnv } from '../env';

/** Headers that belong to one connection and are never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  PEER_HEADER,
]);

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * Streams a request to `upstreamBase + subpath + query` and the answer back, unchanged:
 * method, headers (Authorization, cookies…), body both ways, status, every Set-Cookie.
 * Bodies are piped, never buffered.
 */
export function forward(req: Request, upstreamBase: string, subpath: string): Promise<Response> {
  const incoming = new URL(req.url);
  const target = new URL(upstreamBase.replace(/\/+$/, '') + '/' + subpath.replace(/^\/+/, '') + incoming.search);
  const secure = target.protocol === 'https:';

  const headers: http.OutgoingHttpHeaders = {};
  req.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  const trustProxy = getEnv().TRUST_PROXY;
  headers['x-forwarded-for'] = forwardedFor(req, trustProxy);
  headers['x-forwarded-host'] = requestHost(req, trustProxy);
  headers['x-forwarded-proto'] = req.headers.get('x-forwarded-proto') ?? incoming.protocol.replace(':', '');

  return new Promise<Response>((resolve) => {
    const upstreamReq = (secure ? https : http).request(target, {
      method: req.method,
      headers,
      agent: secure ? agents.https : agents.http,
    });

    const fail = (err: unknown) => {
      log.error(`forward ${req.method} ${target.origin}${target.pathname} failed`, err);
      resolve(
        errorResponse(
          new ServiceError('UPSTREAM_UNAVAILABLE', 'Сервис временно недоступен. Попробуйте ещё раз через минуту.'),
        ),
      );
    };
    upstreamReq.on('error', fail);
    req.signal?.addEventListener('abort', () => upstreamReq.destroy(), { once: true });

    upstreamReq.on('response', (res) => {
      const out = new Headers();
      const raw = res.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = raw[i]!.toLowerCase();
        if (!HOP_BY_HOP.has(name)) out.append(name, raw[i + 1]!);
      }
      const status = res.statusCode ?? 502;
      const bodyless = req.method === 'HEAD' || status === 204 || status === 304;
      if (bodyless) res.resume();
      resolve(
        new Response(bodyless ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
          status,
          statusText: res.statusMessage,
          headers: out,
        }),
      );
    });

    if (req.body && req.method !== 'GET' && req.method !== 'HEAD') {
      const body = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>);
      body.on('error', (err) => upstreamReq.destroy(err));
      body.pipe(upstreamReq);
    } else {
      upstreamReq.end();
    }
  });
}
