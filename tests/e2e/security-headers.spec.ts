import { MENU } from '../../lib/domain/layout/menu';
import { ROUTE_BREADCRUMBS } from '../../lib/domain/layout/routes';
import { expect, test } from './fixtures';

/**
 * On the running production server: every page of the app (the breadcrumb table and the menu, signed in)
 * answers with the security headers and a Content-Security-Policy whose nonce is on every script the
 * server wrote, and Chromium reports no policy violation while the page loads and runs; every service answers
 * with the common headers and a policy that runs nothing, and a file keeps its sandbox.
 */

const sample = (pattern: string): string[] => {
  const segs = pattern.split('/').filter(Boolean);
  const fill = (s: string[]) => `/${s.map((x) => (x.startsWith('[') ? 'x1' : x)).join('/')}`;
  if (segs.at(-1)?.startsWith('[[...')) return [fill(segs.slice(0, -1)).replace(/\/$/, '') || '/', fill(segs)];
  return [fill(segs)];
};
const PAGES = [
  ...new Set([
    ...Object.keys(ROUTE_BREADCRUMBS).flatMap(sample),
    ...MENU.flatMap((s) => (s.items ?? []).map((i) => i.to).filter((to): to is string => typeof to === 'string')),
  ]),
];

const COMMON = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': expect.stringMatching(/^max-age=/),
  'permissions-policy': expect.stringContaining('camera=()'),
};
const SERVICE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Pages open at once in the sweep: each waits for its own network to settle, and the waits overlap. */
const AT_ONCE = 3;

test('каждая страница: заголовки, политика с nonce на всех скриптах, ни одного нарушения политики', async ({ context, user }) => {
  test.setTimeout(180_000);
  expect(user.email).toBeTruthy();
  const violations: string[] = [];
  await context.exposeFunction('reportCsp', (v: string) => violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportCsp: (v: string) => void }).reportCsp(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${m.page()?.url()}: ${m.text()}`);
  });
  const queue = [...PAGES];
  let checked = 0;
  const sweep = async () => {
    const page = await context.newPage();
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const res = await page.goto(path);
      expect(res, path).not.toBeNull();
      await page.waitForLoadState('networkidle');
      const h = res!.headers();
      expect(h, path).toMatchObject({ ...COMMON, 'x-frame-options': 'DENY' });
      const csp = h['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: a nonce in script-src`).toBeTruthy();
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Every script the server wrote carries the nonce; the ones Next's runtime adds later run by 'strict-dynamic'.
      const scripts = (await res!.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      checked++;
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: AT_ONCE }, sweep));
  expect(checked).toBe(PAGES.length);
  expect(checked).toBeGreaterThanOrEqual(25);
  expect(violations).toEqual([]);
});

test('страница не встраивается в чужую рамку', async ({ page }) => {
  await page.goto('/landing');
  const blocked = await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.src = '/auth';
    document.body.append(frame);
    await new Promise((r) => setTimeout(r, 1500));
    try {
      return frame.contentDocument?.querySelector('h1') === null || frame.contentDocument === null;
    } finally {
      frame.remove();
    }
  });
  expect(blocked).toBe(true);
});

test('каждый сервис: общие заголовки и политика, которая ничего не выполняет; файл сохраняет свою песочницу', async ({ request, user }) => {
  const auth = { Authorization: `Bearer ${user.accessToken}` };
  const calls: Array<[string, 'GET' | 'POST', unknown?]> = [
    ['/api/health', 'GET'],
    ['/api/v1/health', 'POST', {}],
    ['/api/v1/app/info', 'POST', {}],
    ['/api/v1/companies/list', 'POST', {}],
    ['/api/v1/no-such-call', 'POST', {}],
    ['/auth-back/api/v2/getPublicKey', 'POST', {}],
    ['/auth-back/api/v2/login', 'POST', { login: 'x', password: 'y' }],
    ['/file-manager-service/api/v1/listObjects', 'POST', {}],
    ['/file-manager-service/api/v1/uploadChunk', 'POST', {}],
    ['/noty/api/v1/list', 'POST', {}],
  ];
  for (const [path, method, data] of calls) {
    const res = method === 'GET' ? await request.get(path, { headers: auth }) : await request.post(path, { headers: auth, data });
    expect(res.headers(), `${method} ${path} → ${res.status()}`).toMatchObject({ ...COMMON, 'x-frame-options': 'DENY', 'content-security-policy': SERVICE_CSP });
  }
  // A file: uploaded through the real calls, then served with its own sandboxed policy (framed by our viewer only).
  const post = async <T>(name: string, data: unknown): Promise<T> => {
    const body = (await (await request.post(`/file-manager-service/api/v1/${name}`, { headers: auth, data })).json()) as T & { ok: boolean };
    expect(body.ok, `${name}: ${JSON.stringify(body)}`).toBe(true);
    return body;
  };
  const folder = await post<{ object: { id: string } }>('createFolder', { name: 'Заголовки', type: 'documents' });
  const bytes = Buffer.from('привет');
  const created = await post<{ upload_id: string }>('createUpload', { name: 'заголовки.txt', type: 'documents', root: folder.object.id, size: bytes.length });
  const chunk = await request.post('/file-manager-service/api/v1/uploadChunk', {
    headers: auth,
    multipart: { upload_id: created.upload_id, chunk_id: '0', data: { name: 'blob', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(chunk.status()).toBe(200);
  expect(chunk.headers(), 'uploadChunk (answered by the server entry, not Next)').toMatchObject({ ...COMMON, 'x-frame-options': 'DENY', 'content-security-policy': SERVICE_CSP });
  const done = await post<{ object: { id: string } }>('completeUpload', { upload_id: created.upload_id });
  const file = await request.get(`/file-manager-service/api/v1/file/${done.object.id}`, { headers: auth });
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject({ ...COMMON, 'x-frame-options': 'SAMEORIGIN', 'content-security-policy': expect.stringMatching(/^sandbox; default-src 'none'/) });
  const missing = await request.get('/file-manager-service/api/v1/file/00000000-0000-4000-8000-000000000000', { headers: auth });
  expect(missing.headers()).toMatchObject({ ...COMMON, 'x-frame-options': 'SAMEORIGIN' });
});
