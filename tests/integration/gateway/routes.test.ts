// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authRoute from '@/app/auth-back/api/v2/[...path]/route';
import * as filesRoute from '@/app/file-manager-service/api/v1/[...path]/route';
import * as notyRoute from '@/app/noty/[...path]/route';
import * as productRoute from '@/app/api/v1/[...path]/route';
import * as healthRoute from '@/app/api/health/route';
import * as readyRoute from '@/app/api/ready/route';
import { setAppContext } from '@/lib/server/context';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PRODUCT_NAME: 'Калькулус-тест', MESSENGER_URL: 'https://t.me/kalkulus_help' });
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.destroy();
});

const post = (url: string, body: unknown = {}) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe(`route handlers on the embedded services (${testDriver()})`, () => {
  it.each([
    ['auth', authRoute, '/auth-back/api/v2/noSuchCall'],
    ['file manager', filesRoute, '/file-manager-service/api/v1/noSuchCall'],
    ['file manager file/{id}/x', filesRoute, '/file-manager-service/api/v1/file/42/x'],
    ['noty api', notyRoute, '/noty/api/v1/noSuchCall'],
    ['noty private', notyRoute, '/noty/private/noSuchCall'],
    ['product', productRoute, '/api/v1/no/such/call'],
  ])('%s: an unknown call is a JSON 404 UNKNOWN_CALL', async (_name, route, url) => {
    const res = await route.POST(post(url));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, msg: 'Такого вызова нет.', code: 'UNKNOWN_CALL' });
  });

  it('product call app/info answers through the gateway with this installation', async () => {
    const res = await productRoute.POST(post('/api/v1/app/info'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      productName: 'Калькулус-тест',
      messengerUrl: 'https://t.me/kalkulus_help',
      database: testDriver(),
      storage: 'disk',
      services: { auth: 'embedded', files: 'embedded', noty: 'embedded' },
    });
  });

  it('a product call with the wrong method is a JSON 405', async () => {
    const res = await productRoute.GET(new Request('http://localhost/api/v1/app/info'));
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ ok: false, code: 'METHOD_NOT_ALLOWED' });
  });

  it('malformed JSON through a route is a 400', async () => {
    const res = await productRoute.POST(
      new Request('http://localhost/api/v1/app/info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, code: 'BAD_JSON' });
  });

  it('/api/health and the gateway health call give the same JSON', async () => {
    const direct = (await (await healthRoute.GET()).json()) as Record<string, unknown>;
    const viaGateway = (await (await productRoute.POST(post('/api/v1/health'))).json()) as Record<string, unknown>;
    expect(direct).toMatchObject({ ok: true, msg: 'Сервис работает', status: 'alive' });
    expect(Object.keys(viaGateway).sort()).toEqual(Object.keys(direct).sort());
    expect(viaGateway.status).toBe(direct.status);
  });

  it('/api/ready checks the database and the blob store', async () => {
    const res = await readyRoute.GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, ready: true, checks: { database: 'ok', storage: 'ok' } });
  });

  it('/api/ready answers 503 when the blob store is unreachable', async () => {
    const broken = { ...ctx, blobs: { ...ctx.blobs, ping: () => Promise.reject(new Error('disk gone')) } };
    setAppContext(broken);
    try {
      const res = await readyRoute.GET();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, code: 'NOT_READY', checks: { database: 'ok', storage: 'fail' } });
    } finally {
      setAppContext(ctx);
    }
  });
});
