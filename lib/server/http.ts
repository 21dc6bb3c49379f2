import 'server-only';
import { ServiceError } from './errors';
import { log } from './log';

/** The one code → status table. Codes not listed are 400 (a client mistake we named). */
const STATUS: Record<string, number> = {
  BAD_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  JWT_EXPIRED: 401,
  INVALID_TOKEN: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_TELEGRAM: 401,
  OAUTH_FAILED: 401,
  REFRESH_REUSED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_CONFIRMED: 403,
  LINK_PASSWORD: 403,
  NOT_FOUND: 404,
  UNKNOWN_CALL: 404,
  USER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  UPLOAD_INCOMPLETE: 409,
  ALREADY_EXISTS: 409,
  NAME_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_ERROR: 422,
  SPEC_CYCLE: 422,
  NESTED_SPEC_NOT_FOUND: 422,
  RATE_MISSING: 422,
  PROCESS_SET_NOT_FOUND: 422,
  IS_FOLDER: 422,
  CHECKSUM_MISMATCH: 422,
  PROVIDER_NOT_CONFIGURED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  NOT_READY: 503,
};

export function statusOf(code: string): number {
  return STATUS[code] ?? 400;
}

export const INTERNAL_MESSAGE = 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A success answer: `{ok: true, msg, ...fields}`. */
export function okResponse(fields: Record<string, unknown> = {}, msg = 'Готово', init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(JSON_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  return new Response(JSON.stringify({ ok: true, msg, ...fields }), { ...init, status: init.status ?? 200, headers });
}

/**
 * The one function from any error to a response. A ServiceError becomes its status and envelope;
 * anything else is logged with its cause (English, server side only) and answers a generic 500.
 */
export function errorResponse(err: unknown, where = 'request'): Response {
  if (err instanceof ServiceError) {
    const status = statusOf(err.code);
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
