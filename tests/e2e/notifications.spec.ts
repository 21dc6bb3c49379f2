import { expect, signUp, test } from './fixtures';

/**
 * The bell: a folder shared with the signed-in user lights the bell live (no reload), the tab title shows
 * the count, the panel lists the notification, and opening it leads to the folder and marks it read.
 */
test('sharing a folder lights the bell of the user it is shared with, live', async ({ page, request, user }) => {
  await page.goto('/documents');
  const bell = page.getByTestId('noty-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');
  await expect(bell).toHaveAccessibleName('Уведомления');
  await expect(page.getByTestId('noty-badge')).toHaveCount(0);

  // Another user shares a folder with this one, through the API.
  const owner = await signUp(request);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const base = '/file-manager-service/api/v1';
  const created = await request.post(`${base}/createFolder`, { headers, data: { name: 'Сметы на декабрь', type: 'documents' } });
  expect(created.status()).toBe(200);
  const folder = ((await created.json()) as { object: { id: string } }).object;
  const shared = await request.post(`${base}/shareFile`, { headers, data: { id: folder.id, login: user.email, access: 'read' } });
  expect(shared.status()).toBe(200);

  await expect(page.getByTestId('noty-badge')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Уведомления: 1 непрочитанное');
  await expect(page).toHaveTitle(/^\(1\) /);

  await bell.click();
  const item = page.getByTestId('noty-item').first();
  await expect(item).toContainText('С вами поделились папкой «Сметы на декабрь»');
  await expect(item).toContainText(owner.email);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/documents/folder/${folder.id}$`));
  await expect(page.getByTestId('noty-badge')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});
