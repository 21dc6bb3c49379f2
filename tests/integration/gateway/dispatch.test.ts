// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '@/lib/server/errors';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { defineCall, openCall, type CallTable, type ServiceDef } from '@/lib/server/gateway/types';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

/** Calls open to callers without a session (the gateway's own steps are under test here). */
const open = (table: CallTable): CallTable => Object.fromEntries(Object.entries(table).map(([k, d]) => [k, openCall(d)]));

const service: ServiceDef = {
  name: 'test',
  base: '/svc/api/v1',
  table: {
    mine: defineCall({
      input: z.object({ title: z.string().min(3), notes: z.string().optional() }),
      handle: ({ input }) => ({ title: input.title }),
    }),
    'mine/:id': { method: 'GET', handle: ({ params }) => ({ id: params.id }) },
    ...open({
      echo: defineCall({
        input: z.object({ name: z.string().min(1), qty: z.number().int().positive(), items: z.array(z.string()).optional() }),
        handle: ({ input, ip }) => ({ greeting: `Здравствуйте, ${input.name}`, qty: input.qty, ip }),
      }),
      free: { handle: ({ input }) => ({ got: input, msg: 'Принято' }) },
      conflict: {
        handle: () => {
          throw new ServiceError('CONFLICT', 'Документ изменён другим пользователем.', { extra: { version: 7 } });
        },
      },
      limited: {
        handle: () => {
          throw new ServiceError('RATE_LIMITED', 'Слишком много попыток.', { headers: { 'Retry-After': '60' } });
        },
      },
      boom: {
        handle: () => {
          throw new Error('secret database detail at /srv/db');
        },
      },
      'file/:id': { method: 'GET', handle: ({ params, input }) => ({ id: params.id, query: input }) },
      raw: { body: 'raw', handle: async ({ req }) => new Response(await req.text(), { status: 201 }) },
      small: { maxBody: 100, handle: () => ({}) },
      db: {
        handle: async ({ ctx }) => {
          const r = await ctx.database.exec('select 1');
          return { driver: ctx.database.driver, r: r ?? null };
        },
      },
    }),
  },
};

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  // The test requests come "through" a trusted proxy that wrote X-Forwarded-For (lib/server/client-ip.ts).
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init;
  const req = new Request(`http://localhost/svc/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
    body: json === undefined ? rest.body : JSON.stringify(json),
    ...(json === undefined ? rest : { ...rest, body: JSON.stringify(json) }),
  });
  return dispatch(service, req, ctx);
};

describe(`gateway dispatch (${testDriver()})`, () => {
  it('answers a valid call with the success envelope', async () => {
    const res = await call('echo', { json: { name: 'Анна', qty: 2 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ ok: true, msg: 'Готово', greeting: 'Здравствуйте, Анна', qty: 2, ip: '203.0.113.7' });
  });

  it('keeps a handler message and treats an empty body as {}', async () => {
    const res = await call('free', { body: '' });
    expect(await res.json()).toEqual({ ok: true, msg: 'Принято', got: {} });
  });

  it('unknown call → 404 UNKNOWN_CALL', async () => {
    const res = await call('nope', { json: {} });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, code: 'UNKNOWN_CALL', msg: 'Такого вызова нет.' });
    expect((await call('', { json: {} })).status).toBe(404);
    expect((await call('echo/extra', { json: {} })).status).toBe(404);
  });

  it('wrong method → 405 with Allow', async () => {
    const res = await call('echo', { method: 'GET', body: undefined });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ ok: false, code: 'METHOD_NOT_ALLOWED' });
    const put = await call('file/5', { method: 'PUT', json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET');
  });

  it('malformed JSON → 400 BAD_JSON; a non-object body too', async () => {
    for (const body of ['{"name": ', 'null', '[1,2]', '"text"', '42']) {
      const res = await call('echo', { body });
      expect(res.status, body).toBe(400);
      const answer = (await res.json()) as { code: string; msg: string };
      expect(answer.code).toBe('BAD_JSON');
      expect(answer.msg).toMatch(/JSON/);
    }
  });

  it('invalid body → 422 with Russian field messages', async () => {
    const res = await call('echo', { json: { name: '', qty: -1, items: ['a', 5] } });
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { code: string; msg: string; fields: Record<string, string> };
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.msg).toBe('Проверьте введённые данные.');
    expect(Object.keys(answer.fields).sort()).toEqual(['items.1', 'name', 'qty']);
    for (const text of Object.values(answer.fields)) expect(text).toMatch(/[а-яё]/i);
  });

  it('a ServiceError keeps its status, extra fields and headers', async () => {
    const res = await call('conflict', { json: {} });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ ok: false, code: 'CONFLICT', msg: 'Документ изменён другим пользователем.', version: 7 });
    const limited = await call('limited', { json: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('an unexpected error → 500 with a generic Russian message; the cause goes to the log only', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await call('boom', { json: {} });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ ok: false, code: 'INTERNAL', msg: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.' });
      expect(text).not.toContain('secret');
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]?.[0])).toContain('secret database detail');
    } finally {
      spy.mockRestore();
    }
  });

  it('GET calls take the query as input and route parameters from the path', async () => {
    const res = await call('file/%D0%B0%D0%B1?download=1', { method: 'GET', body: undefined });
    expect(await res.json()).toMatchObject({ ok: true, id: 'аб', query: { download: '1' } });
  });

  it('raw calls read the request themselves and may answer any Response', async () => {
    const res = await call('raw', { body: 'bytes as sent', headers: { 'content-type': 'application/octet-stream' } });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('bytes as sent');
  });

  it('a body over the limit → 413, declared or streamed', async () => {
    const declared = await call('small', { json: { text: 'x'.repeat(200) } });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new TextEncoder().encode('{"a":"' + 'y'.repeat(64)));
      },
    });
    const streamed = await dispatch(
      service,
      new Request('http://localhost/svc/api/v1/small', { method: 'POST', body: stream, duplex: 'half' } as RequestInit),
      ctx,
    );
    expect(streamed.status).toBe(413);
  });

  it('handlers get the database of the context', async () => {
    const res = await call('db', { json: {} });
    expect(await res.json()).toMatchObject({ ok: true, driver: testDriver() });
  });

  it('a call with a session: a caller without one gets 401 before the input is judged (no schema revealed)', async () => {
    for (const json of [{}, { title: 1 }, { title: 'Отчёт' }, { title: 'a\u0000' }]) {
      const res = await call('mine', { json });
      expect(res.status, JSON.stringify(json)).toBe(401);
      const answer = (await res.json()) as Record<string, unknown>;
      expect(answer).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      expect(answer.fields).toBeUndefined();
    }
    const forged = await call('mine', { json: { title: 1 }, headers: { authorization: 'Bearer a.b.c', 'content-type': 'application/json' } });
    expect(forged.status).toBe(401);
    expect((await call('mine/x', { method: 'GET', body: undefined })).status).toBe(401);
    const signedIn = await call('mine', { json: { title: 1 }, headers: user.headers });
    expect(signedIn.status).toBe(422);
    expect((await call('mine', { json: { title: 'Отчёт' }, headers: user.headers })).status).toBe(200);
  });

  it('a control character in any string or key → 422 naming the field; tab and line breaks pass', async () => {
    const bad: Array<[unknown, string]> = [
      [{ name: 'А\u0000', qty: 1 }, 'name'],
      [{ name: 'Анна', qty: 1, items: ['ok', 'x\u001b[31m'] }, 'items.1'],
      [{ name: 'Анна', qty: 1, items: ['\u007f'] }, 'items.0'],
      [{ name: 'Анна', qty: 1, items: ['\ud800'] }, 'items.0'],
      [{ name: 'Анна', qty: 1, 'ke\u0000y': 1 }, '_'],
    ];
    for (const [json, field] of bad) {
      const res = await call('echo', { json });
      expect(res.status, field).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: 'Уберите из текста служебные символы.' } });
    }
    const get = await call('file/1?q=a%00b', { method: 'GET', body: undefined });
    expect(get.status).toBe(422);
    const fine = await call('mine', { json: { title: 'Отчёт 😀', notes: 'строка 1\n\tстрока 2\r\n' }, headers: user.headers });
    expect(fine.status).toBe(200);
  });

  it('a path id with a control character → 404; a path that does not decode → 400', async () => {
    const res = await call('file/a%00b', { method: 'GET', body: undefined });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const undecodable = await call('file/%ff', { method: 'GET', body: undefined });
    expect(undecodable.status).toBe(400);
    expect(await undecodable.json()).toMatchObject({ ok: false, code: 'BAD_REQUEST', msg: expect.stringMatching(/кодирование/) });
  });

  it('JSON nested deeper than the limit → 400 BAD_JSON, without overflowing the stack', async () => {
    const deep = '{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    const res = await dispatch(
      service,
      new Request('http://localhost/svc/api/v1/free', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }),
      ctx,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_JSON', msg: expect.stringMatching(/вложенность/) });
    const ok = await call('free', { json: { a: JSON.parse('['.repeat(60) + ']'.repeat(60)) } });
    expect(ok.status).toBe(200);
  });

  it('a JSON call with a body not declared JSON → 415', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await call('free', { body: '{"a":1}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', msg: expect.stringMatching(/JSON/) });
    }
  });
});
