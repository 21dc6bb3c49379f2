import Cookies from 'js-cookie';
import type { FieldErrors } from '@/lib/schemas/envelope';
import { ApiError } from './api-error';
import { refreshAccessToken, renewIfExpiring } from './refresh';

/**
 * The one shared browser client: JSON POST, bearer from the `accessToken` cookie,
 * `X-XSRF-TOKEN` on state-changing calls, no timeout. A `{ok:false}` answer, a non-JSON answer and a
 * network failure all become an `ApiError`; an abort is rethrown unchanged.
 */

export type ApiOptions = {
  method?: 'POST' | 'GET';
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiSuccess<T extends object> = T & { ok: true; msg: string };

const NETWORK_MSG = 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';
const badResponseMsg = (status: number) =>
  `Сервер вернул неожиданный ответ (код ${status}). Попробуйте ещё раз.`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when the failure is the caller's abort (fetch rejects with `signal.reason`, an AbortError by default). */
const isAbort = (e: unknown, signal?: AbortSignal) =>
  signal?.aborted === true || (e instanceof Error && e.name === 'AbortError');

/**
 * A token about to expire is renewed before a call of the product's services; a `jwt expired` answer from any call forces one silent
 * refresh (lib/client/refresh) and one retry with the new token; other failures are thrown as they are.
 */
export async function apiCall<T extends object = Record<string, unknown>>(
  url: string,
  body?: unknown,
  opts: ApiOptions = {},
): Promise<ApiSuccess<T>> {
  // The auth service's own calls (sign-in, the session check, the refresh itself) take the token as it is.
  const renewing = url.startsWith('/auth-back/') ? null : renewIfExpiring();
  if (renewing) await renewing;
  const before = Cookies.get('accessToken');
  try {
    return await apiCallOnce<T>(url, body, opts);
  } catch (err) {
    const expired = err instanceof ApiError && (err.code === 'JWT_EXPIRED' || err.message.trim().toLowerCase() === 'jwt expired');
    if (!expired || url.endsWith('/regenerateTokens') || !(await refreshAccessToken(before))) throw err;
    // Calls that carry the token in the body (auth-back v2) get the new one too.
    const retryBody =
      isRecord(body) && before !== undefined && body.accessToken === before
        ? { ...body, accessToken: Cookies.get('accessToken') ?? '' }
        : body;
    return apiCallOnce<T>(url, retryBody, opts);
  }
}

async function apiCallOnce<T extends object>(url: string, body: unknown, opts: ApiOptions): Promise<ApiSuccess<T>> {
  const method = opts.method ?? 'POST';
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    // Always sent: `Bearer ` with an empty token when signed out, as the auth-back, file-manager and noty protocols expect.
    Authorization: `Bearer ${Cookies.get('accessToken') ?? ''}`,
  };
  const xsrf = Cookies.get('XSRF-TOKEN');
  if (method !== 'GET' && xsrf !== undefined) headers['X-XSRF-TOKEN'] = xsrf;
  Object.assign(headers, opts.headers);

  let status: number;
  let text: string;
  try {
    const res = await fetch(url, {
      method,
      headers,
      // GET carries no body: put its parameters in the URL.
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal: opts.signal,
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (isAbort(e, opts.signal)) throw e;
    throw new ApiError('NETWORK_ERROR', NETWORK_MSG, { status: 0 });
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('BAD_RESPONSE', badResponseMsg(status), { status });
  }
  if (!isRecord(json) || typeof json.ok !== 'boolean') {
    throw new ApiError('BAD_RESPONSE', badResponseMsg(status), { status, body: isRecord(json) ? json : {} });
  }
  if (json.ok) return json as ApiSuccess<T>;

  if (!isFailure(json)) {
    // `{ok:false}` without a proper code/msg — not our contract.
    const msg = typeof json.msg === 'string' && json.msg !== '' ? json.msg : badResponseMsg(status);
    throw new ApiError('BAD_RESPONSE', msg, { status, body: json });
  }
  throw new ApiError(json.code, json.msg, { status, fields: json.fields, body: json });
}

/**
 * The failure envelope (docs/api.md), checked by hand: the browser bundle stays free of zod
 * (the shared client is on every page; zod with its locale is ~90 KB gzip).
 */
function isFailure(v: Record<string, unknown>): v is { ok: false; code: string; msg: string; fields?: FieldErrors } {
  if (v.ok !== false || typeof v.code !== 'string' || typeof v.msg !== 'string') return false;
  if (v.fields === undefined) return true;
  return isRecord(v.fields) && Object.values(v.fields).every((m) => typeof m === 'string');
}

const onBase =
  (base: string) =>
  <T extends object = Record<string, unknown>>(call: string, body?: unknown, opts?: ApiOptions) =>
    apiCall<T>(`${base}/${call}`, body, opts);

/** Auth service, docs/api.md. */
export const authApi = onBase('/auth-back/api/v2');
/** File manager, docs/api.md. */
export const filesApi = onBase('/file-manager-service/api/v1');
/** Notifications, docs/api.md. */
export const notyApi = onBase('/noty/api/v1');
/** The product's own calls, docs/api.md (`path` may contain slashes, e.g. `calculators/vat`). */
export const productApi = onBase('/api/v1');
