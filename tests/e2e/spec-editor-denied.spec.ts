import type { APIRequestContext } from '@playwright/test';
import { expect, signUp, test } from './fixtures';

/**
 * A line taking another user's specification as a semi-finished good: while it is shared, the editor's picker
 * names it by its current name; once the share ends and the owner renames it, the line shows «нет доступа» —
 * never the new name — and the user's own document still saves.
 */

const doc = (name: string, line: Record<string, unknown>) => ({ schemaVersion: 1, name, unit: 'шт', outputQty: '1', materials: [{ id: 'm', unit: 'шт', qty: '1', ...line }], operations: [] });

async function post<T>(request: APIRequestContext, path: string, data: unknown, headers?: Record<string, string>): Promise<T> {
  const r = await request.post(path, { data, headers });
  const body = (await r.json()) as T & { msg?: string };
  expect(r.ok(), `${path}: ${body.msg}`).toBe(true);
  return body;
}

test('a line pointing at a specification no longer shared shows «нет доступа», not its new name', async ({ page, request, user }) => {
  const owner = await signUp(request);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const x = (await post<{ id: string }>(request, '/api/v1/specs/create', { doc: doc('Каркас общий', { name: 'Брус', price: '100' }), root: null }, headers)).id;
  await post(request, '/file-manager-service/api/v1/shareFile', { id: x, login: user.email, access: 'read' }, headers);
  const y = (await post<{ id: string }>(page.request, '/api/v1/specs/create', { doc: doc('Стол', { name: 'Полуфабрикат', specId: x, article: 'purchased' }), root: null })).id;

  const picked = page.getByLabel('Материал 1: полуфабрикат');
  await page.goto(`/specifications/create/${y}`);
  await expect(picked.locator('option:checked')).toHaveText('Каркас общий');

  await post(request, '/file-manager-service/api/v1/unshareFile', { id: x, login: user.email }, headers);
  await post(request, '/api/v1/specs/save', { id: x, doc: doc('Секретный каркас', { name: 'Брус', price: '100' }) }, headers);
  await page.reload();
  await expect(picked.locator('option:checked')).toHaveText('нет доступа');
  await expect(page.getByText('Секретный каркас')).toHaveCount(0);
  // The unreadable one is not offered to the other lines.
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  await expect(page.getByLabel('Материал 2: полуфабрикат').locator('option', { hasText: 'нет доступа' })).toHaveCount(0);
  await page.getByLabel('Материал 2: наименование').fill('Лак');
  await page.getByLabel('Материал 2: цена', { exact: true }).fill('10');

  // The user's own document saves with the line kept.
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  const saved = await post<{ object: { metadata: string } }>(page.request, '/file-manager-service/api/v1/getFileInfo', { id: y });
  expect((JSON.parse(saved.object.metadata) as { materials: { specId?: string }[] }).materials[0]!.specId).toBe(x);
});
