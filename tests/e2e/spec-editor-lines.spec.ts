import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The specification editor's lines at 1440 px: names of materials and operations are seen whole (they wrap in
 * their column, the table still fits beside the menu); a new free-text line starts with the user's saved
 * «Цены поставщиков по умолчанию», not with the line above; a sheet material's quantity stays as the user typed it.
 */

const WIDE = { width: 1440, height: 900 };

const post = async <T,>(page: Page, name: string, data: unknown): Promise<T> => {
  const r = await page.request.post(`/api/v1/${name}`, { data });
  const body = (await r.json()) as T & { msg?: string };
  expect(r.ok(), `${name}: ${body.msg}`).toBe(true);
  return body;
};

/** Text hidden in a field: [scrollWidth − clientWidth, scrollHeight − clientHeight] (0, 0 when all of it shows). */
const hidden = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => [el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight]);

test('at 1440 px long material and operation names are seen whole, and the materials table still fits', async ({ page, user: _user }, testInfo) => {
  const material = 'Плита ЛДСП 16 мм Egger W1000 ST9 белый премиум, 2800 × 2070 мм, кромка ABS 2 мм в цвет';
  const operation = 'Раскрой плиты на форматно-раскроечном станке с подрезным пилом и кромкооблицовка деталей';
  await page.setViewportSize(WIDE);
  await page.goto('/specifications/create');
  await page.getByLabel('Материал 1: наименование').fill(material);
  await page.getByRole('button', { name: 'Добавить операцию' }).click();
  await page.getByLabel('Операция 1: название').fill(operation);
  await expect(page.getByLabel('Материал 1: наименование')).toHaveValue(material);
  // Each name fits its field: it wraps to more lines instead of being cut at the column's edge.
  await expect.poll(() => hidden(page, 'Материал 1: наименование')).toEqual([0, 0]);
  await expect.poll(() => hidden(page, 'Операция 1: название')).toEqual([0, 0]);
  // …on more than one line (a one-line field is under two line heights, padding included).
  const wrapped = await page.getByLabel('Материал 1: наименование').evaluate((el) => el.clientHeight > 2 * parseFloat(getComputedStyle(el).lineHeight));
  expect(wrapped).toBe(true);
  const frame = await page.getByTestId('materials-scroll').evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(frame[0], 'the materials table scrolls sideways at 1440 px').toBeLessThanOrEqual(frame[1]!);
  await testInfo.attach('spec-editor-names-1440', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('a new free-text line starts with the user’s default basis, kept between visits; a catalogue line has its own', async ({ page, user: _user }) => {
  await page.goto('/specifications/create');
  const basis = page.getByLabel('Цены поставщиков по умолчанию');
  await expect(basis).toHaveValue('without');
  await expect(page.getByLabel('Материал 1: цена с НДС')).not.toBeChecked();
  await page.getByLabel('Материал 1: наименование').fill('Брус');
  // The line above is «с НДС»; the user's default is still «без НДС»: the new line does not copy the line above.
  await page.getByLabel('Материал 1: цена с НДС').check();
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  await expect(page.getByLabel('Материал 2: цена с НДС')).not.toBeChecked();

  // «с НДС» as the default: saved for the user, the next new line starts with it.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cost/defaults/save'));
  await basis.selectOption('with');
  expect((await saved).ok()).toBe(true);
  await page.getByLabel('Материал 2: наименование').fill('Клей');
  await page.getByLabel('Материал 2: цена с НДС').uncheck();
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  await expect(page.getByLabel('Материал 3: цена с НДС')).toBeChecked();

  // A new visit: the setting is there, and the new specification's first line starts with it.
  await page.goto('/specifications/create');
  await expect(page.getByLabel('Цены поставщиков по умолчанию')).toHaveValue('with');
  await expect(page.getByLabel('Материал 1: цена с НДС')).toBeChecked();
  const got = await post<{ supplierPrices: string }>(page, 'cost/defaults/get', {});
  expect(got.supplierPrices).toBe('with');
});

test('a sheet material: 0,62 м² stays 0,62 м², and the quantity can be typed', async ({ page, user: _user }) => {
  const { item } = await post<{ item: { id: string } }>(page, 'catalog/items/create', { name: 'ЛДСП 16 мм белая', unit: 'м²', okei: '055', type: 'material', sheetWidthMm: '2800', sheetHeightMm: '2070' });
  const line = { id: 'm1', name: 'ЛДСП 16 мм белая', unit: 'м²', qty: '1', price: '500', itemId: item.id, sheet: { by: 'area', areaM2: '1', utilisationPct: '100' } };
  const spec = await post<{ id: string }>(page, 'specs/create', { doc: { schemaVersion: 1, name: 'Полка', unit: 'шт', outputQty: '1', materials: [line], operations: [] }, root: null });
  await page.goto(`/specifications/create/${spec.id}`);
  const qty = page.getByLabel('Материал 1: количество');
  await expect(qty).toHaveValue('1');
  await expect(qty).toBeEditable();

  // The dialog: 0,62 м² of parts at 100 % of the sheet go into the line as 0,62 — not the area of 0,107 sheet (0,6202).
  await page.getByRole('button', { name: 'Материал 1: листы или м²' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Площадь деталей, м²').fill('0,62');
  await expect(dialog.getByTestId('sheet-figures')).toContainText('в строку: 0,62 м²');
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(qty).toHaveValue('0,62');

  // Typed by hand: it stays exactly so.
  await qty.fill('0,615');
  await expect(qty).toHaveValue('0,615');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Спецификация сохранена')).toBeVisible();
  await expect(qty).toHaveValue('0,615');
});
