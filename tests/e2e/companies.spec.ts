import fs from 'node:fs';
import { readBook, sheetRows } from '../helpers/xlsx-read';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';

/**
 * Companies: a company with real реквизиты through the card, live field errors for a wrong ИНН
 * and a к/с of another bank, the ИНН + КПП warning, search, CSV export, delete with confirmation.
 */

test('create a company with live реквизит checks, find it, export it, delete it', async ({ page, user: _user }) => {
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Компании', level: 1 })).toBeVisible();
  await expect(page.getByText('Компаний пока нет')).toBeVisible();

  const card = page.getByRole('dialog', { name: 'Новая компания' });
  // A click before the page's code has taken the button over would do nothing.
  const add = page.getByRole('button', { name: 'Добавить компанию' });
  await hydrated(add);
  await add.click();
  await expect(card).toBeVisible();
  await card.getByLabel('Полное наименование').fill('Публичное акционерное общество «Сбербанк России»');
  await card.getByLabel('Краткое наименование').fill('ПАО Сбербанк');

  // A wrong ИНН: the error appears when the field is left, and goes when it is fixed.
  const inn = card.getByLabel('ИНН', { exact: true });
  await inn.fill('7707083894');
  await inn.blur();
  await expect(card.getByText('Неверное контрольное число ИНН — проверьте, нет ли опечатки.')).toBeVisible();
  await expect(inn).toHaveAttribute('aria-invalid', 'true');
  await inn.fill('7707 083 893');
  await expect(card.getByText('Неверное контрольное число ИНН')).toHaveCount(0);

  await card.getByLabel('КПП').fill('773601001');
  await card.getByLabel('ОГРН').fill('1027700132195');

  await card.getByRole('button', { name: 'Добавить счёт' }).click();
  await card.getByLabel('БИК').fill('044525974');
  const ks = card.getByLabel('Корр. счёт');
  await ks.fill('30101810400000000225');
  await ks.blur();
  await expect(
    card.getByText('Последние 3 цифры корреспондентского счёта должны совпадать с последними 3 цифрами БИК (974).'),
  ).toBeVisible();
  await card.getByLabel('БИК').fill('044525225');
  await expect(card.getByText('Последние 3 цифры корреспондентского счёта')).toHaveCount(0);
  await card.getByLabel('Банк', { exact: true }).fill('ПАО Сбербанк');
  await card.getByLabel('Расчётный счёт').fill('40702810938000012345');

  await card.getByRole('button', { name: 'Сохранить' }).click();
  await expect(card).toBeHidden();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /ПАО Сбербанк/ })).toContainText('7707083893');

  // A second card with the same ИНН + КПП warns (and does not block).
  await page.getByRole('button', { name: 'Добавить компанию' }).click();
  const second = page.getByRole('dialog', { name: 'Новая компания' });
  await second.getByLabel('ИНН', { exact: true }).fill('7707083893');
  await second.getByLabel('КПП').fill('773601001');
  await expect(second.getByText(/Компания с таким ИНН и КПП уже есть: «Публичное акционерное общество/)).toBeVisible();
  await second.getByRole('button', { name: 'Отмена' }).click();

  // Search by ИНН and by a name that is not there.
  const search = page.getByRole('searchbox', { name: 'Поиск по названию или ИНН' });
  await search.fill('770708');
  await expect(table.getByRole('row', { name: /ПАО Сбербанк/ })).toBeVisible();
  await search.fill('Рога и копыта');
  await expect(page.getByText('Ничего не найдено.')).toBeVisible();
  await search.fill('');
  await expect(table.getByRole('row', { name: /ПАО Сбербанк/ })).toBeVisible();

  // CSV export of the list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Экспорт CSV' }).click();
  const download = await downloading;
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Полное наименование');
  expect(csv).toContain('7707083893;773601001;1027700132195');

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Удалить «ПАО Сбербанк»' }).click();
  await expect(page.getByText('«ПАО Сбербанк» будет удалена без возможности восстановления.')).toBeVisible();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(page.getByText('Компаний пока нет')).toBeVisible();
});

test('the validate call answers anyone with a Russian reason', async ({ request }) => {
  const res = await request.post('/api/v1/validate', { data: { kind: 'inn', value: '7707083894' } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({
    ok: true,
    msg: 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.',
    valid: false,
    value: '7707083894',
  });
});

test('import a CSV: a wrong row is reported by line, a right file is loaded; XLSX export', async ({ page, user: _user }) => {
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Компании', level: 1 })).toBeVisible();
  const header = 'Вид;Полное наименование;ИНН;КПП';
  const upload = (text: string) =>
    page.getByLabel('Файл CSV или XLSX для импорта').setInputFiles({
      name: 'companies.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\ufeff${text}`, 'utf8'),
    });

  await upload(`${header}\r\nЮЛ;ООО «Яндекс»;7736207543;770401001\r\nЮЛ;ООО «Опечатка»;7736207544;770401001\r\n`);
  const report = page.getByRole('dialog', { name: 'Файл не загружен' });
  await expect(report).toContainText('Ничего не загружено: ошибки в строках 3.');
  await expect(report).toContainText('Строка 3: ИНН — Неверное контрольное число ИНН');
  await report.getByRole('button', { name: /закрыть|close/i }).click();

  await upload(`${header}\r\nЮЛ;ООО «Яндекс»;7736207543;770401001\r\nЮЛ;ПАО «Газпром»;7736050003;\r\n`);
  await expect(page.getByText('Загружено компаний: 2.')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /ООО «Яндекс»/ })).toContainText('7736207543');
  await expect(table.getByRole('row', { name: /ПАО «Газпром»/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Экспорт XLSX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = fs.readFileSync((await download.path())!);
  expect(book.subarray(0, 2).toString('latin1')).toBe('PK');
  // Read back: text cells (ИНН as typed), a bold frozen header, widths to fit, A4 landscape.
  const wb = await readBook(book);
  const ws = wb.getWorksheet('Компании')!;
  const rows = sheetRows(wb, 'Компании');
  const inn = rows[0]!.indexOf('ИНН');
  expect(inn).toBeGreaterThanOrEqual(0);
  expect(rows.slice(1).map((r) => r[inn])).toEqual(expect.arrayContaining(['7736050003', '7736207543']));
  expect(ws.getRow(2).getCell(inn + 1).value).toBe(rows[1]![inn]);
  expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
  const name = rows[0]!.findIndex((t) => /наименование/i.test(t));
  expect(ws.getColumn(name + 1).width).toBeGreaterThanOrEqual('ПАО «Газпром»'.length);

  // The card links a folder in «Мои документы» and opens it.
  await page.getByRole('button', { name: 'Изменить «ООО «Яндекс»»' }).click();
  const card = page.getByRole('dialog', { name: /Компания: ООО «Яндекс»/ });
  await card.getByRole('button', { name: 'Создать папку в «Мои документы»' }).click();
  await card.getByRole('link', { name: 'Открыть папку документов' }).click();
  await expect(page).toHaveURL(/\/documents\/folder\//);
  await expect(page.getByRole('heading', { name: 'ООО «Яндекс»', level: 1 })).toBeVisible();
});
