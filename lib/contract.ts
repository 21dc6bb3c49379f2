/**
 * The wire contract as types, read off the server's call tables: what each call takes and answers.
 * Only types cross here (`import type`, erased at build; ESLint refuses a value import from lib/server in
 * this file), so the browser bundle gets no server code. The browser calls through `call()`
 * (lib/client/call.ts); a renamed field in a handler's answer breaks the pages that read it.
 */
import type { ErrorCode } from '@/lib/server/errors';
import type { services } from '@/lib/server/gateway/services';
import type { CallDef } from '@/lib/server/gateway/types';

export type { ErrorCode };

type Services = typeof services;
type Table<S extends keyof Services> = Services[S]['table'];

/** A value as it arrives after `JSON.stringify` → `JSON.parse`: dates and decimals become strings. */
export type Json<T> = unknown extends T
  ? unknown
  : T extends { toJSON(): infer J }
    ? Json<J>
    : T extends string | number | boolean | null | undefined
      ? T
      : T extends bigint | symbol | ((...args: never[]) => unknown)
        ? never
        : T extends readonly (infer U)[]
          ? Json<U>[]
          : T extends object
            ? { [K in keyof T]: Json<T[K]> }
            : never;

type OutOf<D> = D extends CallDef<infer _In, infer Out> ? Out : never;
type InOf<D> = D extends CallDef<infer In, infer _Out> ? In : never;

/** `Omit` over each member of a union (a handler that answers one of several shapes keeps them apart). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A call's success answer: the handler's fields as JSON, with `ok` and `msg`. */
export type CallAnswer<D> = Json<OmitEach<Exclude<OutOf<D>, Response>, 'msg'>> & { ok: true; msg: string };

/**
 * Calls that take and answer JSON; downloads and streams (their handler returns a `Response`) and raw bodies
 * (`body: 'raw'`, the multipart `uploadChunk`) are left out.
 */
export type CallName<S extends keyof Services> = {
  [N in keyof Table<S>]: Table<S>[N] extends { body?: 'raw' } ? never : [Exclude<OutOf<Table<S>[N]>, Response>] extends [never] ? never : N;
}[keyof Table<S>] &
  string;

/** Services that have JSON calls. */
export type ServiceName = { [S in keyof Services]: [CallName<S>] extends [never] ? never : S }[keyof Services];

/** What a call takes: the input side of its schema (before defaults and transforms). */
export type CallInput<S extends ServiceName, N extends CallName<S>> = InOf<Table<S>[N]>;

/** What a call answers on success: the handler's fields as JSON, with `ok` and `msg`. */
export type CallOutput<S extends ServiceName, N extends CallName<S>> = CallAnswer<Table<S>[N]>;
