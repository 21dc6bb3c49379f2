import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUp, signInContext, type SignedUp } from './fixtures';
import { hydrated } from './hydration';

/**
 * The user of the refresh test below signs up before the other tests of this file, so its 45-second access
 * token ages while they run and the refresh test waits only for what is left of its lifetime.
 */
let aging: SignedUp;
test.beforeAll(async ({ request }) => {
  aging = await signUp(request);
});

const newEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.ru`;

test('регистрация → защищённая страница → перезагрузка → выход → возврат на страницу после входа', async ({ page }) => {
  test.setTimeout(60_000); // two form sign-ins, a reload and the profile: over 30 s on a loaded machine with a cold server
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const email = newEmail('flow');
  const password = 'надёжный-пароль-1';

  await page.goto('/companies');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcompanies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Войти или зарегистрироваться' })).toBeVisible();

  // Each freshly loaded page is used once its code has taken the form over: a click before would do nothing.
  await hydrated(page.getByRole('button', { name: 'Регистрация', exact: true }));
  await page.getByRole('button', { name: 'Регистрация', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByLabel('Повторите пароль').fill(password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();
  // The roles of the new token are cached for the screens with admin controls.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userRoles'))) ?? 'null')).toEqual(expect.any(Array));
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'refreshToken')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(cookies.find((c) => c.name === 'accessToken')).toMatchObject({ httpOnly: false, sameSite: 'Lax' });

  await page.reload();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();

  await hydrated(page.getByRole('button', { name: 'Профиль' }));
  await page.getByRole('button', { name: 'Профиль' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  // Unconfirmed e-mail: the notice and a new confirmation letter (linking a provider: oauth.spec.ts).
  const confirm = page.getByTestId('profile-confirm-email');
  await expect(confirm).toContainText('Подтвердите почту');
  await confirm.getByRole('button', { name: 'Отправить письмо' }).click();
  await expect(confirm).toContainText('Письмо отправлено — откройте ссылку из него.');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.context().cookies()).filter((c) => c.name === 'refreshToken' || c.name === 'accessToken')).toEqual([]);
  expect(await page.evaluate(() => [localStorage.getItem('publicKey'), localStorage.getItem('userRoles')])).toEqual([null, null]);

  await page.goto('/companies');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcompanies$/);
  await hydrated(page.getByRole('button', { name: 'Вход', exact: true }));
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('«Войти или зарегистрироваться» спрашивает, прежде чем создать аккаунт для новой почты; ошибки полей по-русски', async ({ page }) => {
  await page.goto('/auth?next=//evil.example/x');
  await hydrated(page.getByRole('button', { name: 'Продолжить' })); // typed and clicked before, it would be lost
  await page.getByLabel('Почта').fill('не почта');
  await page.getByLabel('Пароль', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Введите адрес почты в формате name@example.ru')).toBeVisible();
  await expect(page.getByText('Пароль должен быть не короче 8 символов')).toBeVisible();

  await page.getByRole('button', { name: 'Регистрация', exact: true }).click();
  await page.getByLabel('Почта').fill(newEmail('combo'));
  await page.getByLabel('Пароль', { exact: true }).fill('пароль-раз-два');
  await page.getByLabel('Повторите пароль').fill('пароль-три-четыре');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  await page.getByRole('button', { name: 'Вход или регистрация' }).click();
  const email = newEmail('combo');
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('пароль-раз-два');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  // No account for the address: the form asks before creating one (a typo would not make an empty account).
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(`Аккаунта с почтой ${email} нет. Создать новый?`);
  await question.getByRole('button', { name: 'Исправить адрес' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Почта')).toBeFocused();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Создать' }).click();
  // `next` pointed off-site: the user lands on the home page instead.
  await expect(page).toHaveURL(/\/$/);
  const info = await page.request.post('/auth-back/api/v2/getUserInfo', { data: {} });
  expect(await info.json()).toMatchObject({ ok: true, userinfo: { email } });

  // Wrong password of a known address: a Russian message, no sign-up.
  await page.context().clearCookies();
  await page.goto('/auth');
  await hydrated(page.getByRole('button', { name: 'Продолжить' }));
  await page.getByLabel('Почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('другой-пароль');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Неверная почта или пароль.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // «Зарегистрироваться» links open the registration tab.
  await page.goto('/auth?mode=register');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await expect(page.getByLabel('Повторите пароль')).toBeVisible();
});

test('фикстура user: страница сразу с входом, API отвечает по bearer', async ({ request }) => {
  const u = await signUp(request);
  const res = await request.post('/auth-back/api/v2/getUserInfo', { data: {}, headers: { authorization: `Bearer ${u.accessToken}` } });
  expect(await res.json()).toMatchObject({ ok: true, userinfo: { email: u.email, emailConfirmed: false } });
});

test('просроченный токен доступа обновляется незаметно для пользователя', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const user = aging;
  await signInContext(page.context(), baseURL!, user);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();
  const before = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;

  // The e2e server issues 45-second access tokens (playwright.config.ts): ask with this one until the server
  // calls it expired (its lifetime plus the verifier's clock tolerance), while the page stays open.
  const askWithBefore = async () =>
    (await request.post('/auth-back/api/v2/getUserInfo', { data: {}, headers: { authorization: `Bearer ${before}` } })).json();
  await expect.poll(async () => ((await askWithBefore()) as { code?: string }).code, { timeout: 70_000, intervals: [1000] }).toBe('JWT_EXPIRED');
  expect(await askWithBefore()).toMatchObject({ ok: false, code: 'JWT_EXPIRED', msg: 'jwt expired' });

  // A call from the page: the open page has renewed its token ahead of expiry (or the call, answered `jwt expired`,
  // renews and is retried) — the user sees the profile.
  await hydrated(page.getByRole('button', { name: 'Профиль' }));
  await page.getByRole('button', { name: 'Профиль' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  // A navigation: the page opens signed in with the renewed token (an expired one would go through /auth/renew).
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();
  const after = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});
