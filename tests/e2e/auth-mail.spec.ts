import { expect, test } from '@playwright/test';
import { signUp } from './fixtures';
import { hydrated } from './hydration';
import { lastMailTo } from './mail-sink';

const linkPath = (letter: string, prefix: string) => {
  const m = letter.match(new RegExp(`https?://[^\\s/]+(${prefix}/[A-Za-z0-9_-]+)`));
  if (!m?.[1]) throw new Error(`no ${prefix} link in the letter:\n${letter}`);
  return m[1];
};

test('сброс пароля от письма до входа с новым паролем; старые сеансы закрыты, ссылка одноразовая', async ({ page, request }) => {
  const user = await signUp(request);
  await page.goto('/auth');
  // Used once the page's code has taken the form over: a click before would do nothing.
  await hydrated(page.getByRole('button', { name: 'Забыли пароль?' }));
  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Восстановление пароля' })).toBeVisible();
  await page.getByLabel('Почта').fill(user.email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Если такая почта зарегистрирована, мы отправили на неё ссылку для сброса пароля.')).toBeVisible();

  // Not the confirmation letter the sign-up sent to the same address.
  const letter = await lastMailTo(user.email, 'Чтобы задать новый пароль, откройте ссылку');
  const link = linkPath(letter, '/forgot-password');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Новый пароль' })).toBeVisible();
  await hydrated(page.getByRole('button', { name: 'Сохранить пароль' }));
  await page.getByRole('textbox', { name: 'Новый пароль' }).fill('совсем-новый-пароль');
  await page.getByLabel('Повторите пароль').fill('совсем-новый-пароль');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();

  const old = await request.post('/auth-back/api/v2/getUserInfo', { data: {}, headers: { authorization: `Bearer ${user.accessToken}` } });
  expect(old.status()).toBe(401);

  await page.getByLabel('Почта').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill('совсем-новый-пароль');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(link);
  await expect(page.getByText('Ссылка для сброса пароля устарела или уже использована. Запросите новую.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Запросить новую ссылку' })).toBeVisible();
});

test('ссылка подтверждения почты из письма после регистрации', async ({ page, request }) => {
  const user = await signUp(request);
  const letter = await lastMailTo(user.email, 'Чтобы подтвердить адрес электронной почты');
  await page.goto(linkPath(letter, '/confirm-email'));
  await expect(page.getByText('Почта подтверждена')).toBeVisible();
  const info = await request.post('/auth-back/api/v2/getUserInfo', { data: {}, headers: { authorization: `Bearer ${user.accessToken}` } });
  expect(await info.json()).toMatchObject({ ok: true, userinfo: { emailConfirmed: true } });
});
