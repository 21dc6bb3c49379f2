// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileObjects } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

const suite = productSuite();

type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, path, body);

let seq = 0;
const uid = (p: string) => `${p}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** A document whose lines take the given specifications as semi-finished goods (plus one bought line). */
const doc = (name: string, nested: [id: string, line: string][] = []) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm0', name: 'Брус', unit: 'м', qty: '0,85', price: '100' },
    ...nested.map(([specId, line], i) => ({ id: `n${i}`, name: line, unit: 'шт', qty: '1', specId, article: 'purchased' })),
  ],
  operations: [],
});

async function storeSpec(owner: TestUser, d: ReturnType<typeof doc>, id = uid('spec')) {
  await suite.ctx.db.insert(fileObjects).values({
    id,
    ownerId: owner.user.id,
    name: d.name,
    searchName: d.name.toLowerCase(),
    type: 'specifications',
    kind: 'file',
    metadata: JSON.stringify(d),
  });
  return id;
}

const save = (user: TestUser, id: string, d: ReturnType<typeof doc>) => call(user, 'specs/save', { id, doc: d });

describe(`a specification never contains itself (${testDriver()})`, () => {
  it('a line taking the specification itself is refused with the path', async () => {
    const table = await storeSpec(suite.alice, doc('Стол'));
    const r = await save(suite.alice, table, doc('Стол', [[table, 'Стол']]));
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body).toMatchObject({ ok: false, code: 'SPEC_CYCLE', path: [table, table], names: ['Стол', 'Стол'] });
    expect(r.body.msg).toBe('Спецификация не может входить сама в себя: «Стол» → «Стол». Уберите строку «Стол» или выберите другой полуфабрикат.');
    expect(r.body.fields).toEqual({ 'doc.materials.1.specId': 'По кругу: «Стол» → «Стол».' });
    // nothing was written
    const h = await call(suite.alice, 'specs/history', { id: table });
    expect(h.body.versions.map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('two levels: «Стол» into its own «Подстолье»', async () => {
    const base = await storeSpec(suite.alice, doc('Подстолье'));
    const table = await storeSpec(suite.alice, doc('Стол обеденный', [[base, 'Подстолье']]));
    const r = await save(suite.alice, base, doc('Подстолье', [[table, 'Стол обеденный']]));
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.code).toBe('SPEC_CYCLE');
    expect(r.body.path).toEqual([base, table, base]);
    expect(r.body.msg).toContain('«Подстолье» → «Стол обеденный» → «Подстолье»');
    expect(r.body.fields).toHaveProperty(['doc.materials.1.specId']);
  });

  it('three levels, the loop found below a line that is fine on its own', async () => {
    const leg = await storeSpec(suite.alice, doc('Ножка'));
    const frame = await storeSpec(suite.alice, doc('Царга', [[leg, 'Ножка']]));
    const table = await storeSpec(suite.alice, doc('Стол письменный', [[frame, 'Царга']]));
    const other = await storeSpec(suite.alice, doc('Крепёж'));
    const r = await save(suite.alice, leg, doc('Ножка', [[other, 'Крепёж'], [table, 'Стол письменный']]));
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.path).toEqual([leg, table, frame, leg]);
    expect(r.body.names).toEqual(['Ножка', 'Стол письменный', 'Царга', 'Ножка']);
    expect(r.body.fields).toHaveProperty(['doc.materials.2.specId']);
  });

  it('a diamond (two ways to the same specification) is no cycle', async () => {
    const screw = await storeSpec(suite.alice, doc('Винт'));
    const left = await storeSpec(suite.alice, doc('Левая стенка', [[screw, 'Винт']]));
    const right = await storeSpec(suite.alice, doc('Правая стенка', [[screw, 'Винт']]));
    const box = await storeSpec(suite.alice, doc('Короб'));
    const r = await save(suite.alice, box, doc('Короб', [[left, 'Левая'], [right, 'Правая'], [screw, 'Винт']]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const calc = await call(suite.alice, 'cost/calculate', { spec: { specId: box }, params: {} });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
  });

  it('a missing or someone else’s nested specification is no cycle; a loop below that does not pass through it is left to the calculation', async () => {
    const own = await storeSpec(suite.alice, doc('Своя'));
    const hidden = await storeSpec(suite.bob, doc('Чужая', [[own, 'Своя']]));
    const r = await save(suite.alice, own, doc('Своя', [[hidden, 'Чужая'], ['нет-такой', 'Пропавшая']]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    // two stored specifications that already take each other (written before the check): saving a third
    // that takes one of them terminates and is allowed
    const a = uid('loop-a');
    const b = uid('loop-b');
    await storeSpec(suite.alice, doc('Петля А', [[b, 'Петля Б']]), a);
    await storeSpec(suite.alice, doc('Петля Б', [[a, 'Петля А']]), b);
    const top = await storeSpec(suite.alice, doc('Верх'));
    expect((await save(suite.alice, top, doc('Верх', [[a, 'Петля А']]))).status).toBe(200);
  });

  it('restoring a version that would now close a loop is refused', async () => {
    const base = await storeSpec(suite.alice, doc('Основание'));
    const top = await storeSpec(suite.alice, doc('Тумба'));
    // v2 of «Основание» takes «Тумба»; v3 drops it; then «Тумба» takes «Основание»
    expect((await save(suite.alice, base, doc('Основание', [[top, 'Тумба']]))).status).toBe(200);
    expect((await save(suite.alice, base, doc('Основание'))).status).toBe(200);
    expect((await save(suite.alice, top, doc('Тумба', [[base, 'Основание']]))).status).toBe(200);
    const r = await call(suite.alice, 'specs/restore', { id: base, version: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.code).toBe('SPEC_CYCLE');
    expect(r.body.msg).toContain('«Основание» → «Тумба» → «Основание»');
    expect(r.body.fields).toEqual({ version: 'По кругу: «Основание» → «Тумба» → «Основание».' });
    expect((await call(suite.alice, 'specs/restore', { id: base, version: 1 })).status).toBe(200);
  });
});

describe(`a specification never contains itself, written through the file manager (${testDriver()})`, () => {
  it('updateAttributes with new metadata that closes a loop is refused; without one it is a new version', async () => {
    const { services } = await import('@/lib/server/gateway/services');
    const { dispatch } = await import('@/lib/server/gateway/dispatch');
    const update = async (body: unknown) => {
      const res = await dispatch(
        services.files,
        new Request('http://localhost/file-manager-service/api/v1/updateAttributes', { method: 'POST', headers: suite.alice.headers, body: JSON.stringify(body) }),
        suite.ctx,
      );
      return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const drawer = await storeSpec(suite.alice, doc('Ящик'));
    const chest = await storeSpec(suite.alice, doc('Комод', [[drawer, 'Ящик']]));
    const r = await update({ id: drawer, metadata: JSON.stringify(doc('Ящик', [[chest, 'Комод']])) });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body).toMatchObject({ code: 'SPEC_CYCLE', path: [drawer, chest, drawer], fields: { metadata: 'По кругу: «Ящик» → «Комод» → «Ящик».' } });
    const ok = await update({ id: drawer, metadata: JSON.stringify(doc('Ящик')) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe(`specs/create (${testDriver()})`, () => {
  it('creates the object from a checked document and records version 1 with its author', async () => {
    const r = await call(suite.alice, 'specs/create', { doc: doc(' Полка ') });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, version: 1, object: { name: 'Полка', type: 'specifications', kind: 'file' } });
    const id = r.body.id as string;
    const h = await call(suite.alice, 'specs/history', { id });
    expect(h.body.versions).toHaveLength(1);
    expect(h.body.versions[0]).toMatchObject({ version: 1, current: true, name: 'Полка', author: { id: suite.alice.user.id } });
    expect(h.body.versions[0].author.name).toBeTruthy();
    // the stored document is the checked one (numbers in the wire form, the name trimmed)
    const v1 = await call(suite.alice, 'specs/version', { id, version: 1 });
    expect(v1.body.doc).toMatchObject({ name: 'Полка', materials: [{ qty: '0.85' }] });

    // the next save keeps version 1 with its author
    expect((await save(suite.alice, id, doc('Полка', []))).status).toBe(200);
    const h2 = await call(suite.alice, 'specs/history', { id });
    expect(h2.body.versions.map((v: { version: number; author: { id: string } | null }) => [v.version, v.author?.id])).toEqual([
      [2, suite.alice.user.id],
      [1, suite.alice.user.id],
    ]);
  });

  it('refuses a bad document, a bad name, a folder of another type; needs a session', async () => {
    const bad = await call(suite.alice, 'specs/create', { doc: { ...doc('Полка'), materials: [{ id: 'm', name: 'Брус', unit: 'м', qty: 'много' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields['doc.materials.0.qty']).toMatch(/число/i);
    const slash = await call(suite.alice, 'specs/create', { doc: doc('Полка/2') });
    expect(slash.status).toBe(422);
    expect(slash.body.fields['doc.name']).toBeTruthy();
    const { services } = await import('@/lib/server/gateway/services');
    const { dispatch } = await import('@/lib/server/gateway/dispatch');
    const folderRes = await dispatch(
      services.files,
      new Request('http://localhost/file-manager-service/api/v1/createFolder', { method: 'POST', headers: suite.alice.headers, body: JSON.stringify({ name: 'Документы', type: 'documents' }) }),
      suite.ctx,
    );
    const folder = ((await folderRes.json()) as { object: { id: string } }).object.id;
    const wrong = await call(suite.alice, 'specs/create', { doc: doc('Полка'), root: folder });
    expect(wrong.status).toBe(422);
    expect((await call(null, 'specs/create', { doc: doc('Полка') })).status).toBe(401);
  });
});
