// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { csvTableOf } from '@/lib/server/office/parse';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { whileWatched as watch } from '../../helpers/loop-watch';
import { callProduct, productSuite } from '../../helpers/product';
import { supplier, waitImport } from '../catalog/helpers';

/**
 * Hostile CSV files sent to the calls that read a user's CSV — a supplier's price list (`catalog/import/upload`,
 * then its preview in the background) and the companies import (`companies/import`): each is answered (a Russian
 * 422, or read) while `/api/health` keeps answering — the event loop is never held for a second or more, since
 * the files are read on a worker thread.
 */

const suite = productSuite();

beforeAll(async () => {
  // Both threads of the parse worker started, as on a server that has read files (two jobs at once take both).
  await Promise.all([csvTableOf('a;b', 10, 10), csvTableOf('c;d', 10, 10)]);
}, 120_000);
type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, path, body);

/** The most the event loop may be held while a file is read. */
const MAX_HOLD_MS = 1000;
const MB19 = 19 * 1024 * 1024;
const HEAD = 'Артикул;Наименование;Ед.;Цена\n' + Array.from({ length: 6 }, (_, i) => `A-${i};Саморез ${i};шт;${i + 1},50`).join('\n') + '\n';

/** `fn` while /api/health is polled every 10 ms: the longest time this thread's event loop was held. */
const whileWatched = <T>(fn: () => Promise<T>) => watch(fn, () => health().status === 200);

/**
 * Measured `fn`: a hold the file causes happens every time, one a burst of garbage collection causes does not —
 * a hold counts when it repeats (three in a row).
 */
async function measured<T>(fn: () => Promise<T>) {
  let r = await whileWatched(fn);
  for (let again = 0; again < 2 && r.stall >= MAX_HOLD_MS; again++) r = await whileWatched(fn);
  return r;
}

const PRICE_LISTS: [string, () => string, 'refused' | 'read'][] = [
  ['19 MB of line breaks', () => '\n'.repeat(MB19), 'refused'],
  ['19 MB of semicolons', () => ';'.repeat(MB19), 'refused'],
  ['19 MB of an unclosed quote', () => `"${'a'.repeat(MB19)}`, 'refused'],
  ['a good head, then 19 MB of a"a"a"… (a quote in a cell)', () => `${HEAD}A-9;${'a"'.repeat(MB19 / 2)}\n`, 'read'],
  ['a good head, then 19 MB of line breaks and one row', () => `${HEAD}${'\n'.repeat(MB19)}A-9;Последний;шт;9,90\n`, 'read'],
  ['a good head, then a 19 MB row of semicolons', () => `${HEAD}A-9;Длинный${';'.repeat(MB19)}\n`, 'read'],
];

const COMPANY_FILES: [string, () => string][] = [
  ['3.4 MB of line breaks (7 MB in JSON)', () => '\n'.repeat(3_400_000)],
  ['7 MB of semicolons', () => ';'.repeat(7_000_000)],
  ['a header, then 3.4 MB of line breaks', () => `Полное наименование;ИНН\n${'\n'.repeat(3_400_000)}`],
  ['7 MB of an unclosed quote', () => `Полное наименование;"${'a'.repeat(7_000_000)}`],
  ['6 MB of a"a"a"… after the header (a quote in a cell)', () => `Полное наименование;ИНН\nООО;${'a"'.repeat(2_000_000)}`],
  ['70 000 rows', () => `Полное наименование;ИНН\n${'ООО «Ромашка»;7707083893\n'.repeat(70_000)}`],
];

describe(`hostile CSV files (${testDriver()})`, () => {
  it.each(PRICE_LISTS)('a price list of %s: answered while the server keeps answering', async (name, text, outcome) => {
    const sup = await supplier(suite.ctx, suite.alice, `Поставщик ${name.slice(0, 30)}`);
    const data = Buffer.from(text()).toString('base64');
    const up = await measured(() => call(suite.alice, 'catalog/import/upload', { supplierId: sup, fileName: 'price.csv', data }));
    console.info(`hostile csv «${name}» upload: ${up.result.status} in ${Math.round(up.ms)} ms, event loop held ≤ ${Math.round(up.stall)} ms`);
    expect(up.stall, `upload: ${name}`).toBeLessThan(MAX_HOLD_MS);
    if (outcome === 'refused') {
      expect(up.result.status, JSON.stringify(up.result.body)).toBe(422);
      expect(up.result.body.msg).toMatch(/[А-Яа-яЁё]/);
      return;
    }
    expect(up.result.status, JSON.stringify(up.result.body)).toBe(200);
    const { importId, mapping } = up.result.body as { importId: string; mapping: Record<string, number> };
    const preview = await measured(async () => {
      const r = await call(suite.alice, 'catalog/import/preview', { importId, mapping, vatIncluded: false });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return waitImport(suite.ctx, suite.alice, importId, 'parsing');
    });
    console.info(`hostile csv «${name}» preview: ${preview.result.state} in ${Math.round(preview.ms)} ms, event loop held ≤ ${Math.round(preview.stall)} ms`);
    expect(preview.stall, `preview: ${name}`).toBeLessThan(MAX_HOLD_MS);
    expect(preview.result.state).toBe('ready');
    const rows = await call(suite.alice, 'catalog/import/rows', { importId });
    expect(rows.status).toBe(200);
    expect((rows.body.rows as { name: string }[]).map((r) => r.name)).toContain('Саморез 5');
  });

  it.each(COMPANY_FILES)('a companies file of %s: a Russian 422 while the server keeps answering', async (name, text) => {
    const csv = text();
    const { result, ms, stall } = await measured(() => call(suite.alice, 'companies/import', { csv }));
    console.info(`hostile csv «${name}» companies/import: ${result.status} in ${Math.round(ms)} ms, event loop held ≤ ${Math.round(stall)} ms`);
    expect(result.status, JSON.stringify(result.body).slice(0, 300)).toBe(422);
    expect(result.body.msg).toMatch(/[А-Яа-яЁё]/);
    expect(stall, name).toBeLessThan(MAX_HOLD_MS);
  });

  it('the server still reads a good file of each kind', async () => {
    const sup = await supplier(suite.ctx, suite.alice, 'Поставщик после');
    const up = await call(suite.alice, 'catalog/import/upload', { supplierId: sup, fileName: 'ok.csv', data: Buffer.from(HEAD).toString('base64') });
    expect(up.status).toBe(200);
    expect((up.body.columns as { header: string; samples: string[] }[])[1]).toEqual({ index: 1, header: 'Наименование', samples: ['Саморез 0', 'Саморез 1', 'Саморез 2', 'Саморез 3', 'Саморез 4', 'Саморез 5'] });
    const r = await call(suite.alice, 'companies/import', { csv: 'Полное наименование;ИНН\nООО «Ромашка»;7707083893\n' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.created).toBe(1);
  });
});
