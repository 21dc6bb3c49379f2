// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { sberbank } from '../companies/fixtures';

/**
 * Every entity with a `version` column: N saves sent at once from one base version. Exactly one is written;
 * every other one gets 409 CONFLICT with a Russian message, and what is stored is the winner's document.
 */
const N = 20;
const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const product = (user: TestUser, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, path, body);

async function files(user: TestUser, name: string, body: unknown): Promise<Answer> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` };
  const req = new Request(`http://localhost/file-manager-service/api/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const res = await dispatch(services.files, req, suite.ctx);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const ok = (a: Answer) => {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  return a.body;
};

/** Sends `save(i)` for i = 0…N-1 at once; checks one winner and N-1 conflicts; returns the winner's index. */
async function race(save: (i: number) => Promise<Answer>): Promise<number> {
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => save(i)));
  const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
  const losers = answers.filter((a) => a.status !== 200);
  expect(winners, JSON.stringify(losers[0]?.body)).toHaveLength(1);
  for (const a of losers) {
    expect(a.status, JSON.stringify(a.body)).toBe(409);
    expect(a.body).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(a.body.msg).toMatch(/^[А-ЯЁ][^A-Za-z]*$/);
  }
  return winners[0]!;
}

const doc = (qty: string) => ({
  schemaVersion: 1,
  name: 'Табурет',
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty, price: '100' }],
  operations: [],
});
const steps = (i: number) => [{ id: 's1', name: `Шаг ${i}`, time: '6', timeUnit: 'мин', rate: '600' }];

describe(`concurrent saves from one version: exactly one wins (${testDriver()})`, () => {
  it('companies/update', async () => {
    const created = ok(await product(suite.alice, 'companies/create', { ...sberbank, inn: '7736207543', kpp: '770401001' })).company;
    const { id, version, createdAt: _c, updatedAt: _u, folderId: _f, ...data } = created;
    const w = await race((i) => product(suite.alice, 'companies/update', { ...data, id, version, phone: `+7 495 000-00-${String(i).padStart(2, '0')}` }));
    const now = ok(await product(suite.alice, 'companies/get', { id })).company;
    expect(now).toMatchObject({ version: version + 1, phone: `+7 495 000-00-${String(w).padStart(2, '0')}` });
  });

  it('business-processes/save (and its alias processes/save)', async () => {
    const set = ok(await product(suite.alice, 'business-processes/save', { name: 'Сборка', steps: steps(-1) })).set;
    const w = await race((i) => product(suite.alice, i % 2 ? 'processes/save' : 'business-processes/save', { id: set.id, version: set.version, name: 'Сборка', steps: steps(i) }));
    const [now] = ok(await product(suite.alice, 'business-processes/list', {})).sets;
    expect(now).toMatchObject({ id: set.id, version: set.version + 1, steps: [{ name: `Шаг ${w}` }] });
  });

  it('cost/scenarios/save', async () => {
    const spec = ok(await product(suite.alice, 'specs/create', { doc: doc('1') }));
    const sc = ok(await product(suite.alice, 'cost/scenarios/save', { name: 'База', specId: spec.id, params: {} })).scenario;
    const w = await race((i) => product(suite.alice, 'cost/scenarios/save', { id: sc.id, version: sc.version, name: `Вариант ${i}`, specId: spec.id, params: {} }));
    const now = ok(await product(suite.alice, 'cost/scenarios/list', {})).scenarios.find((x: { id: string }) => x.id === sc.id);
    expect(now).toMatchObject({ version: sc.version + 1, name: `Вариант ${w}` });
  });

  it('specs/save and specs/restore', async () => {
    const spec = ok(await product(suite.alice, 'specs/create', { doc: { ...doc('1'), name: 'Стул' } }));
    const w = await race((i) => product(suite.alice, 'specs/save', { id: spec.id, version: spec.version, doc: { ...doc(String(i + 2)), name: 'Стул' } }));
    const v2 = ok(await product(suite.alice, 'specs/version', { id: spec.id, version: 2 }));
    expect(v2.doc.materials[0].qty).toBe(String(w + 2));
    // Restoring version 1 over version 2 from twenty windows: one new version 3, the history has no twins.
    await race(() => product(suite.alice, 'specs/restore', { id: spec.id, version: 1, currentVersion: 2 }));
    const history = ok(await product(suite.alice, 'specs/history', { id: spec.id }));
    expect(history.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history.versions[0]).toMatchObject({ restoredFrom: 1, current: true });
  });

  it('updateAttributes with new metadata: a specification and a plain object', async () => {
    const spec = ok(await product(suite.alice, 'specs/create', { doc: { ...doc('1'), name: 'Скамья' } }));
    const w = await race((i) => files(suite.alice, 'updateAttributes', { id: spec.id, version: spec.version, metadata: JSON.stringify({ ...doc(String(i + 2)), name: 'Скамья' }) }));
    const v2 = ok(await product(suite.alice, 'specs/version', { id: spec.id, version: 2 }));
    expect(v2.doc.materials[0].qty).toBe(String(w + 2));

    const folder = ok(await files(suite.alice, 'createFolder', { name: 'Архив', type: 'documents' })).object;
    const f = await race((i) => files(suite.alice, 'updateAttributes', { id: folder.id, version: folder.version, metadata: JSON.stringify({ n: i }) }));
    const info = ok(await files(suite.alice, 'getFileInfo', { id: folder.id })).object;
    expect(info).toMatchObject({ version: folder.version + 1, metadata: JSON.stringify({ n: f }) });
  });
});
