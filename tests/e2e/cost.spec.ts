import fs from 'node:fs';
import { expect, test } from './fixtures';
import { formulas, readBook, sheetRows, wrongFormulas } from '../helpers/xlsx-read';

/**
 * Specifications and себестоимость: a two-level specification built in the editor (a frame made
 * by its own specification inside a table), calculated on /cost by статьи and as a semi-finished good,
 * exported to XLSX and read back.
 */

const NBSP = '\u00a0';

test('two-level specification → калькуляция on /cost → XLSX', async ({ page, user: _user }) => {
  test.setTimeout(90_000); // two specifications built in the editor, then /cost: the margin is for a loaded machine
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
  // The picker searches on the server (specs/pick): type a part of the name, choose the suggestion.
  await page.getByLabel('Спецификация', { exact: true }).fill('сто');
  await page.getByRole('option', { name: 'Стол' }).click();
  await expect(page.getByLabel('Спецификация', { exact: true })).toHaveValue('Стол');
  await page.getByLabel('Дополнительная ЗП, %').fill('10');
  await page.getByLabel('ОПР (статья 10): процент').fill('100');
  await page.getByLabel('ОХР (статья 11): процент').fill('50');
  await page.getByLabel('Коммерческие, % производственной').fill('5');
  await page.getByLabel('Наценка, маржа или цена').fill('30');
  // …side by side with the frame itself.
  await page.getByText('Сравнить с другими спецификациями').click();
  await page.getByLabel('Спецификации для сравнения').fill('карк');
  await page.getByRole('option', { name: 'Каркас' }).click();
  await page.getByRole('button', { name: 'Рассчитать' }).click();

  const table = page.getByRole('table', { name: 'Плановая калькуляция себестоимости' });
  await expect(table).toBeVisible();
  // By статьи (the default): the frame's Брус 400,00 is статья 1, its Распил 300,00 is статья 5 — so ОПР and ОХР
  // are charged on it too. 1 = 2 900,00; 5 = 800,00; 6 = 80,00; 7 = 880 × 30 % + 880 × 0,2 % = 265,76;
  // прямые 4 045,76; ОПР 800,00 → цеховая 4 845,76; ОХР 400,00 → 5 245,76; + 5 % 262,29 = 5 508,05
  await expect(page.getByTestId('full-cost')).toHaveText(`5${NBSP}508,05${NBSP}₽`);
  // × 1,3 = 7 160,47; НДС 22 % 1 575,30
  await expect(page.getByTestId('price-with-vat')).toHaveText(`8${NBSP}735,77${NBSP}₽`);
  await expect(table.locator('tr[data-key="1"]')).toContainText(`2${NBSP}900,00${NBSP}₽`);
  await expect(table.locator('tr[data-key="3"]')).toContainText(`0,00${NBSP}₽`);
  await expect(table.locator('tr[data-key="workshopCost"]')).toContainText(`4${NBSP}845,76${NBSP}₽`);
  await expect(page.getByTestId('semi-method')).toContainText('Бесполуфабрикатный (по статьям)');

  // 400 + 300 + 30 + 99,66 + ОПР 300 + ОХР 150 + 5 % = 1 343,64
  const side = page.getByRole('table', { name: 'Сравнение спецификаций' });
  await expect(side.locator('tr[data-key="fullCost"]')).toContainText(`5${NBSP}508,05${NBSP}₽1${NBSP}343,64${NBSP}₽`);

  // The formula behind a статья, and the frame's own line behind its share.
  await table.locator('tr[data-key="5"]').getByRole('button').click();
  await expect(table.getByText('(300,00 + 500,00) = 800,00')).toBeVisible();
  await expect(table.getByText('Каркас: основная заработная плата: 300,00 × 1 = 300,00', { exact: false })).toBeVisible();
  await table.getByRole('button', { name: 'расчёт «Каркас»' }).click();
  await expect(table.getByText('Распил: 0,5 ч × 600,00 ₽/ч = 300,00')).toBeVisible();

  // XLSX export, read back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Экспорт в XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe('Калькуляция Стол.xlsx');
  const file = await download.path();
  const book = await readBook(fs.readFileSync(file));
  expect(book.worksheets.map((w) => w.name)).toEqual(['Калькуляция', 'Расшифровка']);
  const rows = sheetRows(book, 'Калькуляция');
  // The book's heading, like the print form's: company, date, product, whose parameters.
  const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());
  expect(rows.slice(1, 5)).toEqual([
    ['', 'Организация', 'своя компания не заведена'],
    ['', 'Дата расчёта', today],
    ['', 'Изделие', 'Стол'],
    ['', 'Единица измерения', 'шт (код ОКЕИ 796)'],
  ]);
  const note = (label: string) => rows.find((r) => r[1] === label)?.[2];
  expect(note('Параметры')).toBe('по умолчанию программы');
  expect(note('Налоговый режим')).toBe('ОСНО');
  expect(note('Метод учёта полуфабрикатов')).toBe('Бесполуфабрикатный (по статьям)');
  const fullAt = rows.findIndex((r) => r[1] === 'Полная себестоимость');
  expect(rows[fullAt]?.slice(2)).toEqual(['5508.05', '5508.05', '5508.05']);
  expect(rows.find((r) => r[1] === 'Отпускная цена с НДС')?.slice(2)).toEqual(['8735.77', '8735.77', '8735.77']);
  // Subtotals in place and bold, real formulas (cached values agree), money format, frozen header, A4 landscape.
  const calc = book.getWorksheet('Калькуляция')!;
  expect(rows[fullAt - 1]?.[0]).toBe('14');
  expect(rows[rows.findIndex((r) => r[1] === 'Цеховая себестоимость') - 1]?.[0]).toBe('10');
  expect(rows[rows.findIndex((r) => r[1] === 'Производственная себестоимость') - 1]?.[0]).toBe('13');
  expect(calc.getCell(`D${fullAt + 1}`).font?.bold).toBe(true);
  expect(calc.getCell(`D${fullAt + 1}`).value).toMatchObject({ formula: expect.stringMatching(/^D\d+\+D\d+$/), result: 5508.05 });
  expect(calc.getCell(`D${fullAt + 1}`).numFmt).toMatch(/^#,##0\.00\\? "₽"$/);
  expect(formulas(book).length).toBeGreaterThan(60);
  expect(wrongFormulas(book)).toEqual([]);
  expect(calc.views[0]).toMatchObject({ state: 'frozen', ySplit: rows.findIndex((r) => r[0] === '№') + 1 });
  expect(calc.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
  expect(calc.getColumn(2).width).toBeGreaterThanOrEqual('Расходы на содержание и эксплуатацию оборудования'.length);
  const lines = sheetRows(book, 'Расшифровка');
  expect(lines.find((r) => r[1] === 'Столешница')?.slice(2, 4)).toEqual(['шт', '796']);
  expect(lines.some((r) => r[0]?.startsWith('Полуфабрикат «Каркас»: на выпуск'))).toBe(true);

  // Analysis: structure and break-even charts, the tornado, the inverse «цена для маржи».
  await expect(page.getByRole('img', { name: 'Структура себестоимости по статьям' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'График безубыточности' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Торнадо-диаграмма чувствительности' })).toBeVisible();
  await page.getByLabel('Цена для маржи, %').fill('30');
  // 5 508,05 / (1 − 30 %) = 7 868,64; + НДС 22 % 1 731,10 = 9 599,74
  await expect(page.getByTestId('price-for-margin')).toContainText(`9${NBSP}599,74${NBSP}₽`);

  // The printed form opens in its own tab with the same figures.
  const [print] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Печатная форма' }).click()]);
  await expect(print.getByRole('heading', { name: 'Плановая калькуляция себестоимости' })).toBeVisible();
  await expect(print.getByRole('table', { name: 'Печатная форма калькуляции' }).locator('tr[data-key="fullCost"]')).toContainText(`5${NBSP}508,05`);
  await expect(print.getByTestId('print-price')).toHaveText(`8${NBSP}735,77${NBSP}₽`);
  await expect(print.getByTestId('print-source')).toHaveText(' · параметры по умолчанию программы');
  await expect(print.getByText('метод учёта полуфабрикатов: бесполуфабрикатный (по статьям)', { exact: false })).toBeVisible();
  await expect(print.getByRole('region', { name: 'Расшифровка полуфабриката «Каркас»' })).toContainText('Распил');
  // «УТВЕРЖДАЮ» at the top right: no own company — lines to fill by hand, the date in words.
  const approval = print.getByRole('region', { name: 'Утверждаю' });
  await expect(approval).toContainText('УТВЕРЖДАЮ');
  await expect(approval.getByTestId('approval-date')).toHaveText(/^\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4} г\.$/);
  await print.close();

  // Полуфабрикатный: the frame is one line of статья 3 at its производственная себестоимость
  // 829,66 + ОПР 300,00 + ОХР 150,00 = 1 279,66; with overheads on wages the полная is the same.
  await page.getByLabel('Полуфабрикаты собственного производства').selectOption({ label: 'Полуфабрикатный' });
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByTestId('semi-method')).toContainText('Полуфабрикатный');
  await expect(table.locator('tr[data-key="3"]')).toContainText(`1${NBSP}279,66${NBSP}₽`);
  await expect(table.locator('tr[data-key="10"]')).toContainText(`500,00${NBSP}₽`);
  await expect(page.getByTestId('full-cost')).toHaveText(`5${NBSP}508,05${NBSP}₽`);
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

/** A batch of 10: 30 м × 100 ₽ = 3 000,00 and 1 ч × 500 ₽ (+ 151,00 взносы) for the whole output. */
const batchDoc = {
  schemaVersion: 1,
  name: 'Партия табуретов',
  unit: 'шт',
  outputQty: '10',
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty: '30', price: '100' }],
  operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '500' }],
};

test('a /cost link restores the specification and parameters and is calculated at once; a scenario opens with its result', async ({ page, user: _user }) => {
  const created = await page.request.post('/api/v1/specs/create', { data: { doc: batchDoc } });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  // (3 000 + 500 + 151) / 10 = 365,10; + 5 % коммерческие = 383,36 (no click on «Рассчитать»).
  await page.goto(`/cost?spec=${encodeURIComponent(id)}&selling=5&markup=20&semi=semi`);
  await expect(page.getByTestId('full-cost')).toHaveText(`383,36${NBSP}₽`);
  await expect(page.getByLabel('Спецификация', { exact: true })).toHaveValue('Партия табуретов');
  await expect(page.getByLabel('Коммерческие, % производственной')).toHaveValue('5');
  await expect(page.getByLabel('Наценка, маржа или цена')).toHaveValue('20');
  await expect(page.getByLabel('Полуфабрикаты собственного производства')).toHaveValue('semi');
  await expect(page.getByText('из ссылки')).toBeVisible();

  // Editing writes the query string (no reload): a bad value stays out of it; the contribution tariff the
  // calculation used (the rate table's, 30 % today) is written, so the link reproduces it when the law changes.
  await page.getByLabel('Коммерческие, % производственной').fill('10');
  await page.getByLabel('Партия, ед.').fill('abc');
  await expect(page).toHaveURL(new RegExp(`/cost\\?spec=${id}&selling=10&contributions=30&markup=20&semi=semi$`));

  // A saved scenario opens with its result.
  await page.getByLabel('Коммерческие, % производственной').fill('5');
  await page.getByLabel('Партия, ед.').fill('');
  await page.getByLabel('Название сценария').fill('Партия +5 %');
  await page.getByRole('button', { name: 'Сохранить сценарий' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Партия +5 %' })).toBeVisible();
  await page.goto('/cost');
  await expect(page.getByTestId('full-cost')).toHaveCount(0);
  await page.getByRole('listitem').filter({ hasText: 'Партия +5 %' }).getByRole('button', { name: 'открыть' }).click();
  await expect(page.getByTestId('full-cost')).toHaveText(`383,36${NBSP}₽`);
  await expect(page).toHaveURL(new RegExp(`/cost\\?spec=${id}&selling=5(&contributions=30)?&markup=20&semi=semi$`));
});
