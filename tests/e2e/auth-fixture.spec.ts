import { expect, test } from './fixtures';

test('фикстура user открывает защищённую страницу без формы входа', async ({ page, user }) => {
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();
  const info = await page.request.post('/auth-back/api/v2/getUserInfo', { data: {} });
  expect(await info.json()).toMatchObject({ ok: true, userinfo: { email: user.email } });
});
