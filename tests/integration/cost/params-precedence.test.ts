// @vitest-environment node
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, type CostingDefaultsRow } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { readBook, sheetRows } from '../../helpers/xlsx-read';
import { costXlsx } from '@/components/cost/export';
import { costSourceText } from '@/components/cost/api';

/**
 * One rule for the parameters of a cost wherever it is shown: the own company's card over the user's saved
 * defaults, field by field, over the product's. The specifications list and /cost (which print and XLSX take
 * their figures from) give one figure for one specification.
 */

const suite = productSuite();

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ok = async (user: TestUser, path: string, body: unknown): Promise<Body> => {
  const r = await callProduct<Body>(suite.ctx, user, path, body);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

const table = {
  schemaVersion: 1,
  name: 'Стол',
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm', name: 'Щит мебельный', unit: 'шт', qty: '1', price: '4000' }],
  operations: [{ id: 'o', name: 'Сборка', hours: '2', rate: '500' }],
};

/** A card as the form saves it: the pools' bases always there, the figures only where entered. */
const card = (figures: Partial<CostingDefaultsRow> = {}): CostingDefaultsRow => ({ shop: { base: 'wages' }, general: { base: 'wages' }, directCosting: false, ...figures });

async function ownCompany(user: TestUser, name: string, costing: CostingDefaultsRow | null) {
  const [c] = await suite.ctx.db
    .insert(companies)
    .values({ ownerId: user.user.id, kind: 'legal', fullName: name, shortName: name, isOwn: true, taxRegime: 'osno', costing })
    .returning({ id: companies.id });
  return c!.id;
}

describe(`which parameters a cost uses: company card → saved defaults → product (${testDriver()})`, () => {
  it('a company with an empty card: the list and /cost both take the saved defaults, and say so', async () => {
    const { alice } = suite;
    const company = await ownCompany(alice, 'ООО «Мастерская Дуб»', card());
    await ok(alice, 'cost/defaults/save', { params: { general: { base: 'wages', pct: '120' }, sellingPct: '5', markupPct: '30' } });
    const id = (await ok(alice, 'specs/create', { doc: table, root: null })).id as string;

    const list = await ok(alice, 'specs/costs', { ids: [id] });
    const cost = await ok(alice, 'cost/calculate', { spec: { specId: id }, params: {}, companyId: company });
    const plain = await ok(alice, 'cost/calculate', { spec: { specId: id }, params: {} });
    expect(list.items[0].fullCost).toBe(cost.result.perUnit.fullCost);
    expect(plain.result.perUnit.fullCost).toBe(cost.result.perUnit.fullCost);
    // The saved general overheads (120 % of wages) are in it: not the bare card's figure.
    const bare = await ok(alice, 'cost/calculate', { spec: { specId: id }, params: { general: { base: 'wages', pct: '0' }, sellingPct: '0' }, companyId: company });
    expect(Number(cost.result.perUnit.fullCost)).toBeGreaterThan(Number(bare.result.perUnit.fullCost));
    const source = { kind: 'company', id: company, name: 'ООО «Мастерская Дуб»', withUser: true };
    expect(list.defaults).toEqual(source);
    expect((await ok(alice, 'cost/defaults/get', { companyId: company })).source).toEqual(source);
    // The XLSX, built from /cost's answer as the page builds it: the same figure, the same source in its heading.
    const book = await readBook(await costXlsx(cost.result, { company: null, date: cost.date, source: costSourceText(cost.defaults), params: cost.params }));
    const rows = sheetRows(book, 'Калькуляция');
    expect(rows.find((r) => r[1] === 'Полная себестоимость')?.[3]).toBe(String(Number(list.items[0].fullCost)));
    expect(rows.find((r) => r[1] === 'Параметры')?.[2]).toBe('параметры компании «ООО «Мастерская Дуб»» и ваши по умолчанию');
    expect(rows.find((r) => r[1] === 'Общехозяйственные расходы')?.[2]).toBe('120\u00a0% от основной ЗП');
    expect((await ok(alice, 'cost/defaults/get', {})).params).toMatchObject({ taxRegime: 'osno', sellingPct: '5', general: { pct: '120' } });
  });

  it("the card's own figures win over the saved defaults, field by field", async () => {
    const { bob } = suite;
    await ok(bob, 'cost/defaults/save', { params: { general: { base: 'wages', pct: '120' }, sellingPct: '5' } });
    const company = await ownCompany(bob, 'ООО «Бук»', card({ sellingPct: '2' }));
    const d = await ok(bob, 'cost/defaults/get', {});
    expect(d.params).toMatchObject({ sellingPct: '2', general: { pct: '120' }, taxRegime: 'osno' });
    expect(d.source).toEqual({ kind: 'company', id: company, name: 'ООО «Бук»', withUser: true });
    const id = (await ok(bob, 'specs/create', { doc: table, root: null })).id as string;
    const list = await ok(bob, 'specs/costs', { ids: [id] });
    const cost = await ok(bob, 'cost/calculate', { spec: { specId: id }, params: {}, companyId: company });
    expect(list.items[0].fullCost).toBe(cost.result.perUnit.fullCost);
    // A card that sets everything the defaults do leaves them out of it.
    await suite.ctx.db.update(companies).set({ costing: card({ sellingPct: '2', general: { base: 'wages', pct: '80' } }) }).where(eq(companies.id, company));
    expect((await ok(bob, 'cost/defaults/get', {})).source).toMatchObject({ withUser: false });
  });
});
