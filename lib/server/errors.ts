import 'server-only';
import type { FieldErrors } from '@/lib/schemas/envelope';

/**
 * The one error a use case throws. `code` decides the HTTP status (see `statusOf` in http.ts);
 * `message` is one Russian sentence fit to show a user. Anything else thrown becomes a 500.
 */
export class ServiceError extends Error {
  readonly code: string;
  readonly fields?: FieldErrors;
  /** Extra answer fields (e.g. `missing` for UPLOAD_INCOMPLETE). */
  readonly extra?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  readonly headers?: Record<string, string>;

  constructor(
    code: string,
    message: string,
    opts: { fields?: FieldErrors; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.fields = opts.fields;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;
