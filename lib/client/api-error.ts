import type { FieldErrors } from '@/lib/schemas/envelope';

/**
 * A failed API call as seen by the browser: a `{ok:false}` answer, an answer that is not our JSON
 * (`BAD_RESPONSE`) or no answer at all (`NETWORK_ERROR`, status 0).
 * `message` is the answer's `msg` (Russian, except the two English wire messages — show `userMessage(err)`).
 */
export class ApiError extends Error {
  readonly code: string;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly fields?: FieldErrors;
  /** The whole parsed answer (`{}` when it was not a JSON object), for calls with extra failure fields. */
  readonly body: Record<string, unknown>;

  constructor(
    code: string,
    message: string,
    opts: { status: number; fields?: FieldErrors; body?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status;
    this.fields = opts.fields;
    this.body = opts.body ?? {};
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
