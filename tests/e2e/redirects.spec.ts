import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, type SignedUp } from './fixtures';
import { hydrated } from './hydration';
import { oauthPort, telegramAuthResult } from './oauth-provider';
import { EVIL, GOOD, HOSTILE_IN_BROWSER, RAW } from './redirect-values';

/**
 * No open redirect after sign-in: hostile `next` values (one of each kind; every value of redirect-values.ts
 * goes through the same rule in the unit test) go through the real sign-in page (password form, Telegram
 * return, Яндекс ID return) and the browser never leaves the site. Every request to another host
 * is recorded and refused; the page must end on our origin. Values are sent URL-encoded (the exact string
 * reaches the page) and, for a few, raw (as a link would carry them).
 */

let user: SignedUp;
test.beforeAll(async ({ request }) => {
  user = await signUp(request);
});

/** Records and refuses every request that leaves our origin (`allow`: the local Яндекс ID stand-in). */
async function fence(page: Page, allow: string[] = []): Promise<string[]> {
  const left: string[] = [];
  const own = new URL(test.info().project.use.baseURL!).origin;
  await page.context().route(
    (url) => url.origin !== own && !allow.includes(url.origin),
    (route) => {
      left.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return left;
}

/**
 * Each value in a signed-out browser: `AT_ONCE` contexts side by side, each fenced and taking the next value
 * from one queue, so that one sign-in's waits (the page, the server, the redirect) overlap another's. Cookies
 * are cleared between values, so each sign-in starts signed out, exactly as a fresh browser would.
 */
const AT_ONCE = 3;
async function eachSignedOut<T>(browser: Browser, values: T[], fn: (page: Page, left: string[], value: T) => Promise<void>, allow: string[] = []) {
  const queue = [...values];
  const { baseURL, locale, timezoneId } = test.info().project.use;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, values.length) }, async () => {
      const context = await browser.newContext({ baseURL, locale, timezoneId });
      try {
        const page = await context.newPage();
        const left = await fence(page, allow);
        for (let value = queue.shift(); value !== undefined; value = queue.shift()) {
          await context.clearCookies();
          await fn(page, left, value);
        }
      } finally {
        await context.close();
      }
    }),
  );
}

async function signInWithPassword(page: Page) {
  await hydrated(page.getByRole('button', { name: 'Вход', exact: true })); // a click before would do nothing
  await page.getByRole('button', { name: 'Вход', exact: true }).click();
  await page.getByLabel('Почта').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/auth');
}

async function expectHome(page: Page, left: string[], what: string) {
  await page.waitForLoadState('load');
  expect(left, `${what}: requests to another host`).toEqual([]);
  const at = new URL(page.url());
  expect(at.origin, what).toBe(new URL(test.info().project.use.baseURL!).origin);
  expect(at.pathname, what).toBe('/');
}

async function signInFrom(page: Page, query: string) {
  await page.goto(`/auth?${query}`);
  await signInWithPassword(page);
}

test.describe('вход по паролю: next с другим сайтом ведёт на главную', () => {
  test(`${HOSTILE_IN_BROWSER.length} значений next, закодированных в адресе`, async ({ browser }) => {
    test.setTimeout(120_000);
    await eachSignedOut(browser, HOSTILE_IN_BROWSER, async (page, left, next) => {
      await signInFrom(page, `next=${encodeURIComponent(next)}`);
      await expectHome(page, left, `next=${JSON.stringify(next)}`);
    });
  });
  test(`${RAW.length} значений как в ссылке (без нашего кодирования)`, async ({ browser }) => {
    test.setTimeout(120_000);
    await eachSignedOut(browser, RAW, async (page, left, query) => {
      await signInFrom(page, query);
      await expectHome(page, left, `?${query}`);
    });
  });
  test(`${GOOD.length} значений next своего сайта остаются на своей странице`, async ({ browser }) => {
    test.setTimeout(120_000);
    await eachSignedOut(browser, GOOD, async (page, left, [next, where]) => {
      await signInFrom(page, `next=${encodeURIComponent(next)}`);
      expect(page.url().slice(new URL(page.url()).origin.length), `next=${JSON.stringify(next)}`).toMatch(where);
      expect(left, `next=${JSON.stringify(next)}`).toEqual([]);
    });
  });
});

test('возврат из Telegram: next с другим сайтом ведёт на главную', async ({ browser }) => {
  test.setTimeout(120_000);
  await eachSignedOut(browser, [`//${EVIL}`, `/.//${EVIL}`, `/%2e%2e//${EVIL}`, `/a/..//${EVIL}`], async (page, left, next) => {
    const result = telegramAuthResult({ id: randomInt(1_000_000, 2_000_000_000), first_name: 'Пётр' });
    await page.goto(`/auth?next=${encodeURIComponent(next)}#tgAuthResult=${result}`);
    // The test's timeout bounds the wait: a busy machine only makes it later.
    await page.waitForURL((u) => u.pathname !== '/auth', { timeout: 0 });
    await expectHome(page, left, `next=${JSON.stringify(next)}`);
  });
});

test('возврат из Яндекс ID: next с другим сайтом ведёт на главную', async ({ page }) => {
  test.setTimeout(120_000);
  const provider = `http://127.0.0.1:${oauthPort()}`;
  const left = await fence(page, [provider]);
  for (const next of [`/.//${EVIL}`, `/%2e%2e//${EVIL}`, `/a/..//${EVIL}`]) {
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    const yandex = page.getByRole('button', { name: 'Войти через Яндекс ID' });
    await hydrated(yandex); // a click before the page's code has taken the button over would do nothing
    await yandex.click();
    await expect(page.getByRole('heading', { name: 'Яндекс ID' })).toBeVisible({ timeout: 15_000 });
    expect(page.url().startsWith(provider)).toBe(true);
    await page.getByLabel('Логин').fill(`redirect-${randomInt(1e9)}`);
    await page.getByRole('button', { name: 'Разрешить' }).click();
    await page.waitForURL((u) => u.origin !== provider && !u.pathname.startsWith('/auth'), { timeout: 0 });
    await expectHome(page, left, `next=${JSON.stringify(next)}`);
    await page.context().clearCookies();
  }
});
