import 'server-only';
import type { z } from 'zod';
import type { AppContext } from '../context';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call's handler receives. */
export interface CallArgs<I> {
  /** The validated body (POST) or query (GET). */
  input: I;
  /** Named segments of the route key, e.g. `{id}` for `file/:id`. */
  params: Record<string, string>;
  req: Request;
  ctx: AppContext;
  /** Caller's address as far as the front proxy tells. */
  ip: string;
}

/** An answer's own fields; `msg` optional (default «Готово»). A Response is sent as is (files, streams). */
export type CallResult = ({ msg?: string } & Record<string, unknown>) | Response;

export interface CallDef<S extends z.ZodType = z.ZodType> {
  /** Default POST. */
  method?: Method;
  /** Schema of the JSON body (POST…) or the query string (GET). Omitted = the body must be an object. */
  input?: S;
  /** `raw`: the body is not read (multipart uploads, streams): the handler reads `req` itself. */
  body?: 'json' | 'raw';
  /** Largest JSON body in bytes (default 1 MiB). */
  maxBody?: number;
  /**
   * Open to callers without a session (sign-in, public links, arithmetic): the handler checks a token itself
   * where it needs one. Any other call refuses a caller without a valid session (401) before its input is
   * judged, so a refusal never reveals the call's schema.
   */
  public?: boolean;
  handle(args: CallArgs<z.output<S>>): Promise<CallResult> | CallResult;
}

/** The same call, open to callers without a session (see `CallDef.public`). */
export function openCall(def: CallDef): CallDef {
  return { ...def, public: true };
}

/** Route key (`login`, `file/:id`, `api/v1/list`) → call. */
export type CallTable = Record<string, CallDef>;

/** Keeps the schema's type for the handler. */
export function defineCall<S extends z.ZodType>(def: CallDef<S>): CallDef {
  return def as unknown as CallDef;
}

/** A service behind the gateway: where it is mounted, its table, and the variable naming its upstream. */
export interface ServiceDef {
  name: string;
  /** URL path the service is mounted at, e.g. `/auth-back/api/v2`. */
  base: string;
  table: CallTable;
  /** Upstream base URL; when set, requests are streamed there instead of the table. */
  upstream?: () => string | undefined;
}
