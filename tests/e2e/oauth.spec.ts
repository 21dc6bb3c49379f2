import { randomBytes, randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { hydrated } from './hydration';
import { oauthPort, telegramAuthResult } from './oauth-provider';

// A list or a sign-in answer can take several seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// Each test goes to the provider and back, some twice: seconds on an idle machine, the margin is for a loaded one.
test.describe.configure({ timeout: 90_000 });

const newLogin = () => `ivan-${Date.now().toString(36)}-${randomBytes(2).toString('hex')}`;

/** Clicks a provider button, once the page's code has taken it over, and lands on the provider's consent page. */
async function toProvider(page: Page, button: string) {
  const b = page.getByRole('button', { name: button });
  await hydrated(b);
  await b.click();
  await expect(page.getByRole('heading', { name: 'Яндекс ID' })).toBeVisible();
  expect(page.url()).toContain(`:${oauthPort()}/`);
}

async function allowAs(page: Page, login: string) {
  await page.getByLabel('Логин').fill(login);
  await page.getByRole('button', { name: 'Разрешить' }).click();
}

// One click, once the page's code has taken the button over: a click before does nothing, and a second one would
// close the drawer it toggles.
async function openProfile(page: Page) {
  const button = page.getByRole('button', { name: 'Профиль' });
  await hydrated(button);
  await button.click();
  await expect(page.getByTestId('profile-email')).toBeVisible();
}

test('вход через Яндекс ID: согласие у провайдера → обратно на страницу; повторный вход — тот же пользователь', async ({ page }) => {
  const login = newLogin();
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/auth\?next=%2Fcompanies$/);
  await toProvider(page, 'Войти через Яндекс ID');
  await allowAs(page, login);
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible();

  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(`${login}@yandex.ru`);
  await expect(page.getByText('Аккаунт не привязан!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await toProvider(page, 'Войти через Яндекс ID');
  await allowAs(page, login);
  await expect(page).toHaveURL(/\/$/);
  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(`${login}@yandex.ru`);
});

test('«Привязать» в профиле: Яндекс ID привязывается к пользователю с паролем и потом входит в него', async ({ page, user }) => {
  const login = newLogin();
  await page.goto('/calculators');
  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  await expect(page.getByText('Аккаунт не привязан!')).toBeVisible();
  await page.getByRole('link', { name: 'Привязать' }).click();
  await expect(page).toHaveURL(/\/auth\?link=1&next=%2Fcalculators$/);
  await toProvider(page, 'Привязать Яндекс ID');
  await allowAs(page, login);
  await expect(page).toHaveURL(/\/calculators$/);

  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  await expect(page.getByText('Аккаунт не привязан!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The linked Яндекс account now signs in as the password user, not as a new one.
  await toProvider(page, 'Войти через Яндекс ID');
  await allowAs(page, login);
  await expect(page).toHaveURL(/\/$/);
  await openProfile(page);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
});

test('вход через Telegram: подписанный tgAuthResult входит, подделанный отклоняется по-русски', async ({ page }) => {
  const id = randomInt(1_000_000, 2_000_000_000);
  const forged = JSON.parse(Buffer.from(telegramAuthResult({ id, first_name: 'Пётр' }), 'base64').toString()) as Record<string, unknown>;
  forged.id = id + 1;
  await page.goto(`/auth#tgAuthResult=${Buffer.from(JSON.stringify(forged)).toString('base64')}`);
  await expect(page.getByText('Вход через Telegram не подтверждён: подпись не сходится. Попробуйте ещё раз.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти через Telegram' })).toBeVisible();

  await page.goto(`/auth?next=%2Fcalculators#tgAuthResult=${telegramAuthResult({ id, first_name: 'Пётр', username: 'petr_e2e' })}`);
  await expect(page).toHaveURL(/\/calculators$/);
  await openProfile(page);
  await expect(page.getByText('Аккаунт не привязан!')).toHaveCount(0);
});
