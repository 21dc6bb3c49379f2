import { expect, test } from './fixtures';
import { shellEffectsRan } from './hydration';

const doc = (name: string) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm0', name: 'Брус', unit: 'м', qty: '0,85', price: '100' }],
  operations: [],
});

test('Ctrl+K → набрать → Enter открывает найденную спецификацию; «Все результаты» — страница с фильтром по видам', async ({ page, user }) => {
  expect(user.email).toBeTruthy();
  const created = await page.request.post('/api/v1/specs/create', { data: { doc: doc('Банкетка ротанговая') } });
  expect(created.ok()).toBe(true);
  const { object } = (await created.json()) as { object: { id: string } };
  await page.request.post('/api/v1/specs/create', { data: { doc: doc('Банкетка дубовая') } });

  // The shortcut works once the top bar's effects have run (a press before that goes nowhere).
  const shellLive = shellEffectsRan(page);
  await page.goto('/calculators');
  await shellLive;
  const box = page.getByRole('combobox', { name: 'Поиск' });
  await page.keyboard.press('Control+K');
  await expect(box).toBeFocused();
  await box.pressSequentially('банкетка р');
  const results = page.getByRole('listbox', { name: 'Результаты поиска' });
  const first = results.getByRole('option', { name: /Банкетка ротанговая/ });
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first.locator('mark')).toHaveText(['Банкетка']);
  // The words find one; with fewer than five found the typo pass adds the similar «Банкетка дубовая» after it.
  await expect(results.getByRole('group', { name: /Спецификации/ })).toContainText('2 спецификации');
  await box.press('Enter');
  await page.waitForURL(`**/specifications/create/${object.id}`);
  await expect(results).toBeHidden();

  // ↓ to «Все результаты» → the page of all results, filtered by kind.
  await page.keyboard.press('Control+K');
  await box.fill('банкетк');
  await expect(results.getByRole('option', { name: /Банкетка дубовая/ })).toBeVisible();
  for (let i = 0; i < 2; i++) await box.press('ArrowDown');
  const all = results.getByRole('option', { name: 'Все результаты: 2' });
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await page.waitForURL(/\/search\?q=/);
  await expect(page.getByRole('status')).toHaveText('Найдено: 2 спецификации.');
  await page.getByRole('button', { name: 'Спецификации · 2' }).click();
  await expect(page).toHaveURL(/kind=specifications/);
  await page.getByRole('link', { name: /Банкетка дубовая/ }).click();
  await page.waitForURL('**/specifications/create/**');
});
