import { expect, test } from './fixtures';

/**
 * /specifications (issue 6): the documents page with type `specifications` — a folder, «Новая спецификация»
 * inside it (the editor gets `?folder=`), the saved specification listed in that folder and not at the top.
 */

test('folder on /specifications → «Новая спецификация» in it → listed in that folder, opens the editor', async ({ page, user: _user }) => {
  await page.goto('/specifications');
  await expect(page.getByRole('heading', { name: 'Спецификации', level: 1 })).toBeVisible();
  await expect(page.getByText('Здесь пока пусто.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Новая спецификация' })).toHaveAttribute('href', '/specifications/create');

  await page.getByRole('button', { name: 'Новая папка' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая папка' });
  await dialog.getByLabel('Название папки').fill('Мебель');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await page.getByRole('link', { name: 'Мебель' }).click();
  await expect(page.getByRole('heading', { name: 'Мебель', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/folder\/[\w-]+$/);
  const folderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('navigation', { name: 'Путь к папке' }).getByRole('link', { name: 'Спецификации' })).toBeVisible();
  await expect(page.getByText('В этой папке пока пусто.')).toBeVisible();

  await page.getByRole('link', { name: 'Новая спецификация' }).click();
  await expect(page).toHaveURL(new RegExp(`/specifications/create\\?folder=${encodeURIComponent(folderId)}$`));
  await page.getByLabel('Название', { exact: true }).fill('Табурет в папке');
  await page.getByLabel('Материал 1: наименование').fill('Брус');
  await page.getByLabel('Материал 1: единица').selectOption('м');
  await page.getByLabel('Материал 1: количество').fill('2');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('100');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+(\?.*)?$/);
  const specPath = new URL(page.url()).pathname;

  // Listed in the folder, table and tiles; opening it goes to its editor.
  await page.goto(`/specifications/folder/${encodeURIComponent(folderId)}`);
  const link = page.getByRole('link', { name: 'Табурет в папке' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', specPath);
  await page.getByRole('button', { name: 'Плитка', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Файлы и папки' }).getByRole('button', { name: /Табурет в папке/ })).toBeVisible();
  await page.getByRole('list', { name: 'Файлы и папки' }).getByRole('button', { name: /Табурет в папке/ }).dblclick();
  await expect(page).toHaveURL(new RegExp(`${specPath}$`));
  await expect(page.getByLabel('Название', { exact: true })).toHaveValue('Табурет в папке');

  // Not at the top level: only the folder is there.
  await page.goto('/specifications');
  await expect(page.getByRole('link', { name: 'Мебель' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Табурет в папке' })).toHaveCount(0);
  await expect(page.getByText('Объектов: 1')).toBeVisible();
});
