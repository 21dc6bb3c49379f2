import { expect, test } from './fixtures';
import { COMMON_HEADERS as COMMON } from './page-headers';

/**
 * Every service answers with the common headers and a policy that runs nothing, a file keeps its sandbox, and no
 * page can be framed by another site. Every page's own headers, its policy's nonce and the absence of policy
 * violations in Chromium are checked by the page sweep of tests/e2e/overflow.spec.ts, which loads them all.
 */

const SERVICE_CSP = "default-src 'none'; frame-ancestors 'none'";

test('страница не встраивается в чужую рамку', async ({ page }) => {
  await page.goto('/landing');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth' && r.frame() !== page.mainFrame());
  const blocked = await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    // `load` comes once the frame has its final document: the page, or the error page Chromium shows in a frame
    // it refused (X-Frame-Options, frame-ancestors). An iframe with a src fires none for its first, empty document.
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = '/auth';
    document.body.append(frame);
    await loaded;
    try {
      return frame.contentDocument?.querySelector('h1') === null || frame.contentDocument === null;
    } finally {
      frame.remove();
    }
  });
  // The frame's request had its answer: it was refused for what the answer said, not cut short.
  expect((await answered).status()).toBe(200);
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
