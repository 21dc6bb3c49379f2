// @vitest-environment node
/**
 * Every page and every call carries the security headers. Walks every route of the app (the breadcrumb
 * table and the menu) and every call of every gateway table, and matches each path with Next's own
 * compilers against the real `next.config.mjs` header rules and the real proxy matcher (which gives pages
 * their Content-Security-Policy). The e2e suite (tests/e2e/security-headers.spec.ts) checks the same headers
 * on the running production server.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildCustomRoute } from 'next/dist/lib/build-custom-route';
import { config as proxyConfig } from '@/proxy';
import { isServicePath } from '@/lib/domain/csp';
import { MENU } from '@/lib/domain/layout/menu';
import { DEMO_BREADCRUMBS } from '@/components/demo/pages';
import { ROUTE_BREADCRUMBS } from '@/lib/domain/layout/routes';
import { services } from '@/lib/server/gateway/services';
import { SAFE_HEADERS } from '@/lib/server/services/files/get-file';
import { loadNextConfig } from '../../helpers/next-config';

type Header = { key: string; value: string };
/** Next's own compiler of proxy matchers (not in its type declarations). */
const { getMiddlewareMatchers } = createRequire(import.meta.url)('next/dist/build/analysis/get-page-static-info') as {
  getMiddlewareMatchers: (matcher: unknown, config: unknown) => Array<{ regexp: string }>;
};
const nextConfig = await loadNextConfig();
const rules = (await nextConfig.headers!()).map((r) => ({ ...buildCustomRoute('header', r), headers: r.headers as Header[] }));
const proxyMatchers = getMiddlewareMatchers(proxyConfig.matcher, {}).map((m) => new RegExp(m.regexp));

/** The headers Next adds to an answer at `path` (later rules override earlier ones, as in Next). */
function configHeaders(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rules) if (new RegExp(r.regex).test(path)) for (const h of r.headers) out.set(h.key.toLowerCase(), h.value);
  return out;
}
const proxied = (path: string) => proxyMatchers.some((re) => re.test(path));

const sample = (pattern: string): string[] => {
  const segs = pattern.split('/').filter(Boolean);
  const last = segs.at(-1) ?? '';
  const fill = (s: string[]) => `/${s.map((x) => (x.startsWith('[') ? 'x1' : x)).join('/')}`;
  if (last.startsWith('[[...')) return [fill(segs.slice(0, -1)).replace(/\/$/, '') || '/', fill(segs)];
  return [fill(segs)];
};
const PAGES = [
  ...new Set([
    ...Object.keys({ ...ROUTE_BREADCRUMBS, ...DEMO_BREADCRUMBS }).flatMap(sample),
    ...MENU.flatMap((s) => (s.items ?? []).map((i) => i.to).filter((to): to is string => typeof to === 'string')),
    '/no-such-page',
  ]),
];
const CALLS = Object.values(services).flatMap((s) => [
  ...Object.keys(s.table).map((key) => `${s.base}/${key.replace(/:[a-z]+/gi, '123')}`),
  `${s.base}/no-such-call`,
]);

const COMMON = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': expect.stringMatching(/^max-age=\d{7,}/),
  'permissions-policy': expect.stringContaining('camera=()'),
};

describe('security headers on every page', () => {
  it(`${PAGES.length} pages: the common headers, no framing, and the proxy's nonce policy`, () => {
    expect(PAGES.length).toBeGreaterThanOrEqual(25);
    for (const path of PAGES) {
      const h = Object.fromEntries(configHeaders(path));
      expect(h, path).toMatchObject({ ...COMMON, 'x-frame-options': 'DENY' });
      expect(h['content-security-policy'], `${path}: the page policy comes from proxy.ts, not a fixed header`).toBeUndefined();
      expect(proxied(path), `${path} goes through proxy.ts`).toBe(true);
      expect(isServicePath(path), path).toBe(false);
    }
  });
});

describe('security headers on every call', () => {
  it(`${CALLS.length} calls: the common headers and a policy that runs nothing; a file's own answer keeps its sandbox`, () => {
    expect(CALLS.length).toBeGreaterThanOrEqual(100);
    for (const path of CALLS) {
      const h = Object.fromEntries(configHeaders(path));
      expect(isServicePath(path), path).toBe(true);
      if (path.startsWith('/file-manager-service/api/v1/file/')) {
        // The file answer sets its own policy (a header set by the config would win over it).
        expect(h, path).toMatchObject({ ...COMMON, 'x-frame-options': 'SAMEORIGIN' });
        expect(h['content-security-policy'], path).toBeUndefined();
        expect(SAFE_HEADERS['Content-Security-Policy']).toMatch(/^sandbox; default-src 'none'/);
        continue;
      }
      expect(h, path).toMatchObject({ ...COMMON, 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
    }
  });

  it('the proxy gates every call but uploadChunk (its body streams; the server entry answers it)', () => {
    for (const path of CALLS) expect(proxied(path), path).toBe(!path.endsWith('/uploadChunk'));
  });
});
