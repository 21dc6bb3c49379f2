import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { apiCall, authApi, filesApi, notyApi, productApi } from '@/lib/client/api';
import { ApiError, isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
};
const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
};

/** The (url, init) of the only fetch call made. */
const sent = (): { url: string; init: RequestInit; headers: Headers } => {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as FetchArgs;
  return { url, init, headers: new Headers(init.headers) };
};

/** Awaits a promise that must reject and returns what it rejected with. */
const rejection = async (p: Promise<unknown>): Promise<unknown> => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
};

const apiErrorOf = async (p: Promise<unknown>): Promise<ApiError> => {
  const e = await rejection(p);
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
};

beforeEach(() => {
  clearCookies();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => json({ ok: true, msg: 'Готово' }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

describe('apiCall — request', () => {
  it('POSTs JSON with the bearer from the accessToken cookie and same-origin credentials', async () => {
    setCookie('accessToken', 'eyJhbGciOi.payload.sig');
    await apiCall('/api/v1/x', { a: 1 });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/v1/x');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer eyJhbGciOi.payload.sig');
  });

  it('sends an empty bearer ("Bearer ") when there is no accessToken cookie', async () => {
    await apiCall('/api/v1/x');
    const { init } = sent();
    // Read the raw header object: `Headers` would trim the trailing space.
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer ');
  });

  it('adds X-XSRF-TOKEN from the cookie on POST', async () => {
    setCookie('XSRF-TOKEN', 'abc.def');
    await apiCall('/api/v1/x', {});
    expect(sent().headers.get('X-XSRF-TOKEN')).toBe('abc.def');
  });

  it('sends no X-XSRF-TOKEN when the cookie is absent', async () => {
    await apiCall('/api/v1/x', {});
    expect(sent().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends no X-XSRF-TOKEN and no body on GET', async () => {
    setCookie('XSRF-TOKEN', 'abc.def');
    await apiCall('/api/health', undefined, { method: 'GET' });
    const { init, headers } = sent();
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('serialises the body as JSON, and an absent body as {}', async () => {
    const body = { name: 'ООО «Ромашка»', items: [{ qty: '1 234,56' }], n: null };
    await apiCall('/api/v1/x', body);
    await apiCall('/api/v1/y');
    const [, first] = fetchMock.mock.calls[0] as FetchArgs;
    const [, second] = fetchMock.mock.calls[1] as FetchArgs;
    expect(typeof first.body).toBe('string');
    expect(JSON.parse(first.body as string)).toEqual(body);
    expect(second.body).toBe('{}');
  });

  it('lets the caller add headers', async () => {
    await apiCall('/api/v1/x', {}, { headers: { 'X-Trace': '42' } });
    const { headers } = sent();
    expect(headers.get('X-Trace')).toBe('42');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('adds no timeout: no signal when the caller passes none, the caller’s own signal otherwise', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await apiCall('/api/v1/x');
    const controller = new AbortController();
    await apiCall('/api/v1/y', {}, { signal: controller.signal });
    expect((fetchMock.mock.calls[0] as FetchArgs)[1].signal ?? undefined).toBeUndefined();
    expect((fetchMock.mock.calls[1] as FetchArgs)[1].signal).toBe(controller.signal);
    expect(timeout).not.toHaveBeenCalled();
  });

  it('service helpers call their bases', async () => {
    await authApi('login', { login: 'a@b.ru' });
    await filesApi('folder/list');
    await notyApi('list');
    await productApi('calculators/vat', { amount: '100' });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/auth-back/api/v2/login',
      '/file-manager-service/api/v1/folder/list',
      '/noty/api/v1/list',
      '/api/v1/calculators/vat',
    ]);
    expect(JSON.parse((fetchMock.mock.calls[0] as FetchArgs)[1].body as string)).toEqual({ login: 'a@b.ru' });
  });
});

describe('apiCall — answers', () => {
  it('returns the fields of a success answer', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true, msg: 'Готово', total: '1234.56', rows: [1, 2] }));
    const res = await apiCall<{ total: string; rows: number[] }>('/api/v1/x', {});
    expect(res).toEqual({ ok: true, msg: 'Готово', total: '1234.56', rows: [1, 2] });
    expect(res.total).toBe('1234.56');
  });

  it('throws ApiError with code, status, msg, fields and body for {ok:false}', async () => {
    const answer = {
      ok: false,
      msg: 'Проверьте введённые данные',
      code: 'INVALID_INPUT',
      fields: { 'items.0.qty': 'Введите число' },
    };
    fetchMock.mockResolvedValueOnce(json(answer, 422));
    const err = await apiErrorOf(apiCall('/api/v1/x', {}));
    expect(isApiError(err)).toBe(true);
    expect(err.code).toBe('INVALID_INPUT');
    expect(err.status).toBe(422);
    expect(err.message).toBe('Проверьте введённые данные');
    expect(err.fields).toEqual({ 'items.0.qty': 'Введите число' });
    expect(err.body).toEqual(answer);
  });

  it('keeps extra failure fields in body', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ ok: false, msg: 'Загружены не все части', code: 'UPLOAD_INCOMPLETE', missing: [3, 4] }, 409),
    );
    const err = await apiErrorOf(apiCall('/file-manager-service/api/v1/upload/finish', {}));
    expect(err.code).toBe('UPLOAD_INCOMPLETE');
    expect(err.fields).toBeUndefined();
    expect(err.body.missing).toEqual([3, 4]);
  });

  it('turns a non-JSON answer (HTML 502 from a proxy) into BAD_RESPONSE with a Russian message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    );
    const err = await apiErrorOf(apiCall('/api/v1/x', {}));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.status).toBe(502);
    expect(err.message).toBe('Сервер вернул неожиданный ответ (код 502). Попробуйте ещё раз.');
  });

  it('turns JSON that is not an envelope into BAD_RESPONSE', async () => {
    fetchMock.mockResolvedValueOnce(json([1, 2, 3]));
    const err = await apiErrorOf(apiCall('/api/v1/x', {}));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.status).toBe(200);
  });

  it('turns a fetch rejection into NETWORK_ERROR with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await apiErrorOf(apiCall('/api/v1/x', {}));
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.status).toBe(0);
    expect(err.message).toBe('Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.');
  });

  it('rethrows an abort as is, not as ApiError', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = apiCall('/api/v1/x', {}, { signal: controller.signal });
    controller.abort();
    const e = await rejection(pending);
    expect(isApiError(e)).toBe(false);
    expect(e).toBe(controller.signal.reason);
    expect((e as Error).name).toBe('AbortError');
  });

  it('rethrows an abort with a custom reason unchanged', async () => {
    const controller = new AbortController();
    const reason = { why: 'route changed' };
    controller.abort(reason);
    fetchMock.mockImplementationOnce(async (_url, init) => {
      throw init.signal?.reason;
    });
    expect(await rejection(apiCall('/api/v1/x', {}, { signal: controller.signal }))).toBe(reason);
  });
});

describe('userMessage', () => {
  const err = (code: string, msg: string, status = 400) => new ApiError(code, msg, { status });

  it('maps the two English wire messages to Russian by code', () => {
    expect(userMessage(err('USER_NOT_FOUND', 'User not found', 404))).toBe('Пользователь с такой почтой не найден');
    expect(userMessage(err('JWT_EXPIRED', 'jwt expired', 401))).toBe('Сеанс истёк. Войдите снова.');
  });

  it('never shows the English wire messages raw, even without our code', () => {
    expect(userMessage(err('BAD_RESPONSE', 'User not found', 404))).toBe('Пользователь с такой почтой не найден');
    expect(userMessage(err('BAD_RESPONSE', 'jwt expired', 401))).toBe('Сеанс истёк. Войдите снова.');
  });

  it('shows the Russian msg of other ApiErrors', () => {
    expect(userMessage(err('NETWORK_ERROR', 'Нет связи с сервером.', 0))).toBe('Нет связи с сервером.');
    expect(userMessage(err('CONFLICT', 'Папка с таким именем уже есть', 409))).toBe('Папка с таким именем уже есть');
  });

  it('says so when a piece of the app loaded on demand could not be fetched', () => {
    const chunk = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
    expect(userMessage(chunk)).toBe('Не удалось загрузить часть приложения. Проверьте связь и обновите страницу.');
    expect(userMessage(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/x.js'))).toMatch(/^Не удалось загрузить часть приложения/);
  });

  it('falls back to a generic Russian text for anything else', () => {
    const generic = 'Что-то пошло не так. Попробуйте ещё раз.';
    expect(userMessage(new Error('boom'))).toBe(generic);
    expect(userMessage('oops')).toBe(generic);
    expect(userMessage(undefined)).toBe(generic);
    expect(userMessage(err('X', ''))).toBe(generic);
  });

  it('maps a real {ok:false} USER_NOT_FOUND answer end to end', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' }, 404));
    const e = await rejection(authApi('login', { login: 'nobody@example.ru', password: 'x' }));
    expect(userMessage(e)).toBe('Пользователь с такой почтой не найден');
  });
});

describe('apiCall — a token about to expire', () => {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  /** An access token (unsigned: the browser only reads its expiry) expiring in `inS` seconds. */
  const token = (inS: number, n: number) => `${b64({ alg: 'RS256' })}.${b64({ sub: `u${n}`, exp: Math.floor(Date.now() / 1000) + inS })}.sig`;
  const answerRefresh = (fresh: string) =>
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/regenerateTokens') ? json({ ok: true, msg: 'Токены обновлены', accessToken: fresh }) : json({ ok: true, msg: 'Готово' }),
    );
  const urls = () => fetchMock.mock.calls.map(([url]) => url);
  const bearerOf = (i: number) => new Headers((fetchMock.mock.calls[i] as FetchArgs)[1].headers).get('Authorization');

  it('is renewed before the call (not refused first); a fresh one is not; a clock that sees every new token expired renews only on refusal', async () => {
    const fresh = token(3600, 2);
    setCookie('accessToken', token(2, 1));
    answerRefresh(fresh);
    await apiCall('/product/api/v1/x', {});
    expect(urls()).toEqual(['/auth-back/api/v2/regenerateTokens', '/product/api/v1/x']);
    expect(bearerOf(1)).toBe(`Bearer ${fresh}`);

    fetchMock.mockClear();
    await apiCall('/product/api/v1/x', {});
    expect(urls()).toEqual(['/product/api/v1/x']);

    // This device's clock is far ahead: the token just issued already looks expired — no renewal before every call.
    setCookie('accessToken', token(2, 3));
    answerRefresh(token(1, 4));
    fetchMock.mockClear();
    await apiCall('/product/api/v1/x', {});
    expect(urls()).toEqual(['/auth-back/api/v2/regenerateTokens', '/product/api/v1/x']);
    fetchMock.mockClear();
    await apiCall('/product/api/v1/x', {});
    expect(urls()).toEqual(['/product/api/v1/x']);
  });
});
