// @vitest-environment node
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from '@/proxy';

const request = (headers: Record<string, string>, method = 'POST') =>
  new NextRequest('http://kalkulus.ru/api/v1/app/info', { method, headers: { host: 'kalkulus.ru', ...headers } });

describe('proxy.ts', () => {
  it('refuses a cross-site state-changing call with the JSON envelope', async () => {
    const res = await proxy(request({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ok: false, msg: 'Запрос с другого сайта отклонён.', code: 'FORBIDDEN' });
  });
  it('passes same-site calls on', async () => {
    const res = await proxy(request({ origin: 'http://kalkulus.ru', 'sec-fetch-site': 'same-origin' }));
    expect(res.headers.get('x-middleware-next')).toBe('1');
  });
  it('covers every service mount', () => {
    expect(config.matcher).toEqual(
      expect.arrayContaining(['/auth-back/:path*', '/file-manager-service', '/noty/:path*', '/api/:path*']),
    );
  });
  it('leaves uploadChunk out (its body streams; the call checks the origin itself) but keeps every other file call', () => {
    const fm = config.matcher.find((m) => m.startsWith('/file-manager-service/'));
    expect(fm).toBeDefined();
    const re = new RegExp('^' + fm!.replace('/file-manager-service/', '/file-manager-service/(?:') + ')$');
    expect(re.test('/file-manager-service/api/v1/uploadChunk')).toBe(false);
    expect(re.test('/file-manager-service/api/v1/createUpload')).toBe(true);
    expect(re.test('/file-manager-service/api/v1/file/123')).toBe(true);
  });
});
