import type { CallInput, CallName, CallOutput, ServiceName } from '@/lib/contract';
import { apiCall, type ApiOptions } from './api';

/** Where each service is mounted (the same bases as the server's gateway; a unit test compares them). */
export const SERVICE_BASE = {
  auth: '/auth-back/api/v2',
  files: '/file-manager-service/api/v1',
  noty: '/noty',
  product: '/api/v1',
} as const satisfies Record<ServiceName, string>;

/** `input` may be left out when the call takes an empty object. */
export type InputArg<S extends ServiceName, N extends CallName<S>> = Record<never, never> extends CallInput<S, N>
  ? [input?: CallInput<S, N>, opts?: ApiOptions]
  : [input: CallInput<S, N>, opts?: ApiOptions];

/**
 * Calls `name` of `service` (`call('product', 'companies/list', {...})`) through the shared client
 * (`apiCall`: bearer, XSRF, one silent refresh on `jwt expired`); input and answer are typed by the
 * server's call table (lib/contract.ts). A failure throws `ApiError`.
 */
export function call<S extends ServiceName, N extends CallName<S>>(service: S, name: N, ...[input, opts]: InputArg<S, N>): Promise<CallOutput<S, N>> {
  return apiCall(`${SERVICE_BASE[service]}/${name}`, input ?? {}, opts) as Promise<CallOutput<S, N>>;
}
