import 'server-only';
import { issuesToFields } from '@/lib/schemas/envelope';
import * as z from '@/lib/schemas/zod';
import { CONTROL_MESSAGE, hasControlChars, inputProblem, MAX_INPUT_DEPTH } from '@/lib/schemas/text';
import { clientIp } from '../client-ip';
import { getAppContext, type AppContext } from '../context';
import { ServiceError } from '../errors';
import { errorResponse, okResponse } from '../http';
import { log } from '../log';
import { userOfBodyOrRequest } from '../services/auth/session-of-body';
import { parseJsonBody, readBodyText } from './body';
import { matchCall, segmentsBelow } from './match';
import type { CallDef, ServiceDef } from './types';

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
 * Reads a call's body as text, refusing more than `limit` bytes: the web Request's own body by default; the
 * fast path of server.mjs (call-fast-path.ts) reads the socket's request instead.
 */
export type BodyReader = (limit: number) => Promise<string>;

/**
 * The raw input of a call: the query (GET) or the JSON body; a raw-body call reads its body itself. A body over the
 * call's limit is 413 with the call's own message when it has one (`tooLarge`).
 */
async function rawInput(def: CallDef, method: string, req: Request, url: URL, readBody?: BodyReader): Promise<Record<string, unknown>> {
  if (method === 'GET') return Object.fromEntries(url.searchParams);
  if (def.body === 'raw') return {};
  const limit = def.maxBody ?? DEFAULT_MAX_BODY;
  let text: string;
  try {
    text = await (readBody ? readBody(limit) : readBodyText(req, limit));
  } catch (err) {
    if (def.tooLarge && err instanceof ServiceError && err.code === 'PAYLOAD_TOO_LARGE') throw new ServiceError('PAYLOAD_TOO_LARGE', def.tooLarge);
    throw err;
  }
  return parseJsonBody(text, req.headers.get('content-type'));
}

/** Refuses input no schema should see: nesting too deep (400), a control character in any string or key (422). */
function judgeRawInput(raw: Record<string, unknown>): void {
  const problem = inputProblem(raw);
  if (!problem) return;
  if (problem.kind === 'depth') {
    throw new ServiceError('BAD_JSON', `Слишком глубокая вложенность в теле запроса: не более ${MAX_INPUT_DEPTH} уровней.`);
  }
  throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', { fields: { [problem.path]: CONTROL_MESSAGE } });
}

/** A call that has passed every check before its handler: what the handler is given. */
export interface PreparedCall {
  def: CallDef;
  params: Record<string, string>;
  input: unknown;
  ctx: AppContext;
}

/**
 * Everything before a call's handler: route → method → path ids → content type → body → session → raw-input
 * rules → schema. Throws the ServiceError the failure envelope reports.
 */
export async function prepareCall(service: ServiceDef, req: Request, given?: AppContext, readBody?: BodyReader): Promise<PreparedCall> {
  const url = new URL(req.url);
  const segments = segmentsBelow(url.pathname, service.base);
  if (!segments) throw new ServiceError('BAD_REQUEST', 'Адрес запроса записан с ошибкой: неверное %-кодирование.');
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
  // An id in the path with a control character names nothing that can exist.
  if (Object.values(params).some(hasControlChars)) throw new ServiceError('NOT_FOUND', 'Не найдено.');

  const raw = await rawInput(def, method, req, url, readBody);
  const ctx = await contextOrUnavailable(given);
  if (!def.public) {
    const bodyToken = typeof raw.accessToken === 'string' && raw.accessToken ? raw.accessToken : undefined;
    await userOfBodyOrRequest(ctx, req, bodyToken);
  }
  judgeRawInput(raw);

  let input: unknown = raw;
  if (def.input) {
    const parsed = await z.safeParseAsync(def.input, raw);
    if (!parsed.success) {
      throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', {
        fields: issuesToFields(parsed.error.issues),
      });
    }
    input = parsed.data;
  }
  return { def, params, input, ctx };
}

/** Where a failure of a call is logged: the service and the call's path. */
export function callSite(service: ServiceDef, req: Request): string {
  return `${service.name} ${segmentsBelow(new URL(req.url).pathname, service.base)?.join('/') || '/'}`;
}

/**
 * Runs one call of an embedded service: the checks of prepareCall → handler → envelope. Every failure becomes
 * the failure envelope (docs/api.md); nothing unexpected leaks to the caller.
 */
export async function dispatch(service: ServiceDef, req: Request, given?: AppContext, readBody?: BodyReader): Promise<Response> {
  try {
    const { def, params, input, ctx } = await prepareCall(service, req, given, readBody);
    const result = await def.handle({ input, params, req, ctx, ip: clientIp(req, ctx.env.TRUST_PROXY) });
    if (result instanceof Response) return result;
    const { msg, ...fields } = result;
    return okResponse(fields, msg);
  } catch (err) {
    return errorResponse(err, callSite(service, req));
  }
}
