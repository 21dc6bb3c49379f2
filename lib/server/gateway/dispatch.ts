import 'server-only';
import { issuesToFields } from '@/lib/schemas/envelope';
import { clientIp } from '../client-ip';
import { getAppContext, type AppContext } from '../context';
import { ServiceError } from '../errors';
import { errorResponse, okResponse } from '../http';
import { log } from '../log';
import { parseJsonBody, readBodyText } from './body';
import { matchCall, segmentsBelow } from './match';
import type { ServiceDef } from './types';

const DEFAULT_MAX_BODY = 1024 * 1024;

export async function contextOrUnavailable(given?: AppContext): Promise<AppContext> {
  if (given) return given;
  try {
    return await getAppContext();
  } catch (err) {
    log.error('app context failed to start', err);
    throw new ServiceError('NOT_READY', 'Сервис запускается или временно недоступен. Попробуйте через минуту.');
  }
}

/**
 * Runs one call of an embedded service: route → method → body → schema → handler → envelope.
 * Every failure becomes the failure envelope (docs/api.md); nothing unexpected leaks to the caller.
 */
export async function dispatch(service: ServiceDef, req: Request, given?: AppContext): Promise<Response> {
  const url = new URL(req.url);
  const segments = segmentsBelow(url.pathname, service.base) ?? [];
  const where = `${service.name} ${segments.join('/') || '/'}`;
  try {
    const match = matchCall(service.table, segments);
    if (!match) throw new ServiceError('UNKNOWN_CALL', 'Такого вызова нет.');
    const { def, params } = match;
    const method = def.method ?? 'POST';
    const asked = req.method === 'HEAD' && method === 'GET' ? 'GET' : req.method;
    if (asked !== method) {
      throw new ServiceError('METHOD_NOT_ALLOWED', `Этот вызов принимает только запросы ${method}.`, {
        headers: { Allow: method },
      });
    }

    let raw: unknown = {};
    if (method === 'GET') raw = Object.fromEntries(url.searchParams);
    else if (def.body !== 'raw') raw = parseJsonBody(await readBodyText(req, def.maxBody ?? DEFAULT_MAX_BODY));

    let input: unknown = raw;
    if (def.input) {
      const parsed = await def.input.safeParseAsync(raw);
      if (!parsed.success) {
        throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', {
          fields: issuesToFields(parsed.error.issues),
        });
      }
      input = parsed.data;
    }

    const ctx = await contextOrUnavailable(given);
    const result = await def.handle({ input, params, req, ctx, ip: clientIp(req, ctx.env.TRUST_PROXY) });
    if (result instanceof Response) return result;
    const { msg, ...fields } = result;
    return okResponse(fields, msg);
  } catch (err) {
    return errorResponse(err, where);
  }
}
