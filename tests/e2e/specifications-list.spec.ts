import { expect as baseExpect, test } from './fixtures';

// A list or a sign-in answer can take several seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
// Each test walks several lists and the editor: its margin for a loaded machine.
test.describe.configure({ timeout: 90_000 });

/**
 * /specifications: the documents page with type `specifications` — a folder, «Новая спецификация»
 * inside it (the editor gets `?folder=`), the saved specification listed in that folder and not at the top.
 */

test('opened directly, the list and the table\'s code are asked for in the first render, before the shell\'s effects', async ({ page, user: _user }) => {
  const order: string[] = [];
  const chunks = new Map<string, Promise<string>>();
  const path = (u: string) => new URL(u).pathname;
  const isChunk = (p: string) => p.startsWith('/_next/static/chunks/') && p.endsWith('.js');
  page.on('request', (r) => {
    const p = path(r.url());
    if (p.endsWith('/listObjects')) order.push('listObjects');
    // The bell's first call: an effect of the shell, after the first render of the whole layout.
    else if (p === '/noty/api/v1/list') order.push('bell');
    else if (isChunk(p)) order.push(p);
  });
  page.on('requestfinished', (r) => {
    if (path(r.url()).endsWith('/listObjects')) order.push('listObjects answered');
  });
  page.on('response', (r) => {
    if (isChunk(path(r.url()))) chunks.set(path(r.url()), r.text().catch(() => ''));
  });
  await page.goto('/specifications');
  await expect(page.getByText('Здесь пока пусто.')).toBeVisible();
  // The table's chunk: the one with PrimeReact's DataTable (its class names are in its code), loaded lazily —
  // not one of the page's own scripts.
  let table: string | undefined;
  for (const [p, text] of chunks) if ((await text).includes('p-datatable-wrapper')) table = p;
  expect(table, 'a chunk with the table').toBeDefined();
  expect(await (await page.request.get('/specifications')).text()).not.toContain(table!);
  // One request for the list, sent before the shell's effects; the table's code asked for before the list answers.
  expect(order.filter((x) => x === 'listObjects')).toHaveLength(1);
  expect(order.indexOf('listObjects')).toBeLessThan(order.indexOf('bell'));
  expect(order.indexOf(table!)).toBeLessThan(order.indexOf('listObjects answered'));
});

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
  // The folder's list loads after the page (its table with the first answer): longer on a loaded machine.
  await expect(link).toBeVisible({ timeout: 15_000 });
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

const specDoc = (name: string, qty: string, extra: Record<string, unknown>[] = []) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty, price: '100' }, ...extra],
  operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '500' }],
});

test('the list shows each specification\'s current cost per unit and «цены устарели» when a nested one changed', async ({ page, user: _user }) => {
  const create = async (doc: object) => {
    const r = await page.request.post('/api/v1/specs/create', { data: { doc } });
    expect(r.ok()).toBe(true);
    return ((await r.json()) as { id: string }).id;
  };
  const leaf = await create(specDoc('Брусок', '2'));
  await create(specDoc('Рама', '1', [{ id: 'n1', name: 'Брусок', unit: 'шт', qty: '4', specId: leaf, article: 'purchased' }]));
  const saved = await page.request.post('/api/v1/specs/save', { data: { id: leaf, doc: specDoc('Брусок', '3') } });
  expect(saved.ok()).toBe(true);

  await page.goto('/specifications');
  await expect(page.getByRole('columnheader', { name: 'Себестоимость ед.' })).toBeVisible();
  // Брусок: 300 + 500 + 151 взносы = 951,00; Рама: 100 + 4 × 951 + 651 = 4 555,00 (by the current Брусок).
  const leafRow = page.getByRole('row').filter({ hasText: 'Брусок' });
  const topRow = page.getByRole('row').filter({ hasText: 'Рама' });
  await expect(leafRow.getByTestId('spec-cost')).toHaveText('951,00\u00a0₽ / шт');
  await expect(leafRow.getByText('цены устарели')).toHaveCount(0);
  await expect(topRow.getByTestId('spec-cost')).toContainText('4\u00a0555,00\u00a0₽ / шт');
  await expect(topRow.getByText('цены устарели')).toBeVisible();
  await expect(topRow.getByTestId('stale-badges')).toHaveAttribute('title', /После расчёта изменены «Брусок»/);

  // /cost with that specification: the same badge and how to fix it.
  await topRow.getByRole('link', { name: 'Рама' }).click();
  await expect(page.getByLabel('Название', { exact: true })).toHaveValue('Рама');
  await page.goto(`${new URL(page.url()).pathname.replace(/^\/specifications\/create\//, '/cost?spec=')}`);
  await expect(page.getByTestId('cost-stale')).toContainText('цены устарели');
  await expect(page.getByTestId('cost-stale').getByRole('link', { name: 'откройте её и нажмите «Пересчитать»' })).toBeVisible();
});
