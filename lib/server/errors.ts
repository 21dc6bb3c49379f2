import 'server-only';
import type { FieldErrors } from '@/lib/schemas/envelope';

/**
 * Every error code the server answers with, and its HTTP status. A new code is one line here; a code that is
 * not here cannot be thrown (`ServiceError` takes `ErrorCode`), and `tests/unit/server/error-codes.test.ts`
 * checks every code written in the source against this table.
 */
export const ERROR_STATUS = {
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
  CAPTCHA_FAILED: 403,
  NOT_FOUND: 404,
  UNKNOWN_CALL: 404,
  USER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  UPLOAD_INCOMPLETE: 409,
  ALREADY_EXISTS: 409,
  NAME_TAKEN: 409,
  ITEM_IN_USE: 409,
  GROUP_NOT_EMPTY: 409,
  WORK_CENTRE_IN_USE: 409,
  IMPORT_STATE: 409,
  INVALID_LINK: 410,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_ERROR: 422,
  INVALID_CODE: 422,
  SPEC_CYCLE: 422,
  NESTED_SPEC_NOT_FOUND: 422,
  RATE_MISSING: 422,
  PROCESS_SET_NOT_FOUND: 422,
  IS_FOLDER: 422,
  CHECKSUM_MISMATCH: 422,
  PROVIDER_NOT_CONFIGURED: 422,
  IMPORT_FILE: 422,
  GROUP_CYCLE: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  NOT_READY: 503,
  BUSY: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ServiceErrorOptions {
  fields?: FieldErrors;
  /** Extra answer fields (e.g. `missing` for UPLOAD_INCOMPLETE). */
  extra?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** What happened, in English, for the server's log only (never sent): ids, upstream answers, causes. */
  log?: string;
}

/**
 * The one error a use case throws. `code` decides the HTTP status (`ERROR_STATUS`); `message` is one Russian
 * sentence fit to show a user; `log` stays on the server. Anything else thrown becomes a 500.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly log?: string;

  constructor(code: ErrorCode, message: string, opts: ServiceErrorOptions = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.fields = opts.fields;
    this.extra = opts.extra;
    this.headers = opts.headers;
    this.log = opts.log;
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;
