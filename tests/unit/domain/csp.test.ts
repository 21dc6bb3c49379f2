// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isServicePath, newNonce, pageCsp } from '@/lib/domain/csp';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('pageCsp', () => {
  it('scripts only with the nonce (or loaded by a nonced script), never inline or eval in production', () => {
    const d = directives(pageCsp({ nonce: 'abc123==' }));
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('dev adds eval (Next needs it), https adds upgrade-insecure-requests', () => {
    expect(directives(pageCsp({ nonce: 'n', dev: true })).get('script-src')).toContain("'unsafe-eval'");
    expect(directives(pageCsp({ nonce: 'n', https: true })).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('newNonce', () => {
  it('128 bits of base64, different every time', () => {
    const seen = new Set(Array.from({ length: 200 }, newNonce));
    expect(seen.size).toBe(200);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('isServicePath', () => {
  it.each(['/api', '/api/health', '/auth-back/api/v2/login', '/file-manager-service/api/v1/file/x', '/noty/api/v1/list'])('%s is a service', (p) =>
    expect(isServicePath(p)).toBe(true),
  );
  it.each(['/', '/auth', '/apis', '/api-docs', '/file/abc', '/noty-page', '/companies'])('%s is a page', (p) => expect(isServicePath(p)).toBe(false));
});
