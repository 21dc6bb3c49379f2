import { expect, test } from './fixtures';

/**
 * Business processes: a set of two steps (reordered by drag and drop), linked to a specification;
 * changing the set marks the specification «требует пересчёта», and «Пересчитать» clears the mark.
 */

const NBSP = '\u00a0';

test('process set → linked specification → «требует пересчёта» → «Пересчитать»', async ({ page, user: _user }) => {
  await page.goto('/business-processes');
  await expect(page.getByRole('heading', { name: 'Новый набор процессов', level: 1 })).toBeVisible();
  await page.getByLabel('Название набора').fill('Сборка стола');
  await page.getByLabel('Шаг 1: название').fill('Сверление');
  await page.getByLabel('Шаг 1: время').fill('30');
  await page.getByLabel('Шаг 1: ставка', { exact: true }).fill('600');
  await page.getByRole('button', { name: 'Добавить шаг' }).click();
  await page.getByLabel('Шаг 2: название').fill('Распил');
  await page.getByLabel('Шаг 2: время').fill('1');
  await page.getByLabel('Шаг 2: единица времени').selectOption('ч');
  await page.getByLabel('Шаг 2: ставка', { exact: true }).fill('500');
  // totals per unit: 0,5 ч × 600 + 1 ч × 500
  await expect(page.getByText(`Итого на ед.: 800,00${NBSP}₽`)).toBeVisible();
  // drag «Распил» above «Сверление»
  await page.getByLabel('Перетащить шаг 2').dragTo(page.getByLabel('Шаг 1: название'));
  await expect(page.getByLabel('Шаг 1: название')).toHaveValue('Распил');
  await expect(page.getByLabel('Схема процесса')).toContainText(/Распил.*Сверление/);
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Набор процессов сохранён')).toBeVisible();
  await expect(page).toHaveURL(/\/business-processes\/[\w-]+$/);
  const setUrl = page.url();

  // A specification taking its operations from the set.
  await page.goto('/specifications/create');
  await page.getByLabel('Название', { exact: true }).fill('Стол');
  await page.getByLabel('Материал 1: наименование').fill('Столешница');
  await page.getByLabel('Материал 1: количество').fill('1');
  await page.getByLabel('Материал 1: цена', { exact: true }).fill('2 500');
  await page.getByLabel('Операции из набора процессов').selectOption({ label: 'Сборка стола' });
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/specifications\/create\/[\w-]+$/);
  const specUrl = page.url();
  await expect(page.getByText('Требует пересчёта')).toHaveCount(0);

  // Change the set: the linked specification is marked.
  await page.goto(setUrl);
  await expect(page.getByLabel('Шаг 2: время')).toHaveValue('30');
  await page.getByLabel('Шаг 2: время').fill('45');
  await page.getByLabel('Шаг 1: ставка', { exact: true }).fill('500,5');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Спецификации с этим набором' })).toContainText('Стол — требует пересчёта');
  // numbers stay Russian after the save and after a reload
  await expect(page.getByLabel('Шаг 1: ставка', { exact: true })).toHaveValue('500,5');
  await page.reload();
  await expect(page.getByLabel('Шаг 1: ставка', { exact: true })).toHaveValue('500,5');
  await expect(page.getByLabel('Шаг 2: время')).toHaveValue('45');

  await page.goto(specUrl);
  const banner = page.getByRole('status').filter({ hasText: 'Требует пересчёта' });
  await expect(banner).toContainText('набор процессов «Сборка стола» изменён');
  await banner.getByRole('button', { name: 'Пересчитать' }).click();
  await expect(banner).toHaveCount(0);
});

test('неизвестный набор — «Набор не найден» со ссылкой к наборам, без пустого редактора', async ({ page, user: _user }) => {
  await page.goto('/business-processes/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Набор не найден' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toContainText('Набор не найден');
  await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'К наборам процессов' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новый набор процессов' })).toBeVisible();
});
