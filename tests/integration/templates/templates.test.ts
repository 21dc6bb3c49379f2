// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { docxPackage, wDocument, wPara, wRun, wTable } from '@/lib/domain/docx/package';
import { documentText } from '@/lib/domain/docx/template';
import { formatMoney } from '@/lib/domain/money';
import type { Company } from '@/lib/schemas/companies';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { unzip } from '../../helpers/xlsx-read';
import { docxStubs } from '../../helpers/docx-stubs';
import { ownWorkshop, sberbank } from '../companies/fixtures';
import { bytesOf, call as filesCall, get, upload, type FileObj } from '../files/harness';

const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, path, body);
const okCall = async (user: TestUser, path: string, body: unknown) => {
  const r = await call(user, path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const createCompany = async (user: TestUser, data: object) => (await okCall(user, 'companies/create', data)).company as Company;

/** The text of a stored DOCX, read back through the file service. */
async function docText(user: TestUser, id: string): Promise<string> {
  const res = await get(suite.ctx, user, `file/${id}`);
  expect(res.status).toBe(200);
  const entries = unzip(await bytesOf(res));
  expect(entries.has('[Content_Types].xml')).toBe(true);
  return documentText(entries.get('word/document.xml')!.toString('utf8'));
}

const run = (t: string, bold = false) => wRun(t, { bold });

describe(`documents from templates (${testDriver()})`, () => {
  it('needs sign-in', async () => {
    for (const path of ['templates/list', 'templates/fields', 'templates/generate', 'templates/add-sample']) {
      const r = await call(null, path, { fileId: 'x' });
      expect(r.status, path).toBe(401);
    }
  });

  it('the bundled templates are there on the first listing, once per user; a deleted one does not come back', async () => {
    const dave = await createTestUser(suite.ctx);
    const names = ['Акт выполненных работ.docx', 'Договор поставки.docx', 'Коммерческое предложение.docx', 'Счёт на оплату.docx'];
    const first = await okCall(dave, 'templates/list', {});
    expect((first.objects as FileObj[]).map((o) => o.name)).toEqual(names);
    expect((first.added as FileObj[]).map((o) => o.name).sort()).toEqual(names);
    expect((first.objects as FileObj[]).every((o) => o.type === 'templates' && o.root === null && o.kind === 'file')).toBe(true);

    const again = await okCall(dave, 'templates/list', {});
    expect(again.added).toEqual([]);
    expect((again.objects as FileObj[]).map((o) => o.id)).toEqual((first.objects as FileObj[]).map((o) => o.id));
    // The seeded templates are real files of the user's «Шаблоны документов».
    const listed = await filesCall(suite.ctx, dave, 'listObjects', { root: null, type: 'templates' });
    expect((listed.body.objects as FileObj[]).map((o) => o.name).sort()).toEqual(names);

    const invoice = (first.objects as FileObj[]).find((o) => o.name === 'Счёт на оплату.docx')!;
    expect((await filesCall(suite.ctx, dave, 'deleteFiles', { ids: [invoice.id] })).status).toBe(200);
    const afterDelete = await okCall(dave, 'templates/list', {});
    expect(afterDelete.added).toEqual([]);
    expect((afterDelete.objects as FileObj[]).map((o) => o.name)).toEqual(names.filter((n) => n !== 'Счёт на оплату.docx'));

    // «Добавить образец» still adds it again.
    await okCall(dave, 'templates/add-sample', { sample: 'invoice' });
    expect((await okCall(dave, 'templates/list', {})).objects as FileObj[]).toHaveLength(4);
    // Another user gets their own copies; Dave's are not theirs.
    const erin = await createTestUser(suite.ctx);
    const theirs = (await okCall(erin, 'templates/list', {})).objects as FileObj[];
    expect(theirs).toHaveLength(4);
    expect(theirs.some((o) => (first.objects as FileObj[]).some((d) => d.id === o.id))).toBe(false);
  });

  it('seeds each bundled template once under concurrent listings', async () => {
    const frank = await createTestUser(suite.ctx);
    const answers = await Promise.all(Array.from({ length: 5 }, () => okCall(frank, 'templates/list', {})));
    expect(answers.flatMap((a) => a.added as FileObj[])).toHaveLength(4);
    for (const a of answers) expect((a.objects as FileObj[]).map((o) => o.name)).toHaveLength(4);
    expect((await okCall(frank, 'templates/list', {})).objects as FileObj[]).toHaveLength(4);
  });

  it('a sample added before the first listing is not seeded a second time', async () => {
    const gina = await createTestUser(suite.ctx);
    await okCall(gina, 'templates/add-sample', { sample: 'offer' });
    const list = await okCall(gina, 'templates/list', {});
    expect((list.added as FileObj[]).map((o) => o.name).sort()).toEqual(['Акт выполненных работ.docx', 'Договор поставки.docx', 'Счёт на оплату.docx']);
    expect((list.objects as FileObj[]).filter((o) => o.name === 'Коммерческое предложение.docx')).toHaveLength(1);
  });

  it('adds the sample «Счёт на оплату», lists its placeholders filled from the company and the counterparty', async () => {
    const sample = (await okCall(suite.alice, 'templates/add-sample', {})).object as FileObj;
    expect(sample).toMatchObject({ name: 'Счёт на оплату.docx', type: 'templates', kind: 'file' });
    const own = await createCompany(suite.alice, ownWorkshop);
    const buyer = await createCompany(suite.alice, sberbank);
    const f = await okCall(suite.alice, 'templates/fields', { fileId: sample.id, companyId: own.id, counterpartyId: buyer.id });
    expect(f.template).toEqual({ id: sample.id, name: 'Счёт на оплату.docx' });
    const byName = Object.fromEntries((f.fields as { name: string; value: string; type: string }[]).map((x) => [x.name, x]));
    expect(byName['company.inn']).toMatchObject({ value: '500100732259', type: 'text' });
    expect(byName['company.bank.account']!.value).toBe('40702810900000002851');
    expect(byName['counterparty.fullName']!.value).toBe('Публичное акционерное общество «Сбербанк России»');
    expect(byName['doc.date']!.type).toBe('date');
    expect(byName['doc.date']!.value).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(byName['totals.total']).toMatchObject({ type: 'money', filters: ['num', '', 'words'] });
    expect(f.loops).toEqual([
      {
        name: 'items',
        rows: [],
        fields: ['n', 'name', 'qty', 'unit', 'price', 'amount'].map((name) => ({
          name,
          type: name === 'price' || name === 'amount' ? 'money' : 'text',
          filters: [name === 'price' || name === 'amount' ? 'num' : ''],
          value: '',
          optional: false,
        })),
      },
    ]);
  });

  it('generates the invoice with rows typed by hand, saves it to «Мои документы», and the DOCX reads back', async () => {
    const sample = (await okCall(suite.alice, 'templates/add-sample', {})).object as FileObj;
    const own = await createCompany(suite.alice, { ...sberbank, isOwn: true, shortName: 'ПАО Сбербанк (своя)', inn: '7707083893' });
    const buyer = await createCompany(suite.alice, { ...ownWorkshop, isOwn: false, costing: null });
    const g = await okCall(suite.alice, 'templates/generate', {
      fileId: sample.id,
      companyId: own.id,
      counterpartyId: buyer.id,
      values: { 'doc.number': '17', 'doc.date': '05.01.2026', 'doc.basis': 'Договор № 3 от 10.12.2025' },
      loops: {
        items: [
          { name: 'Полка книжная «Классика» & Co', qty: '3', unit: 'шт', price: '1 000,50' },
          { name: 'Доставка', qty: '1', unit: 'усл', price: '500' },
        ],
      },
    });
    const obj = g.object as FileObj;
    // The sample added again is numbered («Счёт на оплату (2).docx»): one name per folder.
    const base = sample.name.replace(/\.docx$/, '');
    expect(obj).toMatchObject({ type: 'documents', kind: 'file', root: null, name: `${base} — ИП Иванов И. И. — 05.01.2026.docx` });
    // КПП, address and accountant stand in phrases left out when empty: nothing is a gap.
    expect(g.missing).toEqual([]);
    const text = await docText(suite.alice, obj.id);
    const lines = text.split('\n');
    expect(lines).toContain('Счёт на оплату № 17 от «05» января 2026 г.');
    expect(text).toContain('Поставщик (Исполнитель): Публичное акционерное общество «Сбербанк России», ИНН 7707083893, КПП 773601001');
    expect(lines).toContain('Покупатель (Заказчик): Индивидуальный предприниматель Иванов Иван Иванович, ИНН 500100732259');
    expect(docxStubs(text)).toEqual([]);
    expect(text).toContain('Основание: Договор № 3 от 10.12.2025');
    // rows: 3 × 1 000,50 = 3 001,50; 500,00; total 3 501,50; VAT 22 % on top = 770,33; 4 271,83
    const row1 = lines.indexOf('Полка книжная «Классика» & Co');
    expect(lines.slice(row1 - 1, row1 + 5)).toEqual(['1', 'Полка книжная «Классика» & Co', '3', 'шт', '1\u00a0000,50', '3\u00a0001,50']);
    expect(lines.slice(row1 + 5, row1 + 11)).toEqual(['2', 'Доставка', '1', 'усл', '500,00', '500,00']);
    expect(lines).toContain('3\u00a0501,50');
    expect(lines).toContain('НДС 22\u00a0%:');
    expect(lines).toContain('770,33');
    expect(lines).toContain('4\u00a0271,83');
    expect(text).toContain(`Всего наименований 2, на сумму ${formatMoney('4271.83')}`);
    expect(text).toContain('Четыре тысячи двести семьдесят один рубль 83 копейки');

    const list = await import('../files/harness').then((h) => h.ok<{ objects: FileObj[] }>(suite.ctx, suite.alice, 'listObjects', { type: 'documents' }));
    expect(list.objects.map((o) => o.id)).toContain(obj.id);
  });

  it('joins placeholders Word split into runs, fills from a saved cost scenario, and reports what was left empty', async () => {
    const xml = wDocument(
      wPara([run('Изделие: {cost.na'), run('me}', true), run(', цена с НДС {cost.price'), run('WithVat}; КПП {company.kpp}')]) +
        wTable([3000, 3000], [['{#cost.articles}{no}', '{total|num}{/cost.articles}']]) +
        wPara('Итого прописью: {cost.total|words}'),
    );
    const tpl = await upload(suite.ctx, suite.alice, 'Моё КП.docx', docxPackage(xml, 'КП'), { type: 'templates' });
    const own = await createCompany(suite.alice, { ...ownWorkshop, shortName: 'ИП Иванов (КП)' });
    const spec = {
      schemaVersion: 1,
      name: 'Полка',
      unit: 'шт',
      materials: [{ id: 'm1', name: 'Щит', unit: 'м²', qty: '0,40', price: '2 000,00' }],
      operations: [{ id: 'o1', name: 'Сборка', hours: '1', rate: '500' }],
    };
    const params = { additionalWagePct: '0', contributionsPct: '0', accidentPct: '0', shop: { pct: '0', base: 'wages' }, general: { pct: '0', base: 'wages' }, sellingPct: '0', markupPct: '10', taxRegime: 'osno' };
    const scenario = (await okCall(suite.alice, 'cost/scenarios/save', { name: 'Полка базовая', spec, params })).scenario as { id: string };
    const calc = (await okCall(suite.alice, 'cost/calculate', { spec, params, companyId: own.id })).result as { perUnit: { priceWithVat: string }; perOutput: { priceWithVat: string } };

    const f = await okCall(suite.alice, 'templates/fields', { fileId: tpl.id, companyId: own.id, scenarioId: scenario.id });
    expect((f.fields as { name: string }[]).map((x) => x.name)).toEqual(['cost.name', 'cost.priceWithVat', 'company.kpp', 'cost.total']);
    expect((f.fields as { name: string; value: string }[])[0]!.value).toBe('Полка');
    expect(f.loops[0].name).toBe('cost.articles');
    expect(f.loops[0].rows.length).toBeGreaterThan(0);

    const g = await okCall(suite.alice, 'templates/generate', { fileId: tpl.id, companyId: own.id, scenarioId: scenario.id, name: 'КП на полку' });
    expect(g.object.name).toBe('КП на полку.docx');
    expect(g.missing).toEqual(['company.kpp']);
    const text = await docText(suite.alice, g.object.id);
    expect(text).toContain(`Изделие: Полка, цена с НДС ${formatMoney(calc.perUnit.priceWithVat)}; КПП `);
    // 0,40 м² × 2 000 = 800 (статья 1), 1 ч × 500 = 500 (статья 5); +10 % → 1 430, НДС 22 % → 1 744,60
    expect(text.split('\n').slice(1, 5)).toEqual(['1', '800,00', '5', '500,00']);
    expect(calc.perUnit.priceWithVat).toBe('1744.60');
    expect(text).toContain('Итого прописью: Одна тысяча семьсот сорок четыре рубля 60 копеек');
    expect(text).not.toContain('{');

    // The bundled «Коммерческое предложение» prints the same калькуляция.
    const offer = (await okCall(suite.alice, 'templates/add-sample', { sample: 'offer' })).object as FileObj;
    expect(offer.name).toBe('Коммерческое предложение.docx');
    const kp = await okCall(suite.alice, 'templates/generate', { fileId: offer.id, companyId: own.id, scenarioId: scenario.id, values: { 'doc.number': '8' } });
    const kpText = await docText(suite.alice, kp.object.id);
    expect(kpText).toContain('Предлагаем изготовить «Полка» в количестве 1 шт по цене 1\u00a0744,60\u00a0₽ за шт (НДС: 22\u00a0%).');
    expect(kpText).toContain('Сырьё и материалы');
    expect(kpText).toContain('Итого: 1\u00a0744,60\u00a0₽ (Одна тысяча семьсот сорок четыре рубля 60 копеек).');
    expect((await call(suite.alice, 'templates/add-sample', { sample: 'letter' })).status).toBe(422);
  });

  it('a contract for a counterparty without a bank reads as a lawyer writes it and leaves no stubs', async () => {
    const sample = (await okCall(suite.alice, 'templates/add-sample', { sample: 'contract' })).object as FileObj;
    const own = await createCompany(suite.alice, { ...sberbank, isOwn: true, shortName: 'Сбер (свой, договор)' });
    const buyer = await createCompany(suite.alice, {
      ...sberbank,
      fullName: 'Общество с ограниченной ответственностью «Лютик»',
      shortName: 'ООО «Лютик» (без банка)',
      inn: '7728168971',
      kpp: '',
      legalAddress: '',
      directorName: 'Кузнецова-Орлова Ольга Николаевна',
      directorTitle: 'Генеральный директор',
      bankAccounts: [],
    });
    const g = await okCall(suite.alice, 'templates/generate', {
      fileId: sample.id,
      companyId: own.id,
      counterpartyId: buyer.id,
      values: { 'doc.number': '12' },
      loops: { items: [{ name: 'Стол', qty: '2', unit: 'шт', price: '500' }] },
    });
    const text = await docText(suite.alice, (g.object as FileObj).id);
    expect(text).toContain(
      '«Поставщик», в лице Президента, Председателя Правления Грефа Германа Оскаровича, действующего на основании Устава, с одной стороны, и ' +
        'Общество с ограниченной ответственностью «Лютик», именуемое в дальнейшем «Покупатель», в лице Генерального директора Кузнецовой-Орловой Ольги Николаевны, действующей на основании Устава, с другой стороны',
    );
    const buyerPart = text.slice(text.indexOf('ПОКУПАТЕЛЬ'));
    expect(buyerPart).toContain('ИНН 7728168971');
    expect(buyerPart).not.toMatch(/БИК|к\/с|Р\/с|КПП|Адрес/);
    expect(docxStubs(text)).toEqual([]);
    expect(text).not.toMatch(/ ,|БИК ,|, ,|в лице\s+,|[{}]/);
    expect(g.missing).toEqual([]);
  });

  it('answers Russian 4xx for other users, wrong sources, bad values and broken templates', async () => {
    const sample = (await okCall(suite.alice, 'templates/add-sample', {})).object as FileObj;
    const theirs = await call(suite.bob, 'templates/fields', { fileId: sample.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('Шаблон не найден.');

    const buyer = await createCompany(suite.alice, { ...sberbank, shortName: 'Сбер-контрагент' });
    const wrongOwn = await call(suite.alice, 'templates/fields', { fileId: sample.id, companyId: buyer.id });
    expect(wrongOwn.status).toBe(422);
    expect(wrongOwn.body.fields).toEqual({ companyId: 'Это контрагент: выберите свою компанию.' });
    const bobsCompany = await call(suite.bob, 'templates/fields', { fileId: 'nope', counterpartyId: buyer.id });
    expect(bobsCompany.status).toBe(404);

    const bad = await call(suite.alice, 'templates/generate', {
      fileId: sample.id,
      values: { 'doc.date': '31.02.2026', 'totals.total': 'много' },
      loops: { items: [{ name: 'Стол', price: '1,234' }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      'values.doc.date': 'Введите дату в виде ДД.ММ.ГГГГ, например 22.11.2026.',
      'values.totals.total': 'Введите сумму: например, 1 234,56 (не больше двух знаков после запятой).',
      'loops.items.0.price': 'Введите сумму: например, 1 234,56 (не больше двух знаков после запятой).',
    });

    const notDocx = await upload(suite.ctx, suite.alice, 'заметка.txt', new TextEncoder().encode('{company.name}'), { type: 'templates' });
    const r1 = await call(suite.alice, 'templates/fields', { fileId: notDocx.id });
    expect(r1.status).toBe(422);
    expect(r1.body.msg).toContain('не документ Word');
    const fake = await upload(suite.ctx, suite.alice, 'битый.docx', new TextEncoder().encode('не zip'), { type: 'templates' });
    expect((await call(suite.alice, 'templates/fields', { fileId: fake.id })).body.msg).toContain('повреждён');
    const unclosed = await upload(suite.ctx, suite.alice, 'цикл.docx', docxPackage(wDocument(wPara('{#items}{name}')), 'x'), { type: 'templates' });
    const r2 = await call(suite.alice, 'templates/generate', { fileId: unclosed.id });
    expect(r2.status).toBe(422);
    expect(r2.body.msg).toBe('Шаблон не заполнить: Цикл {#items} не закрыт: добавьте {/items}.');
  });
});
