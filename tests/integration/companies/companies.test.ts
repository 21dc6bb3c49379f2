// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { Company } from '@/lib/schemas/companies';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ownWorkshop, sberbank } from './fixtures';

const suite = productSuite();

type Answer = { status: number; body: Record<string, unknown> & { fields?: Record<string, string> } };

const call = (user: TestUser | null, path: string, body: unknown): Promise<Answer> =>
  callProduct<Answer['body']>(suite.ctx, user, path, body);

const create = async (user: TestUser, data: object) => {
  const r = await call(user, 'companies/create', data);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.company as Company;
};

describe(`companies (${testDriver()})`, () => {
  it('needs sign-in', async () => {
    for (const [path, body] of [
      ['companies/list', {}],
      ['companies/create', sberbank],
      ['companies/get', { id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      const r = await call(null, path, body);
      expect(r.status, path).toBe(401);
      expect(r.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('creates a company with cleaned реквизиты and reads it back', async () => {
    const c = await create(suite.alice, { ...ownWorkshop });
    expect(c).toMatchObject({
      isOwn: true,
      kind: 'entrepreneur',
      inn: '500100732259',
      snils: '11223344595',
      ogrn: '304500116000157',
      version: 1,
      folderId: null,
      bankAccounts: [{ bik: '044030827', account: '40702810900000002851', isDefault: true }],
      costing: {
        additionalWagePct: '10',
        contributionsPct: '30',
        accidentPct: '0.2',
        shop: { base: 'wages', pct: '100' },
        general: { base: 'direct', pct: '50' },
        sellingPct: '5',
        directCosting: false,
      },
    });
    const got = await call(suite.alice, 'companies/get', { id: c.id });
    expect(got.body.company).toEqual(c);
  });

  it('refuses wrong реквизиты with 422 and Russian field messages', async () => {
    const r = await call(suite.alice, 'companies/create', {
      ...sberbank,
      inn: '7707083894',
      kpp: '77360100',
      ogrn: '304500116000157',
      bankAccounts: [{ bik: '044525974', bankName: 'x', corrAccount: '30101810400000000225', account: '40702810000000002851' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    expect(r.body.fields).toEqual({
      inn: 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.',
      kpp: 'КПП должен содержать 9 знаков, сейчас 8.',
      ogrn: 'ОГРН организации состоит из 13 цифр; 15 цифр — это ОГРНИП индивидуального предпринимателя.',
      'bankAccounts.0.account': 'Номер счёта не сходится с БИК по контрольному ключу — проверьте счёт и БИК.',
      'bankAccounts.0.corrAccount':
        'Последние 3 цифры корреспондентского счёта должны совпадать с последними 3 цифрами БИК (974).',
    });
  });

  it('requires the к/с of a bank', async () => {
    const r = await call(suite.alice, 'companies/create', {
      ...ownWorkshop,
      bankAccounts: [{ bik: '044030827', bankName: 'Банк', account: '40702810900000002851' }],
    });
    expect(r.body.fields).toEqual({ 'bankAccounts.0.corrAccount': 'Укажите корреспондентский счёт банка.' });
  });

  it('applies the kind rules: КПП only for ЮЛ, person regimes, a required name', async () => {
    const r = await call(suite.alice, 'companies/create', { kind: 'person', fullName: '', kpp: '773601001', taxRegime: 'osno' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.fields!).sort()).toEqual(['fullName', 'kpp', 'taxRegime']);
    const p = await create(suite.alice, { kind: 'person', fullName: 'Петров Пётр Петрович', taxRegime: 'none' });
    expect(p.inn).toBe('');
    // A regime left out is the kind's default from the tax-regime model.
    expect((await create(suite.alice, { kind: 'person', fullName: 'Сидоров Сидор' })).taxRegime).toBe('none');
    expect((await create(suite.bob, { kind: 'legal', fullName: 'ООО «Ромашка»', inn: '7728168971' })).taxRegime).toBe('osno');
  });

  it('warns (and still saves) when ИНН + КПП already exist', async () => {
    const first = await create(suite.alice, sberbank);
    const r = await call(suite.alice, 'companies/create', { ...sberbank, shortName: 'Сбер (дубль)' });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Компания сохранена. Компания с таким ИНН и КПП уже есть: «Публичное акционерное общество «Сбербанк России»».');
    expect(r.body.duplicates).toEqual([{ id: first.id, fullName: sberbank.fullName }]);
    const dup = await call(suite.alice, 'companies/duplicates', { inn: '7707 083 893', kpp: '773601001' });
    expect((dup.body.duplicates as unknown[]).length).toBe(2);
    // Another user's companies are not twins.
    const other = await call(suite.bob, 'companies/duplicates', { inn: '7707083893', kpp: '773601001' });
    expect(other.body).toMatchObject({ duplicates: [], warning: null });
    // Another КПП is another subdivision: no warning.
    const branch = await call(suite.alice, 'companies/create', { ...sberbank, kpp: '775001001' });
    expect(branch.body.duplicates).toEqual([]);
  });

  it('updates with the version; a stale version is a 409 with the current one', async () => {
    const c = await create(suite.alice, { ...sberbank, fullName: 'ООО «Версия»', inn: '7736207543', kpp: '770401001' });
    const { id, version, createdAt: _c, updatedAt: _u, folderId: _f, ...data } = c;
    const ok = await call(suite.alice, 'companies/update', { ...data, id, version, phone: '+7 495 739-70-00' });
    expect(ok.status).toBe(200);
    expect(ok.body.company).toMatchObject({ version: 2, phone: '+7 495 739-70-00' });
    const stale = await call(suite.alice, 'companies/update', { ...data, id, version, phone: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: 'CONFLICT', version: 2 });
    const got = await call(suite.alice, 'companies/get', { id });
    expect((got.body.company as Company).phone).toBe('+7 495 739-70-00');
  });

  it("another user's company answers 404 to get, update and delete", async () => {
    const c = await create(suite.alice, { ...sberbank, fullName: 'ООО «Чужая»' });
    const { id, version, createdAt: _c, updatedAt: _u, folderId: _f, ...data } = c;
    for (const [path, body] of [
      ['companies/get', { id }],
      ['companies/update', { ...data, id, version }],
      ['companies/delete', { id }],
    ] as const) {
      const r = await call(suite.bob, path, body);
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    expect((await call(suite.alice, 'companies/get', { id })).status).toBe(200);
    expect((await call(suite.alice, 'companies/get', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call(suite.alice, 'companies/get', { id: 'nope' })).status).toBe(422);
  });

  it('links a folder made in «Мои документы» without bumping the version', async () => {
    const c = await create(suite.alice, { ...sberbank, fullName: 'ООО «С папкой»' });
    const res = await dispatch(
      services.files,
      new Request('http://localhost/file-manager-service/api/v1/createFolder', {
        method: 'POST',
        headers: suite.alice.headers,
        body: JSON.stringify({ name: 'ООО «С папкой»', type: 'documents' }),
      }),
      suite.ctx,
    );
    const folder = ((await res.json()) as { object: { id: string } }).object;
    const r = await call(suite.alice, 'companies/link-folder', { id: c.id, folderId: folder.id });
    expect(r.body).toMatchObject({ ok: true, company: { id: c.id, folderId: folder.id, version: 1 } });
    expect((await call(suite.bob, 'companies/link-folder', { id: c.id, folderId: folder.id })).status).toBe(404);
    // The card still saves with the version it was opened at, and keeps the folder.
    const { id, version, createdAt: _c, updatedAt: _u, folderId: _f, ...data } = c;
    const saved = await call(suite.alice, 'companies/update', { ...data, id, version, shortName: 'С папкой' });
    expect(saved.body.company).toMatchObject({ folderId: folder.id, version: 2 });
  });

  it('deletes (with a version check when given)', async () => {
    const c = await create(suite.alice, { ...sberbank, fullName: 'ООО «Удаляемая»' });
    expect((await call(suite.alice, 'companies/delete', { id: c.id, version: 5 })).status).toBe(409);
    const r = await call(suite.alice, 'companies/delete', { id: c.id, version: 1 });
    expect(r.body).toMatchObject({ ok: true, deleted: 1 });
    expect((await call(suite.alice, 'companies/get', { id: c.id })).status).toBe(404);
    expect((await call(suite.alice, 'companies/delete', { id: c.id })).status).toBe(404);
  });

  it('lists with search by name or ИНН, own/counterparty filter, sort and pagination', async () => {
    const u = await createTestUser(suite.ctx);
    const names = ['ООО «Альфа»', 'ООО «Бета»', 'АО «Гамма»', 'ООО «Дельта 100%»'];
    for (const [i, fullName] of names.entries()) {
      await create(u, { ...sberbank, fullName, isOwn: i === 0, inn: ['7707083893', '7736207543', '7736050003', '7708004767'][i] });
    }
    const list = async (body: object) => {
      const r = await call(u, 'companies/list', body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { names: (r.body.companies as Company[]).map((c) => c.fullName), total: r.body.total };
    };
    expect(await list({})).toEqual({ names: ['АО «Гамма»', 'ООО «Альфа»', 'ООО «Бета»', 'ООО «Дельта 100%»'], total: 4 });
    expect(await list({ sort: '-name', limit: 2 })).toEqual({ names: ['ООО «Дельта 100%»', 'ООО «Бета»'], total: 4 });
    expect(await list({ sort: '-name', limit: 2, offset: 2 })).toEqual({ names: ['ООО «Альфа»', 'АО «Гамма»'], total: 4 });
    expect(await list({ search: 'бет' })).toEqual({ names: ['ООО «Бета»'], total: 1 });
    expect(await list({ search: '7736' })).toEqual({ names: ['АО «Гамма»', 'ООО «Бета»'], total: 2 });
    expect(await list({ search: '100%' })).toEqual({ names: ['ООО «Дельта 100%»'], total: 1 });
    expect(await list({ search: '%' })).toEqual({ names: ['ООО «Дельта 100%»'], total: 1 });
    expect(await list({ scope: 'own' })).toEqual({ names: ['ООО «Альфа»'], total: 1 });
    expect((await list({ scope: 'counterparties' })).total).toBe(3);
    expect(await list({ sort: 'inn' })).toMatchObject({ names: ['ООО «Альфа»', 'ООО «Дельта 100%»', 'АО «Гамма»', 'ООО «Бета»'] });
    const bad = await call(u, 'companies/list', { sort: 'evil; drop table', limit: 100000 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields!).sort()).toEqual(['limit', 'sort']);
  });
});
