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

  it('gives a page its Content-Security-Policy with a fresh nonce, on the request (for Next) and on the answer', async () => {
    const page = () => proxy(new NextRequest('http://kalkulus.ru/auth?next=%2Fcompanies', { headers: { host: 'kalkulus.ru' } }));
    const [a, b] = [await page(), await page()];
    const csp = a.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(b.headers.get('content-security-policy')).not.toBe(csp);
  });
  it('leaves the service answers their own headers (no page policy on a call)', async () => {
    const res = await proxy(request({ origin: 'http://kalkulus.ru' }));
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
  it('runs on every page but never on uploadChunk, the built assets or the static theme', () => {
    const pages = config.matcher.find((m) => m.startsWith('/((?!'));
    expect(pages).toBeDefined();
    const re = new RegExp(`^${pages!}$`);
    for (const p of ['/', '/auth', '/landing', '/companies/1', '/confirm-email/x', '/no-such-page']) expect(re.test(p), p).toBe(true);
    for (const p of ['/_next/static/chunks/a.js', '/themes/kalkulus/theme.css', '/file-manager-service/api/v1/uploadChunk']) {
      expect(re.test(p), p).toBe(false);
    }
  });
});
