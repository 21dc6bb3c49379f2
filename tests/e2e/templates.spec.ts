import fs from 'node:fs';
import { unzip } from '../helpers/xlsx-read';
import { expect, test } from './fixtures';

/**
 * Documents from templates: the bundled «Счёт на оплату», there from the first visit, filled from an
 * own company and a counterparty plus one row typed by hand, generated, saved to «Мои документы», and
 * the downloaded DOCX read back here.
 */

const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
/** Paragraph texts of word/document.xml. */
const paragraphs = (xml: string) =>
  [...xml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)].map((p) => [...p[1]!.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => unesc(t[1]!)).join(''));

test('«Счёт на оплату» from an own company and a counterparty: generated, saved, downloaded', async ({ page, request, user }) => {
  const auth = { Authorization: `Bearer ${user.accessToken}` };
  const company = async (data: object) => {
    const res = await request.post('/api/v1/companies/create', { headers: auth, data });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await company({
    isOwn: true,
    kind: 'legal',
    fullName: 'Общество с ограниченной ответственностью «Мебельная мастерская»',
    shortName: 'ООО «Мебельная мастерская»',
    inn: '7707083893',
    kpp: '773601001',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
    directorName: 'Петров П. П.',
    taxRegime: 'osno',
    bankAccounts: [{ bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000012345', isDefault: true }],
  });
  await company({ isOwn: false, kind: 'entrepreneur', fullName: 'Индивидуальный предприниматель Иванов Иван Иванович', shortName: 'ИП Иванов И. И.', inn: '500100732259', taxRegime: 'usn15' });

  await page.goto('/documents');
  await page.getByRole('link', { name: 'Шаблоны документов' }).click();
  await expect(page).toHaveURL(/\/documents\/templates$/);
  // The bundled templates are there on the first visit, without «Добавить образец».
  for (const name of ['Счёт на оплату.docx', 'Договор поставки.docx', 'Коммерческое предложение.docx', 'Акт выполненных работ.docx']) {
    await expect(page.getByRole('link', { name }).first()).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.getByRole('link', { name: 'Счёт на оплату.docx' })).toHaveCount(1);
  // «Добавить образец» stays for adding one again.
  await expect(page.getByRole('button', { name: 'Добавить образец «Счёт на оплату»' })).toBeVisible();
  await page.getByRole('link', { name: 'Счёт на оплату.docx' }).first().click();

  await expect(page.getByRole('heading', { name: 'Документ по шаблону «Счёт на оплату»' })).toBeVisible();
  // PrimeReact dropdowns: the labelled input sits inside the clickable box.
  const dropdown = (label: string) => page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: label, exact: true }) });
  await dropdown('Своя компания').click();
  await page.getByRole('option', { name: /ООО «Мебельная мастерская»/ }).click();
  await expect(page.getByLabel('Своя компания: ИНН')).toHaveValue('7707083893');
  await dropdown('Контрагент').click();
  await page.getByRole('option', { name: /ИП Иванов/ }).click();
  await expect(page.getByLabel('Контрагент: ИНН')).toHaveValue('500100732259');

  await page.getByLabel('Номер документа').fill('42');
  // A wrong date is refused in Russian, then fixed.
  const date = page.getByLabel('Дата документа');
  await date.fill('31.02.2026');
  await expect(page.getByText('Введите дату в виде ДД.ММ.ГГГГ, например 22.11.2026.')).toBeVisible();
  await date.fill('15.01.2026');
  await page.getByRole('button', { name: 'Добавить строку' }).click();
  await page.getByLabel('Наименование, строка 1').fill('Шкаф-купе');
  await page.getByLabel('Кол-во, строка 1').fill('2');
  await page.getByLabel('Ед., строка 1').fill('шт');
  await page.getByLabel('Цена, строка 1').fill('10 000');

  await page.getByRole('button', { name: 'Сформировать документ' }).click();
  const done = page.getByRole('status').filter({ hasText: 'сохранён в' });
  await expect(done).toContainText('Документ «Счёт на оплату — ИП Иванов И. И. — 15.01.2026.docx» сохранён в «Мои документы».');

  const downloading = page.waitForEvent('download');
  await done.getByRole('link', { name: 'Скачать DOCX' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Счёт на оплату — ИП Иванов И. И. — 15.01.2026.docx');
  const entries = unzip(fs.readFileSync((await download.path())!));
  const text = paragraphs(entries.get('word/document.xml')!.toString('utf8'));
  expect(text).toContain('Счёт на оплату № 42 от «15» января 2026 г.');
  expect(text.join('\n')).toContain('Поставщик (Исполнитель): Общество с ограниченной ответственностью «Мебельная мастерская», ИНН 7707083893, КПП 773601001');
  expect(text.join('\n')).toContain('Покупатель (Заказчик): Индивидуальный предприниматель Иванов Иван Иванович, ИНН 500100732259');
  // 2 × 10 000 = 20 000; НДС 22 % = 4 400; всего 24 400
  expect(text).toEqual(expect.arrayContaining(['Шкаф-купе', '20\u00a0000,00', '4\u00a0400,00', '24\u00a0400,00']));
  expect(text).toContain('Двадцать четыре тысячи четыреста рублей 00 копеек');

  // The document is in «Мои документы».
  await page.goto('/documents');
  await expect(page.getByRole('link', { name: 'Счёт на оплату — ИП Иванов И. И. — 15.01.2026.docx' })).toBeVisible();
});

test('«Договор поставки»: the form lists what is not filled before the document is made; the contract reads as a lawyer writes it', async ({ page, request, user }) => {
  const auth = { Authorization: `Bearer ${user.accessToken}` };
  const company = async (data: object) => {
    const res = await request.post('/api/v1/companies/create', { headers: auth, data });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await company({
    isOwn: true,
    kind: 'legal',
    fullName: 'Общество с ограниченной ответственностью «Мебельная мастерская»',
    shortName: 'ООО «Мебельная мастерская»',
    inn: '7707083893',
    kpp: '773601001',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
    directorName: 'Петров Иван Сергеевич',
    directorTitle: 'Генеральный директор',
    taxRegime: 'osno',
    bankAccounts: [{ bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000012345', isDefault: true }],
  });
  // A counterparty with no bank account and no address.
  await company({
    isOwn: false,
    kind: 'legal',
    fullName: 'Общество с ограниченной ответственностью «Лютик»',
    shortName: 'ООО «Лютик»',
    inn: '7728168971',
    kpp: '772801001',
    directorName: 'Кузнецова Ольга Николаевна',
    directorTitle: 'Директор по развитию',
    taxRegime: 'osno',
  });

  await page.goto('/documents/templates');
  await page.getByRole('link', { name: 'Договор поставки.docx' }).first().click({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Документ по шаблону «Договор поставки»' })).toBeVisible();
  const dropdown = (label: string) => page.locator('.p-dropdown', { has: page.getByRole('textbox', { name: label, exact: true }) });
  await dropdown('Своя компания').click();
  await page.getByRole('option', { name: /Мебельная мастерская/ }).click();
  await dropdown('Контрагент').click();
  await page.getByRole('option', { name: /Лютик/ }).click();
  await expect(page.getByLabel('Контрагент: ИНН')).toHaveValue('7728168971');

  const note = page.getByRole('note', { name: 'Не заполнено' });
  await expect(note).toContainText('Не заполнено: Номер документа');
  await expect(note).toContainText('«Товары (работы, услуги)» — нет строк');
  await expect(note).toContainText('Нет данных:');
  await expect(note).toContainText('Контрагент: БИК');
  await expect(note).toContainText('Фразы с ними в документ не попадут.');
  await expect(note).not.toContainText('Своя компания: БИК');
  // A name in the list takes the user to its field.
  await note.getByRole('button', { name: 'Номер документа' }).click();
  await expect(page.getByLabel('Номер документа')).toBeFocused();
  await page.getByLabel('Номер документа').fill('12');
  await expect(note).not.toContainText('Номер документа');

  await page.getByRole('button', { name: 'Добавить строку' }).click();
  await page.getByLabel('Наименование, строка 1').fill('Стол');
  await page.getByLabel('Кол-во, строка 1').fill('2');
  await page.getByLabel('Цена, строка 1').fill('500');
  await expect(note).not.toContainText('нет строк');
  // The user goes on without the bank: the document is made all the same.
  await page.getByRole('button', { name: 'Сформировать документ' }).click();
  const done = page.getByRole('status').filter({ hasText: 'сохранён в' });
  await expect(done).toBeVisible();
  const downloading = page.waitForEvent('download');
  await done.getByRole('link', { name: 'Скачать DOCX' }).click();
  const entries = unzip(fs.readFileSync((await (await downloading).path())!));
  const text = paragraphs(entries.get('word/document.xml')!.toString('utf8')).join('\n');
  expect(text).toContain(
    'в лице Генерального директора Петрова Ивана Сергеевича, действующего на основании Устава, с одной стороны, и Общество с ограниченной ответственностью «Лютик», именуемое в дальнейшем «Покупатель», в лице Директора по развитию Кузнецовой Ольги Николаевны, действующей на основании Устава',
  );
  expect(text.slice(text.indexOf('ПОКУПАТЕЛЬ'))).not.toMatch(/БИК|к\/с|Р\/с|Адрес/);
  expect(text).not.toMatch(/ ,|, ,|БИК ,|в лице\s+,|[{}]/);
});
