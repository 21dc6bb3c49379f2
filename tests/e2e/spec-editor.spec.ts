import fs from 'node:fs';
import { bookOf, readBook, sheetRows, wrongFormulas } from '../helpers/xlsx-read';
import { expect, test } from './fixtures';

/**
 * The specification editor: materials imported from XLSX with column mapping, two saves, the
 * history with a diff of the two versions, and «Восстановить».
 */

test('XLSX import → save twice → history, diff, restore', async ({ page, user: _user }) => {
  const book = await bookOf('Материалы', [
    ['№', 'Материал', 'Кол-во', 'Ед. изм.', 'Цена, руб.'],
    ['1', 'Брус', { n: '4' }, 'м', { n: '100' }],
    ['2', 'Саморез', { n: '16' }, 'шт.', { n: '2.5' }],
    ['3', 'Клей', 'много', 'кг', { n: '300' }],
  ]);
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Табурет');
  await page.getByRole('button', { name: 'Импорт из XLSX' }).click();
  await page.getByLabel('Файл XLSX').setInputFiles({ name: 'Материалы.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from(book) });
  // guessed from the header; the unit column is re-mapped by hand to check the mapping control
  await expect(page.getByLabel('Столбец: Наименование')).toHaveValue('1');
  await page.getByLabel('Столбец: Единица').selectOption({ label: 'D — Ед. изм.' });
  await expect(page.getByTestId('import-count')).toHaveText('2');
  await expect(page.getByRole('list', { name: 'Ошибки импорта' })).toContainText('Строка 4: количество');
  await page.getByRole('button', { name: 'Добавить к материалам' }).click();
  await expect(page.getByLabel('Материал 1: наименование')).toHaveValue('Брус');
  await expect(page.getByLabel('Материал 2: единица')).toHaveValue('шт');
  await expect(page.getByLabel('Материал 2: цена', { exact: true })).toHaveValue('2,5');
  await expect(page.getByLabel('Материал 3: наименование')).toHaveCount(0);
  const nameField = await page.getByLabel('Название', { exact: true }).elementHandle();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
  // The address names the new specification, and the editor stays the same one (not remounted to load it again).
  await page.waitForLoadState('networkidle');
  expect(await nameField!.evaluate((el) => el.isConnected)).toBe(true);

  // XLSX export of the spec with its калькуляция, read back
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Экспорт в XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe('Спецификация Табурет.xlsx');
  const exported = await readBook(fs.readFileSync(await download.path()));
  expect(exported.worksheets.map((w) => w.name)).toEqual(['Спецификация', 'Калькуляция', 'Расшифровка']);
  expect(sheetRows(exported)).toContainEqual(['1', 'Брус', 'м', '006', '4', '0', 'сверх нормы', '4', '100', '400', '1 Материалы']);
  expect(sheetRows(exported, 'Калькуляция')[0]).toEqual(['Плановая калькуляция себестоимости']);
  expect(wrongFormulas(exported)).toEqual([]);

  await page.getByLabel('Материал 1: количество').fill('5');
  // unsaved changes: following the breadcrumb asks first; staying keeps the page
  const asked = page.waitForEvent('dialog').then(async (d) => {
    const text = d.message();
    await d.dismiss();
    return text;
  });
  await page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'Спецификации' }).click();
  expect(await asked).toBe('Есть несохранённые изменения. Уйти без сохранения?');
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Спецификация сохранена').first()).toBeVisible();

  await page.getByText('История версий').click();
  const history = page.getByRole('table', { name: 'История версий' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await history.getByLabel('Сравнить версию 1').check();
  await history.getByLabel('Сравнить версию 2').check();
  await page.getByRole('button', { name: 'Сравнить выбранные' }).click();
  await expect(page.getByRole('region', { name: 'Сравнение версий 1 и 2' })).toContainText('изменено: Брус — нетто: 4 → 5');

  await history.getByRole('button', { name: 'Восстановить версию 1' }).click();
  await expect(page.getByLabel('Материал 1: количество')).toHaveValue('4');
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history).toContainText('3 (текущая), из версии 1');
});

/**
 * Semi-finished goods: numbers stay Russian after a save and a reload; the first version has its author; a
 * specification is never offered to those it contains, a loop closed behind the editor's back is refused with
 * its path; picking a specification names an empty line.
 */
test('comma numbers after a save, a loop is refused, the picked specification names the line', async ({ page, user }) => {
  // «Подстолье» with a decimal comma
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Подстолье');
  await page.getByLabel('Материал 1: наименование').fill('Брус');
  await page.getByLabel('Материал 1: количество').fill('0,85');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('1200.5');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
  const baseUrl = page.url();
  const baseId = baseUrl.split('/').pop()!;
  await expect(page.getByLabel('Материал 1: количество')).toHaveValue('0,85');
  await expect(page.getByLabel('Материал 1: цена', { exact: true })).toHaveValue('1\u00a0200,5');
  await page.reload();
  await expect(page.getByLabel('Материал 1: количество')).toHaveValue('0,85');
  // the first version has its author
  await page.getByText('История версий').click();
  const history = page.getByRole('table', { name: 'История версий' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(user.email);

  // «Стол», not yet taking «Подстолье»
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Стол');
  await page.getByLabel('Материал 1: наименование').fill('Столешница');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('2 500');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
  const tableId = page.url().split('/').pop()!;

  // «Подстолье» opened while «Стол» does not contain it: «Стол» is offered
  await page.goto(baseUrl);
  await expect(page.getByLabel('Материал 1: количество')).toHaveValue('0,85');
  await expect(page.getByLabel('Материал 1: полуфабрикат').getByRole('option')).toHaveText(['— покупной —', 'Стол']);
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  // meanwhile (another tab, another user) «Стол» takes «Подстолье»
  const table = {
    schemaVersion: 1,
    name: 'Стол',
    unit: 'шт',
    materials: [
      { id: 'm1', name: 'Столешница', unit: 'шт', qty: '1', price: '2500' },
      { id: 'm2', name: 'Подстолье', unit: 'шт', qty: '1', specId: baseId, article: 'purchased' },
    ],
    operations: [],
  };
  const saved = await page.request.post('/api/v1/specs/save', { headers: { authorization: `Bearer ${user.accessToken}` }, data: { id: tableId, doc: table } });
  expect(saved.status()).toBe(200);
  // putting «Стол» into «Подстолье» now is refused with the loop's path, and the line is marked
  await page.getByLabel('Материал 2: полуфабрикат').selectOption({ label: 'Стол' });
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Спецификация не может входить сама в себя: «Подстолье» → «Стол» → «Подстолье».', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Материал 2: полуфабрикат')).toHaveAttribute('aria-invalid', 'true');
  // opened afresh, «Подстолье» no longer offers «Стол» (nor itself)
  page.once('dialog', (d) => d.accept());
  await page.reload();
  await expect(page.getByLabel('Материал 1: количество')).toHaveValue('0,85');
  await expect(page.getByLabel('Материал 1: полуфабрикат').getByRole('option')).toHaveText(['— покупной —']);

  // a new «Тумба»: picking «Подстолье» on the empty line names it, and the first save passes
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Тумба');
  const picker = page.getByLabel('Материал 1: полуфабрикат');
  await expect(picker.getByRole('option')).toHaveText(['— покупной —', 'Подстолье', 'Стол']);
  await picker.selectOption({ label: 'Подстолье' });
  await expect(page.getByLabel('Материал 1: наименование')).toHaveValue('Подстолье');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
});

test('an operation on a work centre: the centre\'s rate in the line, a new rate counts at once, «Пересчитать» writes it', async ({ page, user }) => {
  const NB = '\u00a0';
  const api = (path: string, data: unknown) => page.request.post(`/api/v1/${path}`, { headers: { authorization: `Bearer ${user.accessToken}` }, data });
  const created = await api('catalog/work-centres/create', { name: 'Раскрой', hourlyRate: '600', machineHourRate: '240' });
  expect(created.status()).toBe(200);
  const { workCentre } = (await created.json()) as { workCentre: { id: string; version: number } };

  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Полка');
  await page.getByLabel('Материал 1: наименование').fill('ЛДСП 16 мм');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('650');
  await page.getByRole('button', { name: 'Добавить операцию' }).click();
  await page.getByLabel('Операция 1: название').fill('Раскрой плиты');
  await page.getByLabel('Операция 1: часы').fill('1,5');
  await page.getByLabel('Операция 1: рабочий центр').selectOption({ label: `Раскрой — 600,00${NB}₽/ч, маш.-ч 240,00${NB}₽` });
  await expect(page.getByLabel('Операция 1: ставка', { exact: true })).toHaveValue('600,00');
  await expect(page.getByLabel('Операция 1: ставка', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('op-1-centre-hint')).toHaveText(`Ставки центра: 600,00${NB}₽/ч, маш.-ч 240,00${NB}₽`);
  // 1,5 ч × 600,00 — calculated by the server at the centre's rate.
  await expect(page.getByText(`Основная ЗП: 900,00${NB}₽`)).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);

  // A new rate of the centre: the specification is calculated at it at once and says its saved rates are old.
  const updated = await api('catalog/work-centres/update', { id: workCentre.id, version: workCentre.version, name: 'Раскрой', hourlyRate: '660', machineHourRate: '240' });
  expect(updated.status()).toBe(200);
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: 'Цены устарели' });
  await expect(banner).toContainText('«Раскрой»');
  await expect(page.getByLabel('Операция 1: ставка', { exact: true })).toHaveValue('600');
  await expect(page.getByTestId('op-1-centre-hint')).toContainText(`Ставки центра теперь 660,00${NB}₽/ч`);
  await expect(page.getByText(`Основная ЗП: 990,00${NB}₽`)).toBeVisible();
  await banner.getByRole('button', { name: 'Пересчитать' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByLabel('Операция 1: ставка', { exact: true })).toHaveValue('660');
  await expect(page.getByTestId('op-1-centre-hint')).toHaveText(`Ставки центра: 660,00${NB}₽/ч, маш.-ч 240,00${NB}₽`);

  // «— нет —» unlinks the operation: its rate is typed again.
  await page.getByLabel('Операция 1: рабочий центр').selectOption({ label: '— нет —' });
  await page.getByLabel('Операция 1: ставка', { exact: true }).fill('700');
  await expect(page.getByText(`Основная ЗП: 1${NB}050,00${NB}₽`)).toBeVisible();
});
