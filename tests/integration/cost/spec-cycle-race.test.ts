// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { RecalcReportLine } from '@/lib/schemas/catalog';
import { fileObjects } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { waitUntil } from '../../helpers/wait-until';

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

/** A specification written straight into the table, as a version before the cycle check could store it. */
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

/** The specifications among `ids` whose stored document takes another one as a semi-finished good. */
async function nestedIn(ids: string[]) {
  const rows = await suite.ctx.db.select({ id: fileObjects.id, metadata: fileObjects.metadata }).from(fileObjects).where(inArray(fileObjects.id, ids));
  return rows.filter((r) => (JSON.parse(r.metadata) as ReturnType<typeof doc>).materials.some((m) => 'specId' in m)).map((r) => r.id);
}

describe(`two saves closing a loop in parallel store no cycle (${testDriver()})`, () => {
  it('20 rounds: exactly one is stored, the other is refused with 422 SPEC_CYCLE naming the path', async () => {
    for (let round = 0; round < 20; round++) {
      const table = await storeSpec(suite.alice, doc(`Стол ${round}`));
      const frame = await storeSpec(suite.alice, doc(`Каркас ${round}`));
      const [a, b] = await Promise.all([
        save(suite.alice, table, doc(`Стол ${round}`, [[frame, 'Каркас']])),
        save(suite.alice, frame, doc(`Каркас ${round}`, [[table, 'Стол']])),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, `round ${round}: ${JSON.stringify([a.body, b.body])}`).toEqual([200, 422]);
      const refused = a.status === 422 ? a : b;
      const [first, second] = a.status === 422 ? [`Стол ${round}`, `Каркас ${round}`] : [`Каркас ${round}`, `Стол ${round}`];
      expect(refused.body).toMatchObject({ ok: false, code: 'SPEC_CYCLE' });
      expect(refused.body.msg).toContain(`«${first}» → «${second}» → «${first}»`);
      // what is stored: one of the two takes the other, never both
      expect(await nestedIn([table, frame])).toEqual([a.status === 200 ? table : frame]);
      for (const id of [table, frame]) {
        const calc = await call(suite.alice, 'cost/calculate', { spec: { specId: id }, params: {} });
        expect(calc.status, JSON.stringify(calc.body)).toBe(200);
      }
    }
  });

  it('a save dropping the line races the two closing the loop: each answers 200, 409 or 422 and no loop is stored', async () => {
    const table = await storeSpec(suite.alice, doc('Стол рабочий'));
    const frame = await storeSpec(suite.alice, doc('Каркас рабочий'));
    const [a, b, c] = await Promise.all([
      save(suite.alice, table, doc('Стол рабочий', [[frame, 'Каркас']])),
      save(suite.alice, frame, doc('Каркас рабочий', [[table, 'Стол']])),
      save(suite.alice, frame, doc('Каркас рабочий (без вложений)')),
    ]);
    expect([a.status, b.status, c.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b, c]) expect([200, 409, 422], JSON.stringify(r.body)).toContain(r.status);
    const stored = await nestedIn([table, frame]);
    expect(stored.length).toBeLessThanOrEqual(1);
  });
});

describe(`a loop stored before the check is reported, never a 500 (${testDriver()})`, () => {
  let loops = 0;
  async function storedLoop() {
    const table = uid('loop-table');
    const frame = uid('loop-frame');
    const n = ++loops;
    await storeSpec(suite.alice, doc(`Стол прежний ${n}`, [[frame, 'Каркас']]), table);
    await storeSpec(suite.alice, doc(`Каркас прежний ${n}`, [[table, 'Стол']]), frame);
    // «Каркас» changes after «Стол»: «Стол» needs recalculation
    await suite.ctx.db.update(fileObjects).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(fileObjects.id, frame));
    return { table, frame };
  }

  it('specs/recalculate answers 422 SPEC_CYCLE naming the loop', async () => {
    const { table } = await storedLoop();
    const r = await call(suite.alice, 'specs/recalculate', { id: table });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.code).toBe('SPEC_CYCLE');
    expect(r.body.msg).toMatch(/«(Стол|Каркас) прежний \d+» → «(Стол|Каркас) прежний \d+» → «(Стол|Каркас) прежний \d+»/);
  });

  it('cost/calculate answers 422 SPEC_CYCLE naming the loop', async () => {
    const { table } = await storedLoop();
    const r = await call(suite.alice, 'cost/calculate', { spec: { specId: table }, params: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.code).toBe('SPEC_CYCLE');
    expect(r.body.msg).toMatch(/Стол.*Каркас|Каркас.*Стол/);
  });

  it('specs/costs gives the loop as the error of each of the pair', async () => {
    const { table, frame } = await storedLoop();
    const r = await call(suite.alice, 'specs/costs', { ids: [table, frame] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const item of r.body.items as { fullCost: string | null; error: string | null }[]) {
      expect(item.fullCost).toBeNull();
      expect(item.error).toMatch(/Стол.*Каркас|Каркас.*Стол/);
    }
  });

  it('«Пересчитать все» ends with the loop named in its report, not failed', async () => {
    const { table } = await storedLoop();
    const { body } = await call(suite.alice, 'catalog/recalc-all', {});
    const run = await waitUntil(
      async () => {
        const s = await call(suite.alice, 'catalog/recalc-status', { runId: body.runId });
        return s.body.state !== 'running' && (s.body as { state: string; report: RecalcReportLine[] });
      },
      { what: '«Пересчитать все» to end' },
    );
    expect(run.state).toBe('done');
    const line = run.report.find((l) => l.id === table);
    expect(line?.error).toMatch(/Стол.*Каркас|Каркас.*Стол/);
  });
});
