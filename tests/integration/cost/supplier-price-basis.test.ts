// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { companies } from '@/lib/server/db/schema';
import { createTestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

/**
 * The user's default basis of supplier prices («Цены поставщиков по умолчанию: с НДС / без НДС») lives in the
 * saved cost defaults beside the parameters: saving one keeps the other, and it never becomes a cost parameter.
 */

const suite = productSuite();

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`cost/defaults: the basis of supplier prices (${testDriver()})`, () => {
  it('is «без НДС» until set; set alone it keeps the parameters, and new parameters keep it', async () => {
    const user = await createTestUser(suite.ctx);
    const call = (path: string, body: unknown) => callProduct<Body>(suite.ctx, user, path, body);

    const fresh = await call('cost/defaults/get', {});
    expect(fresh.status).toBe(200);
    expect(fresh.body.supplierPrices).toBe('without');
    expect(fresh.body.source).toEqual({ kind: 'none' });

    // The basis alone: no parameters appear, the source stays the product's.
    const basis = await call('cost/defaults/save', { supplierPrices: 'with' });
    expect(basis.status, JSON.stringify(basis.body)).toBe(200);
    expect(basis.body).toMatchObject({ msg: 'Цены поставщиков по умолчанию — с НДС', params: {}, supplierPrices: 'with' });
    const afterBasis = await call('cost/defaults/get', {});
    expect(afterBasis.body).toMatchObject({ supplierPrices: 'with', params: {}, source: { kind: 'none' } });

    // Parameters saved later keep the basis; it is not among the parameters a calculation gets.
    const params = await call('cost/defaults/save', { params: { sellingPct: '5', markupPct: '30' } });
    expect(params.status, JSON.stringify(params.body)).toBe(200);
    expect(params.body).toEqual({ ok: true, msg: 'Параметры по умолчанию сохранены', params: { sellingPct: '5', markupPct: '30' }, supplierPrices: 'with' });
    const got = await call('cost/defaults/get', {});
    expect(got.body).toMatchObject({ supplierPrices: 'with', params: { sellingPct: '5', markupPct: '30' }, source: { kind: 'user' } });
    expect(got.body.params).not.toHaveProperty('supplierPrices');
    const spec = { schemaVersion: 1, name: 'Полка', unit: 'шт', outputQty: '1', materials: [{ id: 'm', name: 'Щит', unit: 'шт', qty: '1', price: '100' }], operations: [] };
    const calc = await call('cost/calculate', { spec, params: {} });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.params).toMatchObject({ sellingPct: '5', markupPct: '30' });
    expect(calc.body.params).not.toHaveProperty('supplierPrices');

    // Back to «без НДС»: the parameters stay.
    await call('cost/defaults/save', { supplierPrices: 'without' });
    expect((await call('cost/defaults/get', {})).body).toMatchObject({ supplierPrices: 'without', params: { sellingPct: '5', markupPct: '30' } });
  });

  it('is the user’s own: another user and an own company’s card do not change it', async () => {
    const user = await createTestUser(suite.ctx);
    const other = await createTestUser(suite.ctx);
    await callProduct(suite.ctx, user, 'cost/defaults/save', { supplierPrices: 'with' });
    await suite.ctx.db.insert(companies).values({ ownerId: user.user.id, kind: 'legal', fullName: 'ООО «Дуб»', shortName: 'Дуб', isOwn: true, taxRegime: 'osno', costing: { shop: { base: 'wages' }, general: { base: 'wages' }, directCosting: false, sellingPct: '3' } });
    const mine = await callProduct<Body>(suite.ctx, user, 'cost/defaults/get', {});
    expect(mine.body).toMatchObject({ supplierPrices: 'with', source: { kind: 'company', name: 'Дуб' } });
    expect((await callProduct<Body>(suite.ctx, other, 'cost/defaults/get', {})).body.supplierPrices).toBe('without');
  });

  it('a bad basis or nothing to save → 422 in Russian', async () => {
    const bad = await callProduct<Body>(suite.ctx, suite.alice, 'cost/defaults/save', { supplierPrices: 'иногда' });
    expect(bad.status).toBe(422);
    expect(bad.body.ok).toBe(false);
    expect(bad.body.fields.supplierPrices).toMatch(/Цены поставщиков по умолчанию/);
    const none = await callProduct<Body>(suite.ctx, suite.alice, 'cost/defaults/save', {});
    expect(none.status).toBe(422);
    expect(none.body.msg).toMatch(/[А-Яа-я]/);
  });
});
