import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readZip } from '../integration/files/zip-reader';

/**
 * «Мои документы»: a folder, a 12 MB upload in two chunks with visible progress, another upload cancelled
 * mid-way, and a zip of three files with Cyrillic names checked entry by entry.
 */

const MB = 1024 * 1024;
const filled = (size: number, seed: number) => {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) b[i] = (i / 4096 + seed) % 251;
  return b;
};

/**
 * Holds the `nth` uploadChunk request from now on until the returned release is called; the others pass. Returns the
 * release, which also removes the hold.
 */
async function holdChunk(page: Page, nth: number): Promise<() => Promise<void>> {
  const url = '**/file-manager-service/api/v1/uploadChunk';
  let seen = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (++seen === nth) await released;
    // A chunk held while its upload was cancelled has no request left to continue.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(url);
  };
}

test('upload with progress, cancel mid-way, folders, zip download of Cyrillic names', async ({ page, user: _user }) => {
  test.setTimeout(120_000);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Мои документы', level: 1 })).toBeVisible();
  await expect(page.getByText('Здесь пока пусто.')).toBeVisible();

  // A folder, then into it through the table.
  await page.getByRole('button', { name: 'Новая папка' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая папка' });
  await dialog.getByLabel('Название папки').fill('Отчёты за год');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await page.getByRole('link', { name: 'Отчёты за год' }).click();
  await expect(page.getByRole('heading', { name: 'Отчёты за год', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Путь к папке' }).getByRole('link', { name: 'Мои документы' })).toBeVisible();

  // 12 MB: more than one chunk of the server's plan. The second chunk is held until the test has seen the progress:
  // the file is under way, its first part in.
  const big = filled(12 * MB, 1);
  const releaseBig = await holdChunk(page, 2);
  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles({ name: 'Годовой отчёт.bin', mimeType: 'application/octet-stream', buffer: big });
  const item = page.getByRole('listitem', { name: 'Загрузка Годовой отчёт.bin' });
  await expect(item).toBeVisible();
  // Visible progress: somewhere strictly between 0 % and 100 %.
  await expect(item.getByText(/загружается · ([1-9]|[1-9]\d) %/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Общий прогресс' })).toBeVisible();
  await releaseBig();
  await expect(item.getByText('загружен', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('row', { name: /Годовой отчёт\.bin/ })).toContainText('12 МБ');

  // Another one, cancelled once it is under way (its second chunk held): it never appears in the folder.
  const releaseOther = await holdChunk(page, 2);
  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles({ name: 'Отменённый.bin', mimeType: 'application/octet-stream', buffer: filled(16 * MB, 2) });
  const other = page.getByRole('listitem', { name: 'Загрузка Отменённый.bin' });
  await expect(other.getByText(/загружается · ([1-9]|[1-9]\d) %/)).toBeVisible();
  await other.getByRole('button', { name: 'Отменить Отменённый.bin' }).click();
  await expect(other.getByText('отменён', { exact: true })).toBeVisible();
  await releaseOther();
  await page.reload();
  await expect(page.getByRole('row', { name: /Годовой отчёт\.bin/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Отменённый/ })).toHaveCount(0);

  // Three small files with Cyrillic names, selected and downloaded as one zip.
  const names = ['Счёт №1.txt', 'Акт сверки.csv', 'Ёлочный договор.txt'];
  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles(
    names.map((name, i) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`Содержимое ${i}: ${name}`) })),
  );
  for (const name of names) await expect(page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) })).toBeVisible();
  for (const name of names) await page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }).getByRole('checkbox').first().click();
  await expect(page.getByText('Выбрано: 3')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = await download.path();
  const fs = await import('node:fs');
  const entries = readZip(fs.readFileSync(path));
  expect([...entries.keys()].sort()).toEqual([...names].sort());
  names.forEach((name, i) => expect(entries.get(name)?.toString()).toBe(`Содержимое ${i}: ${name}`));
});

test('search, rename with F2 and delete with Del and confirmation', async ({ page, user: _user }) => {
  await page.goto('/documents');
  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles([
    { name: 'Смета ремонта.txt', mimeType: 'text/plain', buffer: Buffer.from('смета') },
    { name: 'Прайс.txt', mimeType: 'text/plain', buffer: Buffer.from('прайс') },
  ]);
  // Two uploads (create, chunk, complete each) and the list's reload: allow a loaded machine its time.
  await expect(page.getByRole('row', { name: /Прайс\.txt/ })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Поиск по названию').fill('СМЕТА');
  await expect(page.getByRole('row', { name: /Прайс\.txt/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Смета ремонта\.txt/ })).toBeVisible();
  await page.getByLabel('Поиск по названию').fill('нет такого');
  await expect(page.getByText('Ничего не найдено по запросу «нет такого».')).toBeVisible();
  await page.getByLabel('Поиск по названию').fill('');

  await page.getByRole('row', { name: /Прайс\.txt/ }).getByRole('checkbox').first().click();
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Переименовать' });
  await rename.getByLabel('Новое название').fill('Прайс 2026.txt');
  await rename.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('row', { name: /Прайс 2026\.txt/ })).toBeVisible();

  await expect(page.getByText('Выбрано: 1')).toBeVisible();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Удаление' }).getByRole('button', { name: 'В корзину' }).click();
  await expect(page.getByRole('row', { name: /Прайс 2026\.txt/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Смета ремонта\.txt/ })).toBeVisible();

  // «Корзина»: the deleted file is there with its deletion date and days left; «Восстановить» brings it back.
  await page.getByRole('button', { name: 'Корзина' }).click();
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeVisible();
  const binRow = page.getByRole('row', { name: /Прайс 2026\.txt/ });
  await expect(binRow).toContainText(/\d\d\.\d\d\.\d{4} \d\d:\d\d/);
  await expect(binRow).toContainText(/осталось 30 дней|осталось 29 дней/);
  await binRow.getByRole('button', { name: 'Восстановить «Прайс 2026.txt»' }).click();
  await expect(page.getByText('Корзина пуста.')).toBeVisible();
  await page.getByRole('button', { name: 'К разделу «Мои документы»' }).click();
  await expect(page.getByRole('row', { name: /Прайс 2026\.txt/ })).toBeVisible();
});

test('a name taken in the folder: a clear message, «Оставить оба» for an upload', async ({ page, user: _user }) => {
  await page.goto('/documents');
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Новая папка' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая папка' });
    await dialog.getByLabel('Название папки').fill(attempt === 1 ? 'Договоры' : 'ДОГОВОРЫ');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    if (attempt === 2) {
      await expect(dialog.getByRole('alert')).toHaveText('В этой папке уже есть «Договоры».');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
    }
  }
  await expect(page.getByRole('row', { name: /Договоры/ })).toHaveCount(1);

  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles({ name: 'Акт.txt', mimeType: 'text/plain', buffer: Buffer.from('первый') });
  await expect(page.getByRole('row', { name: /Акт\.txt/ })).toBeVisible();
  await page.getByLabel('Выбрать файлы для загрузки').setInputFiles({ name: 'акт.txt', mimeType: 'text/plain', buffer: Buffer.from('второй') });
  const item = page.getByRole('listitem', { name: 'Загрузка акт.txt' });
  await expect(item.getByRole('alert')).toHaveText('В этой папке уже есть «Акт.txt».');
  await item.getByRole('button', { name: 'Оставить оба' }).click();
  await expect(page.getByRole('row', { name: /акт \(2\)\.txt/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Акт\.txt/ })).toBeVisible();
});
