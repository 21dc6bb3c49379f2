import 'server-only';
import { ERROR_STATUS, ServiceError, type ErrorCode } from './errors';
import { log } from './log';

/** The status of a code: one table, `ERROR_STATUS` in errors.ts. */
function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

const INTERNAL_MESSAGE = 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A success answer: `{ok: true, msg, ...fields}`. */
export function okResponse(fields: Record<string, unknown> = {}, msg = 'Готово', init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  return new Response(JSON.stringify({ ok: true, msg, ...fields }), { ...init, status: init.status ?? 200, headers });
}

/**
 * The one function from any error to a response. A ServiceError becomes its status and envelope (its `log`
 * goes to the server's log, never to the answer);
 * anything else is logged with its cause (English, server side only) and answers a generic 500.
 */
export function errorResponse(err: unknown, where = 'request'): Response {
  if (err instanceof ServiceError) {
    const status = statusOf(err.code);
    if (err.log) log.warn(`${where}: ${err.code} ${err.log}`);
    const body: Record<string, unknown> = { ...err.extra, ok: false, msg: err.message, code: err.code };
    if (err.fields) body.fields = err.fields;
    return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...err.headers } });
  }
  log.error(`${where} failed`, err);
  return new Response(JSON.stringify({ ok: false, msg: INTERNAL_MESSAGE, code: 'INTERNAL' }), {
    status: 500,
    headers: JSON_HEADERS,
  });
}
