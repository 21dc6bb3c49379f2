// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { requestListener, SERVICE_ANSWER_HEADERS } from '../../../server.mjs';
import { loadNextConfig } from '../../helpers/next-config';

/**
 * A path whose percent-encoding does not decode (`/api/v1/%ff`) never reaches Next (whose own answer is an
 * error page without the site's headers): the server answers the failure envelope, 400, with the headers of
 * a service answer. Everything else goes on to Next.
 */
let server: http.Server;
let base: string;
const seen: string[] = [];
beforeAll(async () => {
  server = http.createServer(
    requestListener((req, res) => {
      seen.push(req.url ?? '');
      res.end('next');
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('malformed percent-encoding in a path', () => {
  it.each(['/api/v1/%ff', '/auth-back/api/v2/%E0%A4%A', '/file-manager-service/api/v1/file/%ff', '/noty/%', '/%ff', '/companies/%c0%af'])(
    '%s → 400 envelope with the security headers',
    async (url) => {
      const res = await fetch(base + url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ ok: false, code: 'BAD_REQUEST', msg: expect.stringMatching(/кодирование/) });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      for (const [k, v] of Object.entries(SERVICE_ANSWER_HEADERS)) expect(res.headers.get(k), k).toBe(v);
    },
  );

  it('a path that decodes goes on to Next, a malformed query too (the call judges its query)', async () => {
    seen.length = 0;
    for (const url of ['/api/v1/health', '/file-manager-service/api/v1/file/%D1%84', '/api/v1/companies/list?q=%ff']) {
      const res = await fetch(base + url);
      expect(await res.text()).toBe('next');
    }
    expect(seen).toHaveLength(3);
  });

  it('the headers are those next.config.mjs gives a service answer', async () => {
    const nextConfig = await loadNextConfig();
    const want: Record<string, string> = {};
    for (const rule of await nextConfig.headers!()) {
      if (getPathMatch(rule.source)('/api/v1/x') === false) continue;
      for (const h of rule.headers) want[h.key.toLowerCase()] = h.value;
    }
    expect(Object.fromEntries(Object.entries(SERVICE_ANSWER_HEADERS).map(([k, v]) => [k.toLowerCase(), v]))).toEqual(want);
  });
});
