import fs from 'node:fs';
import { expect, test } from './fixtures';
import { readXlsxRows } from '../helpers/xlsx-read';

/**
 * Specifications and себестоимость (issue 6): a two-level specification built in the editor (a frame made
 * by its own specification inside a table), calculated on /cost, exported to XLSX and read back.
 */

const NBSP = '\u00a0';

test('two-level specification → калькуляция on /cost → XLSX', async ({ page, user: _user }) => {
  // Level 2: «Каркас».
  await page.goto('/specifications/create');
  await expect(page.getByRole('heading', { name: 'Новая спецификация', level: 1 })).toBeVisible();
  await page.getByLabel('Название', { exact: true }).fill('Каркас');
  await page.getByLabel('Материал 1: наименование').fill('Брус');
  await page.getByLabel('Материал 1: единица').selectOption('м');
  await page.getByLabel('Материал 1: количество').fill('4');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('100');
  await page.getByRole('button', { name: 'Добавить операцию' }).click();
  await page.getByLabel('Операция 1: название').fill('Распил');
  await page.getByLabel('Операция 1: часы').fill('0,5');
  await page.getByLabel('Операция 1: ставка', { exact: true }).fill('600');
  // live totals: 400 + 300 + 0 + (300 × 30,2 % = 90,60)
  await expect(page.getByTestId('spec-direct')).toHaveText(`790,60${NBSP}₽`);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);

  // Level 1: «Стол» with the frame as a semi-finished good.
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Стол');
  await page.getByLabel('Материал 1: наименование').fill('Столешница');
  await page.getByLabel('Материал 1: количество').fill('1');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('2 500');
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  await page.getByLabel('Материал 2: наименование').fill('Каркас');
  await page.getByLabel('Материал 2: полуфабрикат').selectOption({ label: 'Каркас' });
  await page.getByLabel('Материал 2: количество').fill('1');
  await page.getByRole('button', { name: 'Добавить операцию' }).click();
  await page.getByLabel('Операция 1: название').fill('Сборка');
  await page.getByLabel('Операция 1: часы').fill('1');
  await page.getByLabel('Операция 1: ставка', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);

  // /cost: the калькуляция by статьи.
  await page.goto('/cost');
  await expect(page.getByRole('heading', { name: 'Себестоимость', level: 1 })).toBeVisible();
  await page.getByLabel('Спецификация', { exact: true }).selectOption({ label: 'Стол' });
  await page.getByLabel('Дополнительная ЗП, %').fill('10');
  await page.getByLabel('ОПР (статья 10): процент').fill('100');
  await page.getByLabel('ОХР (статья 11): процент').fill('50');
  await page.getByLabel('Коммерческие, % производственной').fill('5');
  await page.getByLabel('Наценка, маржа или цена').fill('30');
  // …side by side with the frame itself.
  await page.getByText('Сравнить с другими спецификациями').click();
  await page.getByRole('checkbox', { name: 'Каркас' }).check();
  await page.getByRole('button', { name: 'Рассчитать' }).click();

  const table = page.getByRole('table', { name: 'Плановая калькуляция себестоимости' });
  await expect(table).toBeVisible();
  await expect(page.getByTestId('full-cost')).toHaveText(`5${NBSP}035,55${NBSP}₽`);
  await expect(page.getByTestId('price-with-vat')).toHaveText(`7${NBSP}986,39${NBSP}₽`);
  const row3 = table.locator('tr[data-key="3"]');
  await expect(row3).toContainText(`829,66${NBSP}₽`);
  await expect(table.locator('tr[data-key="workshopCost"]')).toContainText(`4${NBSP}545,76${NBSP}₽`);

  // 400 + 300 + 30 + 99,66 + ОПР 300 + ОХР 150 + 5 % = 1 343,64
  const side = page.getByRole('table', { name: 'Сравнение спецификаций' });
  await expect(side.locator('tr[data-key="fullCost"]')).toContainText(`5${NBSP}035,55${NBSP}₽1${NBSP}343,64${NBSP}₽`);

  // The formula behind a статья.
  await row3.getByRole('button').click();
  await expect(table.getByText('себестоимость полуфабриката «Каркас» за ед.', { exact: false })).toBeVisible();

  // XLSX export, read back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Экспорт в XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe('Калькуляция Стол.xlsx');
  const file = await download.path();
  const rows = readXlsxRows(fs.readFileSync(file));
  expect(rows[1]).toEqual(['Изделие', 'Стол']);
  expect(rows.find((r) => r[1] === 'Полная себестоимость')?.slice(2)).toEqual(['5035.55', '5035.55']);
  expect(rows.find((r) => r[1] === 'Цена с НДС')?.slice(2)).toEqual(['7986.39', '7986.39']);

  // Analysis: structure and break-even charts, the tornado, the inverse «цена для маржи».
  await expect(page.getByRole('img', { name: 'Структура себестоимости по статьям' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'График безубыточности' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Торнадо-диаграмма чувствительности' })).toBeVisible();
  await page.getByLabel('Цена для маржи, %').fill('30');
  // 5 035,55 / (1 − 30 %) = 7 193,64; + НДС 22 % 1 582,60 = 8 776,24
  await expect(page.getByTestId('price-for-margin')).toContainText(`8${NBSP}776,24${NBSP}₽`);

  // The printed form opens in its own tab with the same figures.
  const [print] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Печатная форма' }).click()]);
  await expect(print.getByRole('heading', { name: 'Плановая калькуляция себестоимости' })).toBeVisible();
  await expect(print.getByRole('table', { name: 'Печатная форма калькуляции' }).locator('tr[data-key="fullCost"]')).toContainText(`5${NBSP}035,55`);
  await expect(print.getByTestId('print-price')).toHaveText(`7${NBSP}986,39${NBSP}₽`);
  await print.close();
});

test('a bad number gets a Russian message on /cost', async ({ page, user: _user }) => {
  await page.goto('/cost');
  await page.getByLabel('Материал 1: наименование').fill('Доска');
  await page.getByLabel('Материал 1: количество').fill('много');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Проверьте введённые данные' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Введите число');
  await expect(page.getByLabel('Материал 1: количество')).toHaveClass(/p-invalid/);
});
