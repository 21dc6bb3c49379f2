import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The demo applications (banking, blog, files, chat, tasks, mail, CRUD, e-commerce, profiles) on their sample
 * data: every path opens with its main interaction done once — in a rotating mix of the static and horizontal
 * menu, light and dark scheme, 1440 and 390 px — with no console error; every path, as it is opened or reached,
 * is also seen at 390 px with no sideways scrolling (a wide one is narrowed and widened again, not reloaded). One
 * signed-in browser context: changes made on one page (a letter sent, an order placed) are seen on the next, as a
 * user would.
 */

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const PATHS = [
  '/dashboard-banking',
  '/apps/blog/list',
  '/apps/blog/edit',
  '/apps/blog/detail/b1',
  '/apps/files',
  '/apps/chat',
  '/apps/tasklist',
  '/apps/mail/compose',
  '/apps/mail/sent',
  '/apps/mail/inbox',
  '/apps/mail/archived',
  '/apps/mail/detail/l4',
  '/apps/mail/spam',
  '/apps/mail/trash',
  '/apps/mail/starred',
  '/apps/mail/important',
  '/pages/crud',
  '/ecommerce/product-list',
  '/ecommerce/product-overview',
  '/ecommerce/new-product',
  '/ecommerce/shopping-cart',
  '/ecommerce/checkout-form',
  '/ecommerce/order-summary',
  '/ecommerce/order-history',
  '/profile/create',
  '/profile/list',
];

/** A 1×1 PNG: the cover and the file the demo keeps in the browser. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function settings(page: Page, baseURL: string, menuMode: 'static' | 'horizontal', darkTheme: boolean) {
  const value = encodeURIComponent(JSON.stringify({ preset: 'Aura', primary: 'blue', surface: null, darkTheme, menuMode, menuTheme: 'colorScheme' }));
  await page.context().addCookies([{ name: 'ui-settings', value, url: baseURL }]);
}

test('демо-приложения: главное действие каждой страницы, режимы меню, схемы, телефон', async ({ page, user, baseURL }) => {
  // Each app's content loads after the shell: about a minute on an idle machine; the margin is for a loaded one.
  test.setTimeout(240_000);
  expect(user.email).toBeTruthy();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });

  /** The demo store is live (hydrated, the saved state applied): clicks and typing now reach React. */
  const ready = () => page.locator('html[data-demo-ready]').waitFor({ state: 'attached' });
  /** At 390 px the document does not scroll sideways; a wide page is narrowed for the check and widened back. */
  async function fits() {
    const size = page.viewportSize();
    if (size?.width !== PHONE.width) await page.setViewportSize(PHONE);
    // The app's own content, not the «Загрузка…» that holds its place while its code loads.
    await expect(page.locator('.layout-main').getByRole('status').filter({ hasText: 'Загрузка…' })).toHaveCount(0, { timeout: 15_000 });
    const sideways = () =>
      page.evaluate(() => {
        const w = { doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, vw: window.innerWidth };
        return w.doc > w.vw || w.body > w.vw ? `${w.doc}/${w.body} px > ${w.vw} px` : null;
      });
    // Polled: a route's own style sheet may arrive after the load event (client components' CSS).
    await expect.poll(sideways, { message: page.url() }).toBeNull();
    if (size && size.width !== PHONE.width) await page.setViewportSize(size);
  }
  let turn = 0;
  const seen = new Set<string>();
  /** A path reached by the page itself (after a save, a send): counted as seen and checked at 390 px. */
  async function reached(path: string) {
    seen.add(path);
    await fits();
  }
  /** Opens a path in the next combination of menu mode, scheme and width; checks the shell took them. */
  async function open(path: string) {
    const mode = turn % 2 === 0 ? 'static' : 'horizontal';
    const dark = Math.floor(turn / 2) % 2 === 1;
    const phone = turn % 3 === 2;
    turn++;
    seen.add(path.split('?')[0]!);
    await settings(page, baseURL!, mode, dark);
    await page.setViewportSize(phone ? PHONE : WIDE);
    await page.goto(path);
    await ready();
    await expect(page.locator('.layout-wrapper')).toHaveClass(new RegExp(`layout-${mode}(\\s|$)`));
    await expect(page.locator('html')).toHaveClass(dark ? /app-dark/ : /^(?!.*app-dark)/);
    await fits();
  }
  const main = () => page.locator('.layout-main');
  const button = (name: string | RegExp) => main().getByRole('button', { name, exact: typeof name === 'string' });

  // Banking: search and filters narrow the operations; a new operation moves the balance.
  await open('/dashboard-banking');
  await expect(main().getByRole('img', { name: 'Доходы и расходы по месяцам' })).toBeVisible();
  await main().getByLabel('Поиск операций').fill('аренда');
  await expect(main().getByText('Найдено операций: 6,')).toBeVisible();
  await main().getByRole('button', { name: 'Расходы' }).click();
  await expect(main().getByText('Найдено операций: 6,')).toBeVisible();
  await main().getByRole('button', { name: 'Доходы' }).click();
  await expect(main().getByText('Найдено операций: 0,')).toBeVisible();

  // Blog: a new post with a cover; it opens, takes a comment and is in the list.
  await open('/apps/blog/edit');
  await button('Опубликовать').click();
  await expect(main().getByText('Введите заголовок.')).toBeVisible();
  await main().getByLabel('Заголовок').fill('Запись из e2e');
  await main().getByTestId('cover-input').setInputFiles({ name: 'обложка.png', mimeType: 'image/png', buffer: PNG });
  await expect(main().getByRole('img', { name: 'Обложка: Запись из e2e' })).toBeVisible();
  await main().getByLabel('Текст').fill('Текст новой записи.');
  await button('Опубликовать').click();
  await expect(page).toHaveURL(/\/apps\/blog\/detail\//);
  await reached('/apps/blog/detail/b1');
  await main().getByLabel('Ваше имя').fill('Проверяющий');
  await main().getByLabel('Комментарий', { exact: true }).fill('Отличная запись');
  await button('Отправить комментарий').click();
  await expect(main().getByRole('list', { name: 'Комментарии' })).toContainText('Отличная запись');
  await open('/apps/blog/list');
  await expect(main().getByRole('link', { name: 'Запись из e2e' })).toBeVisible();

  // Files: a folder, an upload into it.
  await open('/apps/files');
  await main().getByRole('button', { name: /Фото изделий/ }).click();
  await main().getByTestId('file-input').setInputFiles({ name: 'эскиз.png', mimeType: 'image/png', buffer: PNG });
  await expect(main().getByRole('link', { name: 'эскиз.png' })).toBeVisible();
  await expect(main().getByRole('button', { name: /Фото изделий/ })).toContainText('4 файла');

  // Chat: search a contact, read the unread, send a message.
  await open('/apps/chat');
  await main().getByLabel('Поиск контакта').fill('мари');
  const maria = main().getByRole('button', { name: /Мария Кузнецова/ });
  await expect(maria.getByLabel('непрочитанных: 1')).toBeVisible();
  await maria.click();
  await expect(maria.getByLabel('непрочитанных: 1')).toHaveCount(0);
  await main().getByLabel('Сообщение', { exact: true }).fill('Спасибо, учту новые цены');
  await button('Отправить').click();
  await expect(main().getByRole('log')).toContainText('Спасибо, учту новые цены');

  // Tasks: add, edit, complete, filter, delete.
  await open('/apps/tasklist');
  await main().getByLabel('Новая задача').fill('Проверить остатки');
  await button('Добавить').click();
  await button('Изменить «Проверить остатки»').click();
  await page.getByRole('dialog').getByLabel('Название').fill('Проверить остатки на складе');
  await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
  await main().getByRole('checkbox', { name: 'Проверить остатки на складе' }).check();
  await main().getByRole('button', { name: /^Выполненные/ }).click();
  await expect(main().getByRole('list', { name: 'Задачи' })).toContainText('Проверить остатки на складе');
  await button('Удалить «Проверить остатки на складе»').click();
  await expect(main().getByRole('list', { name: 'Задачи' })).not.toContainText('Проверить остатки на складе');

  // Mail: compose into «Отправленные», star, bulk archive, spam and back, trash and restore.
  await open('/apps/mail/compose');
  await button('Отправить').click();
  await expect(main().getByText('Укажите адрес получателя.')).toBeVisible();
  await main().getByLabel('Кому').fill('partner@example.ru');
  await main().getByLabel('Тема').fill('Счёт на декабрь');
  await main().getByLabel('Текст').fill('Направляю счёт.');
  await button('Отправить').click();
  await expect(page).toHaveURL(/\/apps\/mail\/sent$/);
  await reached('/apps/mail/sent');
  await expect(main().getByRole('list', { name: 'Письма: Отправленные' })).toContainText('Счёт на декабрь');
  await open('/apps/mail/inbox');
  const inbox = main().getByRole('list', { name: 'Письма: Входящие' });
  await inbox.getByRole('listitem').filter({ hasText: 'Нормы расхода кромки' }).getByRole('button', { name: 'Пометить' }).click();
  await main().getByRole('checkbox', { name: 'Выбрать «Нормы расхода кромки»' }).check();
  await main().getByRole('checkbox', { name: 'Выбрать «Выписка по счёту за ноябрь»' }).check();
  await button('В архив').click();
  await expect(inbox).not.toContainText('Нормы расхода кромки');
  await open('/apps/mail/archived');
  await expect(main().getByRole('list', { name: 'Письма: Архив' })).toContainText('Выписка по счёту за ноябрь');
  await open('/apps/mail/detail/l4');
  await button('В спам').click();
  await expect(page).toHaveURL(/\/apps\/mail\/inbox$/);
  await open('/apps/mail/spam');
  await main().getByRole('checkbox', { name: 'Выбрать «Повышение цен с 1 декабря»' }).check();
  await button('Не спам').click();
  await expect(main().getByRole('list', { name: 'Письма: Спам' })).not.toContainText('Повышение цен');
  await open('/apps/mail/trash');
  await main().getByRole('checkbox', { name: 'Выбрать «Старый отчёт»' }).check();
  await button('Восстановить').click();
  await expect(main().getByText('Писем нет.')).toBeVisible();
  await open('/apps/mail/starred');
  await expect(main().getByRole('list', { name: 'Письма: Помеченные' })).toContainText('Нормы расхода кромки');
  await open('/apps/mail/important');
  await expect(main().getByRole('list', { name: 'Письма: Важные' })).toContainText('Повышение цен с 1 декабря');

  // CRUD: validation, create, delete many, CSV for Excel.
  await open('/pages/crud');
  await button('Новый товар').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Введите наименование.')).toBeVisible();
  await dialog.getByLabel('Наименование').fill('Стяжка эксцентриковая');
  await dialog.getByLabel('Артикул').fill('СТ-15');
  await dialog.locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Крепёж' }).click();
  await dialog.getByLabel('Цена, ₽').fill('12,5');
  await dialog.getByLabel('Количество').fill('400');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(main().getByRole('cell', { name: 'Стяжка эксцентриковая', exact: true })).toBeVisible();
  const rows = main().locator('tbody tr');
  await rows.filter({ hasText: 'ПТЛ-35' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'НПР-450' }).getByRole('checkbox').check();
  await button('Удалить выбранные').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(rows.filter({ hasText: 'ПТЛ-35' })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), button('Экспорт в CSV').click()]);
  const csv = await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString('utf8'));
  expect(csv.startsWith('\ufeffАртикул;Наименование;')).toBe(true);
  expect(csv).toContain('СТ-15;Стяжка эксцентриковая;Крепёж;12,50;400;5000,00;В наличии');

  // Shop: add to cart, quantities, totals with VAT, checkout with validation, the order in history.
  await open('/ecommerce/product-list');
  await button('В корзину: Комод «Лайт» на 4 ящика').click();
  await open('/ecommerce/product-overview?id=s4');
  await button('В корзину').click();
  await open('/ecommerce/new-product');
  await button('Добавить в каталог').click();
  await expect(main().getByText('Введите название товара.')).toBeVisible();
  await main().getByLabel('Название').fill('Вешалка настенная');
  await main().locator('.p-dropdown').click();
  await page.getByRole('option', { name: 'Полки' }).click();
  await main().getByLabel('Цена с НДС, ₽').fill('2 490');
  await button('Добавить в каталог').click();
  await expect(page).toHaveURL(/\/ecommerce\/product-list$/);
  await expect(main().getByRole('link', { name: 'Вешалка настенная' })).toBeVisible();
  await open('/ecommerce/shopping-cart');
  // Sample cart: ТВ-1200 × 1, полка × 3; then комод × 1 and стол × 1.
  await expect(main().getByTestId('order-total')).toHaveText('38\u00a0530,19\u00a0₽');
  await main().getByRole('listitem').filter({ hasText: 'Полка навесная 800' }).locator('.p-inputnumber-button-up').click();
  await expect(main().getByTestId('order-total')).toHaveText('39\u00a0830,09\u00a0₽');
  await expect(main().getByTestId('vat-total')).toHaveText('7\u00a0182,47\u00a0₽');
  await open('/ecommerce/checkout-form');
  await button('Подтвердить заказ').click();
  await expect(main().getByText('Укажите имя получателя.')).toBeVisible();
  await main().getByRole('radio', { name: 'Самовывоз со склада — бесплатно' }).check();
  await main().getByLabel('Получатель (ФИО)').fill('Иванов Иван Иванович');
  await main().getByLabel('Телефон').fill('8 912 000-11-22');
  await main().getByLabel('Электронная почта').fill('ivanov@example.ru');
  await main().getByRole('checkbox', { name: 'Согласен на обработку персональных данных' }).check();
  await button('Подтвердить заказ').click();
  await expect(page).toHaveURL(/\/ecommerce\/order-summary\?id=/);
  await reached('/ecommerce/order-summary');
  await expect(main().getByTestId('order-total').first()).toHaveText('39\u00a0830,09\u00a0₽');
  await open('/ecommerce/order-history');
  await expect(main().getByRole('row').filter({ hasText: 'Иванов Иван Иванович' })).toContainText('39\u00a0830,09\u00a0₽');
  await expect(main().getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();

  // Profiles: validation, create, find in the list.
  await open('/profile/create');
  await button('Создать профиль').click();
  await expect(main().getByText('Заполните поле «Фамилия».')).toBeVisible();
  await main().getByLabel('Фамилия *').fill('Орлова');
  await main().getByLabel('Имя *').fill('Вера');
  await main().getByLabel('Электронная почта *').fill('v.orlova@example.ru');
  await main().getByLabel('Дата рождения').fill('07.03.1991');
  await button('Создать профиль').click();
  await expect(page).toHaveURL(/\/profile\/list$/);
  await reached('/profile/list');
  await main().getByLabel('Поиск профиля').fill('орлов');
  await expect(main().getByRole('row')).toHaveCount(2);
  await expect(main().getByRole('cell', { name: 'Орлова Вера', exact: true })).toBeVisible();

  expect([...PATHS].filter((p) => !seen.has(p.split('?')[0]!))).toEqual([]);
  expect(errors).toEqual([]);
});
