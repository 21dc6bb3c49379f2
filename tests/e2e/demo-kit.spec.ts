import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The demo index and the UI-kit / template pages (app/(demo)): reached from the main page and the profile panel;
 * each path opened once with its main interaction, in a rotating combination of menu mode (static, horizontal),
 * scheme (light, dark) and width (1440, 390), with no console error; then a quick sweep of every path at 390 px
 * checking that the document does not scroll sideways.
 */

interface Look {
  menuMode: 'static' | 'horizontal';
  darkTheme: boolean;
  width: number;
}
const LOOKS: Look[] = [
  { menuMode: 'static', darkTheme: false, width: 1440 },
  { menuMode: 'horizontal', darkTheme: true, width: 1440 },
  { menuMode: 'static', darkTheme: true, width: 390 },
  { menuMode: 'horizontal', darkTheme: false, width: 390 },
];

/** The settings panel's cookie, as the panel writes it: the server renders `<html>` and the shell from it. */
async function applyLook(context: BrowserContext, page: Page, baseURL: string, look: Look) {
  const settings = { preset: 'Aura', primary: 'blue', surface: null, darkTheme: look.darkTheme, menuMode: look.menuMode, menuTheme: 'colorScheme', scale: 14, ripple: true, inputStyle: 'outlined' };
  await context.addCookies([{ name: 'ui-settings', value: encodeURIComponent(JSON.stringify(settings)), url: baseURL }]);
  await page.setViewportSize({ width: look.width, height: look.width > 500 ? 900 : 844 });
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Each path of this area and what a user does there first. */
const VISITS: { path: string; act: (page: Page) => Promise<void> }[] = [
  {
    path: '/demo',
    act: async (page) => {
      await page.getByRole('link', { name: 'Кнопки' }).click();
      await expect(page).toHaveURL(/\/uikit\/button$/);
    },
  },
  {
    path: '/uikit/button',
    act: async (page) => {
      await page.getByRole('button', { name: 'Загрузить' }).click();
      await expect(page.getByTestId('button-last')).toContainText('Загрузить');
      await page.getByRole('button', { name: 'Ещё действия' }).click();
      await page.getByRole('menuitem', { name: 'Экспорт' }).click();
      await expect(page.getByTestId('button-last')).toContainText('Экспорт');
    },
  },
  {
    path: '/uikit/input',
    act: async (page) => {
      await page.getByLabel('Название').fill('Стол');
      await page.getByLabel('Город (подсказки)').fill('Каз');
      await page.getByRole('option', { name: 'Казань' }).click();
      await expect(page.getByTestId('input-summary')).toContainText('Название: Стол; город: Казань');
    },
  },
  {
    path: '/uikit/floatlabel',
    act: async (page) => {
      await page.getByLabel('Имя').fill('Анна');
      await expect(page.getByTestId('fl-summary')).toHaveText('Здравствуйте, Анна!');
    },
  },
  {
    path: '/uikit/invalidstate',
    act: async (page) => {
      await page.getByRole('button', { name: 'Проверить' }).click();
      await expect(page.getByTestId('iv-result')).toContainText('Исправьте поля: 6.');
      await expect(page.getByText('Введите имя: не короче двух букв.')).toBeVisible();
      await page.getByLabel('Имя').fill('Анна');
      await expect(page.getByTestId('iv-result')).toContainText('Исправьте поля: 5.');
    },
  },
  {
    path: '/uikit/table',
    act: async (page) => {
      await page.getByLabel('Поиск по таблице').fill('Казань');
      await expect(page.locator('.p-datatable-tbody > tr')).toHaveCount(1);
      await page.locator('.p-datatable-tbody > tr .p-checkbox').first().click();
      await expect(page.getByTestId('table-selected')).toHaveText('Выбрано: 1 клиент');
    },
  },
  {
    path: '/uikit/list',
    act: async (page) => {
      await page.locator('.p-dataview-layout-options button').first().click();
      await expect(page.getByTestId('dataview-items')).toHaveAttribute('data-layout', 'list');
    },
  },
  {
    path: '/uikit/tree',
    act: async (page) => {
      await page.getByRole('treeitem', { name: 'Договоры' }).locator('.p-checkbox').first().click();
      await expect(page.getByTestId('tree-picked')).toContainText('Отмечено файлов: 2');
    },
  },
  {
    path: '/uikit/panel',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Труд' }).click();
      await expect(page.getByText('Операции с нормами времени').first()).toBeVisible();
    },
  },
  {
    path: '/uikit/overlay',
    act: async (page) => {
      await page.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
      await expect(page.getByTestId('overlay-answer')).toHaveText('Результат: запись удалена');
    },
  },
  {
    path: '/uikit/media',
    act: async (page) => {
      await page.getByRole('button', { name: 'Следующая' }).click();
      await expect(page.getByTestId('galleria-caption')).toContainText('2 из 5');
    },
  },
  {
    path: '/uikit/menu',
    act: async (page) => {
      await page.locator('.p-menu').getByRole('menuitem', { name: 'Поиск' }).click();
      await expect(page.getByTestId('menu-picked')).toHaveText('Выбран пункт: Поиск');
    },
  },
  {
    path: '/uikit/message',
    act: async (page) => {
      await page.getByRole('button', { name: 'Успех' }).first().click();
      await expect(page.locator('.p-toast')).toContainText('Спецификация сохранена.');
    },
  },
  {
    path: '/uikit/file',
    act: async (page) => {
      await page.locator('input[type=file]').last().setInputFiles({ name: 'смета.txt', mimeType: 'text/plain', buffer: Buffer.from('Итого: 100 ₽') });
      await expect(page.getByTestId('file-received')).toContainText('смета.txt');
    },
  },
  {
    path: '/uikit/misc',
    act: async (page) => {
      await page.getByRole('button', { name: 'Запустить' }).click();
      await expect(page.getByTestId('misc-progress')).toHaveText('Готово');
    },
  },
];

test('демо-страницы: вход с главной и из профиля, каждая страница в своём виде, без ошибок и без прокрутки вбок', async ({ page, context, baseURL, user }) => {
  expect(user.email).toBeTruthy();
  const base = baseURL ?? 'http://127.0.0.1:3018';
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));

  // The way in: the signed-in main page and the profile panel (not the business menu).
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Демо-страницы' }).click();
  await expect(heading(page, 'Демо-страницы')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Демо-страницы' })).toHaveCount(0);
  await page.goto('/uikit/button');
  await page.getByRole('button', { name: 'Профиль' }).click();
  await page.locator('.layout-profile').getByRole('link', { name: 'Демо-страницы' }).click();
  await expect(page).toHaveURL(/\/demo$/);

  for (const [i, visit] of VISITS.entries()) {
    const look = LOOKS[i % LOOKS.length]!;
    await applyLook(context, page, base, look);
    await page.goto(visit.path);
    await expect(page.locator('html')).toHaveClass(look.darkTheme ? /app-dark/ : /^(?!.*app-dark)/);
    await expect(page.locator('[data-menu-mode]')).toHaveAttribute('data-menu-mode', look.menuMode);
    await expect(heading(page, /.+/)).toBeVisible();
    await visit.act(page);
  }

  // Every path at 390 px: no sideways scrolling.
  await applyLook(context, page, base, LOOKS[2]!);
  for (const { path } of VISITS) {
    await page.goto(path);
    await expect(heading(page, /.+/)).toBeVisible();
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll, path).toBeLessThanOrEqual(client);
  }
  expect(errors).toEqual([]);
});
