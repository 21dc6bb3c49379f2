// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileObjects } from '@/lib/server/db/schema';
import { SPEC_PICK_MAX } from '@/lib/schemas/specification-calls';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

/**
 * `specs/pick`: the /cost picker's page of specifications — names and units, never the documents, searched on
 * the server. Its answer is bounded by construction: at most SPEC_PICK_MAX rows of a name (≤ 255 characters)
 * and a unit (≤ 20).
 */
const suite = productSuite();
type Picked = { items: { id: string; name: string; unit: string }[]; total: number };
const pick = (body: unknown, who = suite.alice) => callProduct<Picked & { code?: string }>(suite.ctx, who, 'specs/pick', body);

const COUNT = SPEC_PICK_MAX + 5;
/** A name of the longest length a file name may have, numbered so the order by name is known. */
const nameOf = (i: number) => `Изделие ${String(i).padStart(3, '0')} ${'ж'.repeat(255 - 13)}`;
/** A document of 200 lines (≈ 20 KB): a list carrying documents would be megabytes. */
const docOf = (i: number) => ({
  schemaVersion: 1,
  name: nameOf(i),
  unit: i === 7 ? 'компл' : 'шт',
  outputQty: '1',
  materials: Array.from({ length: 200 }, (_, j) => ({ id: `m${j}`, name: `Материал номер ${j}`, unit: 'кг', qty: '1.5', price: '100.25' })),
  operations: [],
});

describe(`specs/pick (${testDriver()})`, () => {
  it('pages and searches by name without the documents; a page of the longest names stays under 50 KB', async () => {
    await suite.ctx.db.insert(fileObjects).values(
      Array.from({ length: COUNT }, (_, i) => ({
        id: `pick-${i}`,
        ownerId: suite.alice.user.id,
        name: nameOf(i),
        searchName: nameOf(i).toLowerCase(),
        type: 'specifications',
        kind: 'file',
        metadata: JSON.stringify(docOf(i)),
      })),
    );
    const first = await pick({ limit: SPEC_PICK_MAX });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(COUNT);
    expect(first.body.items).toHaveLength(SPEC_PICK_MAX);
    expect(first.body.items[7]).toEqual({ id: 'pick-7', name: nameOf(7), unit: 'компл' });
    expect(Object.keys(first.body.items[0]!).sort()).toEqual(['id', 'name', 'unit']);
    expect(Buffer.byteLength(JSON.stringify(first.body))).toBeLessThan(50 * 1024);

    const rest = await pick({ offset: SPEC_PICK_MAX, limit: SPEC_PICK_MAX });
    expect(rest.body.items.map((x) => x.id)).toEqual(Array.from({ length: COUNT - SPEC_PICK_MAX }, (_, i) => `pick-${SPEC_PICK_MAX + i}`));
    // Default page 20; the search is by a part of the name, case-insensitive.
    expect((await pick({})).body.items).toHaveLength(20);
    const found = await pick({ search: 'изделие 05' });
    expect(found.body).toEqual({ ok: true, msg: expect.any(String), items: Array.from({ length: 5 }, (_, i) => expect.objectContaining({ id: `pick-${50 + i}` })), total: 5 });
    expect((await pick({ search: 'нет такого' })).body.items).toEqual([]);
  });

  it('answers named ones the caller may read; refuses a page larger than the cap and a caller without a session', async () => {
    const named = await pick({ ids: ['pick-3', 'unknown', 'pick-1'] });
    expect(named.body.items.map((x) => x.id)).toEqual(['pick-3', 'pick-1']);
    expect((await pick({ ids: ['pick-3'] }, suite.bob)).body.items).toEqual([]);
    expect((await pick({}, suite.bob)).body.total).toBe(0);
    const big = await pick({ limit: SPEC_PICK_MAX + 1 });
    expect(big.status).toBe(422);
    expect((await callProduct(suite.ctx, null, 'specs/pick', {})).status).toBe(401);
  });
});
