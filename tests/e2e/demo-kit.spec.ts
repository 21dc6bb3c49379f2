import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The demo index and the UI-kit / template pages (app/(demo)): reached from the main page and the profile panel;
 * each path opened once with its main interaction, in a rotating combination of menu mode (static, horizontal),
 * scheme (light, dark) and width (1440, 390), with no console error; each path is also seen at 390 px with no
 * sideways scrolling before its interaction (a wide page is narrowed for the check and widened back, not reloaded).
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
    path: '/uikit/formlayout',
    act: async (page) => {
      await page.locator('#fl-v-name').fill('Анна');
      await page.getByRole('button', { name: 'Отправить' }).first().click();
      await expect(page.getByTestId('form-sent')).toContainText('«Анна»');
    },
  },
  {
    path: '/uikit/input',
    act: async (page) => {
      await page.getByLabel('Название').fill('Стол');
      await page.getByLabel('Город (подсказки)').fill('Каз');
      await page.locator('.p-autocomplete-panel').getByRole('option', { name: 'Казань' }).click();
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
      await page.getByRole('dialog', { name: 'Удаление' }).getByRole('button', { name: 'Удалить' }).click();
      await expect(page.getByTestId('overlay-answer')).toHaveText('Результат: запись удалена');
    },
  },
  {
    path: '/uikit/media',
    act: async (page) => {
      await page.getByRole('button', { name: 'Следующая', exact: true }).click();
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
  {
    path: '/uikit/charts',
    act: async (page) => {
      await expect(page.locator('canvas')).toHaveCount(6);
      await page.getByRole('button', { name: '2025' }).click();
      await expect(page.getByTestId('charts-year')).toContainText('Показан 2025 год');
      await expect(page.locator('canvas').first()).toHaveAttribute('height', /^[1-9]/);
    },
  },
  {
    path: '/blocks',
    act: async (page) => {
      await page.getByRole('button', { name: 'Показать код' }).first().click();
      await expect(page.getByRole('region', { name: 'Первый экран' }).locator('pre')).toContainText('export function HeroBlock()');
      await page.getByRole('button', { name: 'Год −20 %' }).click();
      await expect(page.getByText(/14\s304,00\s₽/)).toBeVisible();
    },
  },
  {
    path: '/pages/about',
    act: async (page) => {
      await expect(page.getByRole('heading', { name: 'Наши принципы' })).toBeVisible();
      await page.getByRole('link', { name: 'напишите нам' }).click();
      await expect(page).toHaveURL(/\/pages\/contact$/);
    },
  },
  {
    path: '/pages/contact',
    act: async (page) => {
      await page.getByRole('button', { name: 'Отправить' }).click();
      await expect(page.getByText('Как к вам обращаться? Не короче двух букв.')).toBeVisible();
      await page.getByLabel('Имя').fill('Анна');
      await page.getByLabel('Электронная почта').fill('anna@example.ru');
      await page.locator('.p-dropdown').click();
      await page.getByRole('option', { name: 'Доставка и сборка' }).click();
      await page.getByLabel('Сообщение').fill('Когда привезёте столы?');
      await page.getByText('Согласен на обработку персональных данных').click();
      await page.getByRole('button', { name: 'Отправить' }).click();
      await expect(page.getByTestId('contact-sent')).toContainText('Спасибо, Анна! Сообщение на тему «Доставка и сборка» принято.');
    },
  },
  {
    path: '/pages/faq',
    act: async (page) => {
      await page.getByRole('button', { name: 'Сколько стоит доставка?' }).click();
      await expect(page.getByText('бесплатно при заказе от 50 000 ₽')).toBeVisible();
    },
  },
  {
    path: '/pages/help',
    act: async (page) => {
      await page.getByLabel('Поиск по справке').fill('шаблон');
      await expect(page.getByTestId('help-count')).toHaveText('Найдено: 1 статья');
      await page.getByLabel('Поиск по справке').fill('нет такого слова');
      await expect(page.getByTestId('help-count')).toHaveText('Ничего не найдено: попробуйте другие слова.');
    },
  },
  {
    path: '/pages/invoice',
    act: async (page) => {
      // 4 × 8 900 + 4 × 14 500 + 2 × 5 650,50 + 3 500 = 108 401,00; НДС 22 % = 23 848,22.
      await expect(page.getByTestId('invoice-total')).toHaveText(/^132\s249,22$/);
      await expect(page.getByTestId('invoice-words')).toHaveText('Сто тридцать две тысячи двести сорок девять рублей 22 копейки');
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.layout-topbar')).toBeHidden();
      await expect(page.getByTestId('invoice-words')).toBeVisible();
      await page.emulateMedia({ media: null });
    },
  },
  {
    path: '/documentation',
    act: async (page) => {
      await page.getByRole('navigation', { name: 'Разделы документации' }).getByRole('link', { name: 'Развёртывание' }).click();
      await expect(page).toHaveURL(/#deploy$/);
      await expect(page.getByText('GET /api/health')).toBeVisible();
    },
  },
];

test('демо-страницы: вход с главной и из профиля, каждая страница в своём виде, без ошибок и без прокрутки вбок', async ({ page, context, baseURL, user }) => {
  // Every demo path in its mode, each showcase loaded after the shell; the margin is for a loaded machine.
  test.setTimeout(240_000);
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

  // At 390 px the document does not scroll sideways (a failure names what sticks out past the right edge).
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      const over = [...document.querySelectorAll('main *')].filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1);
      const tops = over.filter((el) => !over.includes(el.parentElement as Element)).slice(0, 3);
      return `${root.scrollWidth}: ${tops.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`).join(', ')}`;
    });
  const phone = LOOKS[2]!.width;

  for (const [i, visit] of VISITS.entries()) {
    const look = LOOKS[i % LOOKS.length]!;
    await applyLook(context, page, base, look);
    await page.goto(visit.path);
    await expect(page.locator('html')).toHaveClass(look.darkTheme ? /app-dark/ : /^(?!.*app-dark)/);
    await expect(page.locator('[data-menu-mode]')).toHaveAttribute('data-menu-mode', look.menuMode);
    // The heavy showcases' heading comes with their code, right after the shell (components/demo/lazy.tsx).
    await expect(heading(page, /.+/)).toBeVisible({ timeout: 15_000 });
    if (look.width !== phone) await page.setViewportSize({ width: phone, height: 844 });
    // Polled: a route's own style sheet may arrive after the load event (client components' CSS).
    await expect.poll(() => overflow(page), { message: visit.path }).toBeNull();
    if (look.width !== phone) await page.setViewportSize({ width: look.width, height: 900 });
    await visit.act(page);
  }
  expect(errors).toEqual([]);
});
