import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The viewer: a PDF in its frame (served inline for the frame with `CSP: sandbox`, `nosniff`,
 * the right type; the frame is not blocked by Chromium), an image, and a public link to a folder opened
 * without sign-in: the folder's contents, then an inner file, with the way back.
 */

const API = '/file-manager-service/api/v1';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
// A 1×1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function post<T>(request: APIRequestContext, token: string, name: string, data: unknown): Promise<T> {
  const res = await request.post(`${API}/${name}`, { data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as T & { ok: boolean };
  if (!body.ok) throw new Error(`${name}: ${JSON.stringify(body)}`);
  return body;
}

async function uploadBytes(request: APIRequestContext, token: string, name: string, bytes: Buffer, root: string): Promise<string> {
  const created = await post<{ upload_id: string }>(request, token, 'createUpload', { name, type: 'documents', root, size: bytes.length });
  const res = await request.post(`${API}/uploadChunk`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { upload_id: created.upload_id, chunk_id: '0', data: { name: 'blob', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(res.status()).toBe(200);
  const done = await post<{ object: { id: string } }>(request, token, 'completeUpload', { upload_id: created.upload_id });
  return done.object.id;
}

test('PDF frame and image in the viewer; a public folder link opens inner files without sign-in', async ({ page, user, request, browser, baseURL }) => {
  const folder = await post<{ object: { id: string } }>(request, user.accessToken, 'createFolder', { name: 'Папка по ссылке', type: 'documents' });
  const pdfId = await uploadBytes(request, user.accessToken, 'Договор.pdf', PDF, folder.object.id);
  const pngId = await uploadBytes(request, user.accessToken, 'Печать.png', PNG, folder.object.id);

  // PDF: the frame asks for the inline answer, which is a sandboxed PDF; Chromium does not block the frame.
  await page.goto(`/file/${pdfId}`);
  const frame = page.getByTitle('Просмотр Договор.pdf');
  await expect(frame).toBeVisible();
  await expect(frame).not.toHaveAttribute('sandbox', /.*/);
  const src = (await frame.getAttribute('src')) ?? '';
  expect(src).toBe(`${API}/file/${pdfId}?inline=1`);
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(/^inline;/);
  expect(served.headers()['content-security-policy']).toMatch(/^sandbox/);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await expect.poll(() => page.frames().some((f) => f.url().endsWith(src))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith('chrome-error:'))).toBe(false);

  // Image: shown, and actually decoded.
  await page.goto(`/file/${pngId}`);
  const img = page.getByRole('img', { name: 'Печать.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);

  // A public link to the folder, opened in a browser that is not signed in.
  const link = await post<{ link: string }>(request, user.accessToken, 'createFileLink', { id: folder.object.id });
  const anon = await browser.newContext({ baseURL });
  try {
    const guest = await anon.newPage();
    await guest.goto(new URL(link.link).pathname + new URL(link.link).search);
    await expect(guest.getByRole('heading', { name: 'Папка по ссылке', level: 1 })).toBeVisible();
    const listing = guest.getByRole('table', { name: 'Файлы и папки' });
    await expect(listing.getByRole('link', { name: 'Печать.png', exact: true })).toBeVisible();
    await listing.getByRole('link', { name: 'Договор.pdf', exact: true }).click();
    await expect(guest.getByRole('heading', { name: 'Договор.pdf', level: 1 })).toBeVisible();
    await expect(guest.getByTitle('Просмотр Договор.pdf')).toBeVisible();
    const back = guest.getByRole('navigation', { name: 'Путь к файлу' }).getByRole('link', { name: 'Папка по ссылке' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(guest.getByRole('table', { name: 'Файлы и папки' })).toBeVisible();
  } finally {
    await anon.close();
  }
});
