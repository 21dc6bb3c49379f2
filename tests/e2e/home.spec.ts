import { expect, test } from '@playwright/test';

test('главная страница на русском показывает состояние сервиса через шлюз', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('favicon')) errors.push(m.text());
  });

  const calls: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/app/info')) calls.push(r.status());
  });

  await page.goto('/');
  await expect(page).toHaveTitle('Калькулус');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Калькулус' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Себестоимость' })).toBeVisible();
  // A visitor sees the way in; the shell is for signed-in users.
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', /^\/auth\?/);
  await expect(page.locator('.layout-sidebar')).toHaveCount(0);

  const status = page.getByRole('region', { name: 'Состояние сервиса' });
  await expect(status.getByText('встроенная (PGlite)')).toBeVisible();
  await expect(status.getByText('локальный диск')).toBeVisible();
  await expect(status.getByText('встроенный')).toHaveCount(3);
  await expect(status.getByTestId('checked-at')).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);

  await status.getByRole('button', { name: 'Проверить ещё раз' }).click();
  await expect.poll(() => calls.length).toBe(2);
  expect(calls).toEqual([200, 200]);
  expect(errors).toEqual([]);
});

test('ошибка шлюза показывается пользователю по-русски', async ({ page }) => {
  await page.route('**/api/v1/app/info', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, msg: 'Внутренняя ошибка сервера. Попробуйте ещё раз позже.', code: 'INTERNAL' }),
    }),
  );
  await page.goto('/');
  await expect(page.getByText('Внутренняя ошибка сервера. Попробуйте ещё раз позже.')).toBeVisible();
});

test('служебные адреса отвечают JSON по контракту', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ ok: true, status: 'alive' });

  const ready = await request.get('/api/ready');
  expect(await ready.json()).toMatchObject({ ok: true, ready: true, checks: { database: 'ok', storage: 'ok' } });

  const unknown = await request.post('/auth-back/api/v2/noSuchCall', { data: {} });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ ok: false, msg: 'Такого вызова нет.', code: 'UNKNOWN_CALL' });

  const bad = await request.post('/api/v1/app/info', { data: '{oops', headers: { 'content-type': 'application/json' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ ok: false, code: 'BAD_JSON' });

  const crossSite = await request.post('/api/v1/app/info', {
    data: {},
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
});
