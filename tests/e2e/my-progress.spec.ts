import { auditPage, formatViolations } from './a11y';
import { expect, test } from './fixtures';

/** Today in Moscow as the page shows it: `26.11.2026`. */
const moscowToday = () =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test('работа в продукте видна на «Мой прогресс»: неделя, таблица, серия, достижение', async ({ page, user }) => {
  expect(user.email).toContain('@');
  // A calculator run…
  await page.goto('/calculators/vat');
  await page.getByLabel('Сумма, ₽').fill('1 000');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByTestId('out-vat')).toBeVisible();
  // …and a new specification saved.
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Табурет');
  await page.getByLabel('Материал 1: наименование').fill('Брус');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('300');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой прогресс' })).toBeVisible();
  await expect(page.getByTestId('streak')).toHaveText(/1 день/);
  // The learning side: every course with its ring, the first lesson to continue.
  await expect(page.getByRole('img', { name: '«Основы себестоимости»: пройдено уроков: 0 %' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Продолжить: / }).first()).toHaveAttribute('href', /^\/education\/cost-basics\/[a-z0-9-]+$/);
  // The chart reads out its figures; the table behind it has this week's counts by kind.
  const chart = page.getByRole('img', { name: /^Действия по неделям за последние 12 недель/ });
  await expect(chart).toBeVisible();
  await page.getByRole('button', { name: 'Таблица' }).click();
  const table = page.getByRole('table', { name: /Действия по неделям/ });
  await expect(table).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const thisWeek = table.getByRole('row').last();
  const cell = (title: string) => thisWeek.getByRole('cell').nth(headers.indexOf(title) - 1);
  await expect(cell('Новые спецификации')).toHaveText('1');
  await expect(cell('Калькуляторы')).toHaveText('1');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('0');
  // The achievement earned today, one still to earn with its progress.
  const first = page.locator('[data-achievement="first-spec"]');
  await expect(first).toContainText('Первая спецификация');
  await expect(first).toContainText(`Получено ${moscowToday()}`);
  await expect(page.getByRole('progressbar', { name: 'Пять разных калькуляторов: 1 из 5' })).toBeVisible();
  await expect(page.locator('[data-achievement="five-calculators"]')).toContainText('ещё 4 калькулятора');

  // No sideways scrolling on a phone; no serious accessibility findings.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const found = await auditPage(page);
  expect(found, formatViolations(found)).toEqual([]);
});
