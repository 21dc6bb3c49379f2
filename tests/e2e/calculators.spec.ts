import { expect, test } from './fixtures';

const NB = '\u00a0';

test('каталог калькуляторов: группы и поиск', async ({ page, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators');
  await expect(page.getByRole('heading', { level: 1, name: 'Калькуляторы' })).toBeVisible();
  for (const g of ['Налоги', 'Зарплата и кадры', 'Финансы и кредиты', 'Договоры и суды', 'Производство']) {
    await expect(page.getByRole('heading', { level: 2, name: g })).toBeVisible();
  }
  const tiles = page.locator('section:not([aria-label="Мои калькуляторы"]) a[href^="/calculators/"]');
  await expect(tiles).toHaveCount(19);
  await expect(page.getByRole('link', { name: 'таблиц ставок' })).toHaveAttribute('href', '/calculators/rates');
  await page.getByRole('searchbox', { name: 'Поиск калькулятора' }).fill('отпуск');
  await expect(tiles).toHaveCount(2);
  await page.getByRole('link', { name: /^Отпускные/ }).click();
  await expect(page).toHaveURL(/\/calculators\/vacation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Отпускные' })).toBeVisible();
});

type Case = {
  id: string;
  fill: (page: import('@playwright/test').Page) => Promise<void>;
  expect: Record<string, string>;
};

const CASES: Case[] = [
  {
    id: 'vat',
    fill: async (page) => {
      await page.getByLabel('Сумма, ₽').fill('3 006,93');
      await page.getByLabel('Ставка НДС, %').selectOption('22');
    },
    expect: { 'out-vat': `661,52${NB}₽`, 'out-gross': `3${NB}668,45${NB}₽` },
  },
  {
    id: 'tax-penalty',
    fill: async (page) => {
      await page.getByLabel('Недоимка, ₽').fill('100 000');
      await page.getByLabel('Срок уплаты').fill('28.01.2026');
      await page.getByLabel('Дата уплаты').fill('09.03.2026');
      await page.getByLabel('Плательщик').selectOption('organization');
      await page.getByLabel('Частичные оплаты (необязательно)').fill('10.02.2026 50 000');
    },
    // 693,33 + 133,33 + 310,00 at 1/300 and 516,67 at 1/150 (days 31–40) on the debt left after the payment
    expect: { 'out-amount': `1${NB}653,33${NB}₽`, 'out-days': '40 дней' },
  },
  {
    id: 'loan',
    fill: async (page) => {
      await page.getByLabel('Сумма кредита, ₽').fill('1000000');
      await page.getByLabel('Ставка, % годовых').fill('12');
      await page.getByLabel('Срок, месяцев').fill('12');
    },
    expect: { 'out-firstPayment': `88${NB}848,79${NB}₽`, 'out-totalInterest': `66${NB}185,45${NB}₽` },
  },
];

test('три калькулятора: заполнить, скопировать ссылку, открыть в новой вкладке — тот же результат', async ({ page, context, user }) => {
  expect(user.email).toContain('@');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const c of CASES) {
    await page.goto(`/calculators/${c.id}`);
    await c.fill(page);
    await page.getByRole('button', { name: 'Рассчитать' }).click();
    for (const [testId, text] of Object.entries(c.expect)) await expect(page.getByTestId(testId)).toHaveText(text);
    await expect(page.getByRole('table', { name: 'Как посчитано' })).toBeVisible();

    await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
    await expect(page.getByRole('status')).toHaveText(/Ссылка скопирована|Скопируйте ссылку/);
    const link = await page.getByLabel('Ссылка на расчёт').inputValue();
    expect(link).toContain(`/calculators/${c.id}?`);

    const other = await context.newPage();
    await other.goto(link);
    for (const [testId, text] of Object.entries(c.expect)) await expect(other.getByTestId(testId)).toHaveText(text);
    await other.close();
  }
  // The runs are remembered for this user: the loan on its page and once more through the link.
  await page.goto('/calculators/loan');
  await expect(page.getByRole('region', { name: 'Недавние расчёты' }).getByRole('listitem')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('таблицы ставок: ключевая ставка с источником и где используется', async ({ page, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators/rates');
  const key = page.getByRole('region', { name: 'Ключевая ставка Банка России, %' });
  await expect(key.getByRole('row', { name: /16\.02\.2026 15,5/ })).toBeVisible();
  // The whole history since the key rate began, each row with the decision of the Совет директоров.
  await expect(key.getByRole('row', { name: /13\.09\.2013 5,5( %)? Решение Совета директоров Банка России от 13\.09\.2013/ })).toBeVisible();
  await expect(key.getByRole('link', { name: 'Пени по налогам и взносам' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Ставка рефинансирования Банка России/ }).getByRole('row', { name: /14\.09\.2012 8,25( %)? Указание Банка России от 13\.09\.2012 № 2873-У/ })).toBeVisible();
  // Not an admin: no form to add rows and no XLSX import (the import dialog itself is covered by the
  // integration test of its call: the e2e server has no way to make an admin).
  await expect(page.getByRole('region', { name: 'Новая ставка' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Импорт из XLSX Банка России' })).toHaveCount(0);
});

test('компенсация за отпуск: правило 11 месяцев — флажок с источником', async ({ page, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators/vacation-compensation');
  await page.getByLabel('Месяцев работы (15 дней и больше — целый месяц)').fill('11');
  await page.getByLabel('Средний дневной заработок, ₽').fill('1 500');
  const rule = page.getByRole('checkbox', { name: '11 месяцев рабочего года — как полный год (полный отпуск)' });
  await expect(rule).not.toBeChecked();
  await expect(page.getByText(/^п\. 28 Правил об очередных и дополнительных отпусках \(утв\. НКТ СССР 30\.04\.1930 № 169\)/)).toBeVisible();
  // Without the rule: 28 / 12 × 11 = 25,67 days, 1 500 × 25,67 = 38 505
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByTestId('out-days')).toHaveText('25,67');
  await expect(page.getByTestId('out-amount')).toHaveText(`38${NB}505,00${NB}₽`);
  // With it: 11 months count as the year — 28 days, 42 000
  await rule.check();
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByTestId('out-days')).toHaveText('28');
  await expect(page.getByTestId('out-amount')).toHaveText(`42${NB}000,00${NB}₽`);
  await expect(page.getByTestId('out-monthsCounted')).toHaveText('12');
  await expect(page.getByRole('table', { name: 'Как посчитано' }).getByText(/^Правило 11 месяцев — п\. 28 Правил/)).toBeVisible();
  await expect(page).toHaveURL(/elevenMonthsFullYear=true/);
});

test('свой калькулятор: создать, посчитать, поделиться ссылкой', async ({ page, context, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators');
  await page.getByRole('link', { name: /Свой калькулятор/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Свой калькулятор' })).toBeVisible();
  await page.getByLabel('Название').fill('Цена с НДС');
  await page.getByLabel('Формула 1').fill('цена * 1,22');
  await page.getByRole('region', { name: 'Описание калькулятора' }).getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Цена с НДС' })).toBeVisible();
  await page.getByLabel('Цена, ₽').fill('3 006,93');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByTestId('out-итого')).toHaveText(`3${NB}668,45${NB}₽`);

  await page.getByRole('button', { name: 'Поделиться ссылкой' }).click();
  const link = await page.getByLabel('Ссылка на калькулятор').inputValue();
  expect(link).toMatch(/\/calculators\/custom\/shared\//);
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel('Цена, ₽').fill('100');
  await other.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(other.getByTestId('out-итого')).toHaveText(`122,00${NB}₽`);
  await other.close();

  await page.goto('/calculators');
  await expect(page.getByRole('region', { name: 'Мои калькуляторы' }).getByRole('link', { name: /Цена с НДС/ })).toBeVisible();
});

test('основание под шагами: статья закона и решение Банка России о ставке того периода, и на печати', async ({ page, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators/tax-penalty?debt=100000&dueDate=28.01.2026&paymentDate=09.03.2026&payer=organization');
  const basis = page.getByTestId('calc-sources');
  await expect(basis).toContainText('Основание:');
  await expect(basis.getByRole('listitem').first()).toHaveText(/^ст\. 75 НК РФ/);
  await expect(basis.getByRole('listitem').filter({ hasText: 'Решение Совета директоров Банка России от 19.12.2025' })).toHaveCount(1);
  await expect(basis.getByRole('listitem').filter({ hasText: 'Решение Совета директоров Банка России от 13.02.2026' })).toHaveCount(1);
  // The print form keeps it.
  await page.emulateMedia({ media: 'print' });
  await expect(basis).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // Another period, another decision.
  await page.getByLabel('Срок уплаты').fill('10.11.2025');
  await page.getByLabel('Дата уплаты').fill('20.11.2025');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(basis.getByRole('listitem').filter({ hasText: 'Решение Совета директоров Банка России от 24.10.2025' })).toHaveCount(1);
  await expect(basis.getByRole('listitem').filter({ hasText: 'от 13.02.2026' })).toHaveCount(0);
});

test('ошибки ввода показываются по-русски под полем', async ({ page, user }) => {
  expect(user.email).toContain('@');
  await page.goto('/calculators/tax-penalty');
  await page.getByLabel('Недоимка, ₽').fill('12,345');
  await page.getByLabel('Срок уплаты').fill('28.01.2026');
  await page.getByLabel('Дата уплаты').fill('01.01.2026');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByText('Не больше двух знаков после запятой (копейки).')).toBeVisible();
  await page.getByLabel('Недоимка, ₽').fill('12,34');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByText('Дата уплаты должна быть позже срока уплаты.')).toBeVisible();
  await page.getByLabel('Срок уплаты').fill('31.02.2026');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByText('Введите дату как дд.мм.гггг, например 28.01.2026.')).toBeVisible();
});
