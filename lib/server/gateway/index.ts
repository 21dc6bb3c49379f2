import 'server-only';
import { ServiceError } from '../errors';
import { errorResponse } from '../http';
import { dispatch } from './dispatch';
import { forward } from './forward';
import { segmentsBelow } from './match';
import type { ServiceDef } from './types';

/** Hands one request to a service: its upstream when configured, otherwise the embedded table. */
async function handleService(service: ServiceDef, req: Request): Promise<Response> {
  const upstream = service.upstream?.();
  if (upstream) {
    const segments = segmentsBelow(new URL(req.url).pathname, service.base);
    const subpath = new URL(req.url).pathname.slice(service.base.length);
    if (segments === null) {
      return errorResponse(new ServiceError('BAD_REQUEST', 'Адрес запроса записан с ошибкой: неверное %-кодирование.'), service.name);
    }
    return forward(req, upstream, subpath);
  }
  return dispatch(service, req);
}

/** The route handler exports for a service mount: every method goes to the gateway (so 405s are JSON). */
export function serviceRoutes(service: () => ServiceDef) {
  const handler = (req: Request) => handleService(service(), req);
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}
