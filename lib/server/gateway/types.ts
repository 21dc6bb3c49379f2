import 'server-only';
import type * as z from 'zod/mini';
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

/**
 * One call. `In` is what the caller sends (the schema's input side), `Out` what the handler returns: both
 * stay in the type of the call table, so the browser's `call()` (lib/client/call.ts) infers them.
 */
export interface CallDef<In = unknown, Out extends CallResult = CallResult> {
  /** Default POST. */
  method?: Method;
  /** Schema of the JSON body (POST…) or the query string (GET). Omitted = the body must be an object. */
  input?: z.core.$ZodType<unknown, In>;
  /** `raw`: the body is not read (multipart uploads, streams): the handler reads `req` itself. */
  body?: 'json' | 'raw';
  /** Largest JSON body in bytes (default 1 MiB). */
  maxBody?: number;
  /** The 413 message for a body over `maxBody` (a call that carries a file names the file's limit); else the generic one. */
  tooLarge?: string;
  /**
   * Open to callers without a session (sign-in, public links, arithmetic): the handler checks a token itself
   * where it needs one. Any other call refuses a caller without a valid session (401) before its input is
   * judged, so a refusal never reveals the call's schema.
   */
  public?: boolean;
  // The handler's own input type is erased here (method syntax keeps the table assignable); `defineCall` checks it.
  handle(args: CallArgs<unknown>): Promise<Out> | Out;
}

/** The same call, open to callers without a session (see `CallDef.public`); its types stay. */
export function openCall<D extends CallDef>(def: D): D {
  return { ...def, public: true };
}

/** Route key (`login`, `file/:id`, `api/v1/list`) → call. Declare tables with `satisfies CallTable` to keep their types. */
export type CallTable = Record<string, CallDef>;

/** What a call accepts and returns when it was defined. */
export interface CallSpec<S extends z.core.$ZodType, Out extends CallResult> {
  method?: Method;
  input?: S;
  body?: 'json' | 'raw';
  maxBody?: number;
  tooLarge?: string;
  public?: boolean;
  handle(args: CallArgs<z.output<S>>): Promise<Out> | Out;
}

/**
 * Defines a call: the handler gets the schema's output type; the call keeps the schema's input type and the
 * handler's result type (inferred, or declared: `defineCall<typeof schema, {total: number}>`); a `body: 'raw'` call
 * keeps that mark too, so the browser's `call()` leaves it out.
 */
export function defineCall<
  S extends z.core.$ZodType = z.core.$ZodType<Record<string, unknown>>,
  Out extends CallResult = CallResult,
  B extends 'json' | 'raw' = 'json',
>(def: CallSpec<S, Out> & { body?: B }): CallDef<z.input<S>, Out> & { body?: B } {
  return def as unknown as CallDef<z.input<S>, Out> & { body?: B };
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
