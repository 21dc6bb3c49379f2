// @vitest-environment node
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/client';
import type { SearchGroup } from '@/lib/server/services/search/run-search';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ensureEducationContent } from '@/lib/server/services/education/content-sync';
import { sberbank } from '../companies/fixtures';
import { ok, upload } from '../files/harness';

/** The kinds of the users' own data (the catalogue of calculators and the lessons are everyone's). */
const DATA = ['specifications', 'documents', 'folders', 'companies', 'business-processes'];

type Answer = { groups: SearchGroup[]; kinds: { kind: string; label: string }[]; msg: string };

const suite = productSuite();

const doc = (name: string) => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm0', name: 'Брус', unit: 'м', qty: '0,85', price: '100' }],
  operations: [],
});

async function product<T = Record<string, unknown>>(user: TestUser, path: string, body: unknown, ctx: AppContext = suite.ctx): Promise<T> {
  const r = await callProduct<T>(ctx, user, path, body);
  if (r.status !== 200) throw new Error(`${path} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const search = (user: TestUser, q: string, extra: Record<string, unknown> = {}, ctx?: AppContext) =>
  product<Answer>(user, 'search/query', { q, ...extra }, ctx);

/** Titles per kind: `{specifications: ['Стол', …]}`. */
const titles = (a: Answer) => Object.fromEntries(a.groups.map((g) => [g.kind, g.items.map((i) => i.title)]));
const all = (a: Answer) => a.groups.flatMap((g) => g.items.map((i) => i.title));

const spec = async (user: TestUser, name: string, root?: string) =>
  (await product<{ object: { id: string } }>(user, 'specs/create', { doc: doc(name), ...(root ? { root } : {}) })).object.id;

describe(`search/query (${testDriver()})`, () => {
  let table: string;
  let bobsShared: string;
  beforeAll(async () => {
    const { ctx, alice, bob } = suite;
    await ensureEducationContent(ctx);
    table = await spec(alice, 'Стол');
    await spec(alice, 'Столешница дубовая');
    await spec(alice, 'Ножка стола');
    await spec(alice, 'Калькуляция стола обеденного');
    await spec(alice, 'Ёлочная игрушка');
    await spec(alice, 'Спецификация шкафа');
    await ok(ctx, alice, 'createFolder', { name: 'Спецификацыя', type: 'specifications' });
    const gone = await spec(alice, 'Удалённая смета');
    await ok(ctx, alice, 'deleteFiles', { ids: [gone] });
    await upload(ctx, alice, 'Отчёт о себестоимости.txt', Buffer.from('отчёт'));
    const folder = await ok<{ object: { id: string } }>(ctx, alice, 'createFolder', { name: 'Договоры 2026', type: 'documents' });
    await upload(ctx, alice, 'Договор поставки.txt', Buffer.from('договор'), { root: folder.object.id });
    await product(alice, 'companies/create', sberbank);
    await product(alice, 'business-processes/save', { name: 'Фрезерная обработка', steps: [{ id: 's1', name: 'Фрезеровка', time: '6', timeUnit: 'мин', rate: '600' }] });
    await product(alice, 'calculators/custom/save', { name: 'Цена с НДС и скидкой', inputs: [{ name: 'цена', label: 'Цена' }], formulas: [{ name: 'итог', label: 'Итог', expr: 'цена * 1,22' }] });

    await spec(bob, 'Секретная смета Боба');
    await product(bob, 'companies/create', { ...sberbank, shortName: 'Бобкомпания', fullName: 'ООО «Бобкомпания»' });
    const shared = await ok<{ object: { id: string } }>(ctx, bob, 'createFolder', { name: 'Общая папка Боба', type: 'specifications' });
    bobsShared = await spec(bob, 'Смета Боба для всех', shared.object.id);
    await ok(ctx, bob, 'shareFile', { id: shared.object.id, login: alice.user.email, access: 'read' });
  });

  it('morphology: «калькуляции» finds «Калькуляция…», «столы» finds the forms of «стол»', async () => {
    const a = await search(suite.alice, 'калькуляции');
    expect(titles(a).specifications).toEqual(['Калькуляция стола обеденного']);
    const item = a.groups.find((g) => g.kind === 'specifications')!.items[0]!;
    expect(item.href).toMatch(/^\/specifications\/create\//);
    expect(item.titleMarks).toEqual([[0, 11]]);
    const b = await search(suite.alice, 'столы');
    expect(titles(b).specifications).toEqual(expect.arrayContaining(['Стол', 'Ножка стола', 'Калькуляция стола обеденного']));
  });

  it('ё = е both ways, and a prefix finds while typing', async () => {
    expect(all(await search(suite.alice, 'елочная'))).toEqual(['Ёлочная игрушка']);
    expect(all(await search(suite.alice, 'ЁЛОЧ'))).toEqual(['Ёлочная игрушка']);
    const a = await search(suite.alice, 'отчет о себест');
    expect(titles(a).documents).toEqual(['Отчёт о себестоимости.txt']);
    expect(a.groups[0]!.items[0]!.titleMarks).toEqual([[0, 5], [8, 14]]);
    expect(titles(await search(suite.alice, 'фрез'))['business-processes']).toEqual(['Фрезерная обработка']);
  });

  it('ranking: the exact title first, then a title that starts with the query, then the word in another form', async () => {
    const a = await search(suite.alice, 'стол', { kinds: ['specifications'] });
    expect(titles(a).specifications).toEqual(['Стол', 'Столешница дубовая', 'Калькуляция стола обеденного', 'Ножка стола']);
    expect(a.groups[0]!.total).toBe(4);
  });

  it('a number finds a company by the digits of its ИНН or ОГРН, marked in the second line', async () => {
    for (const q of ['7707083893', '7707 083 893', '083893', '1027700132195']) {
      const a = await search(suite.alice, q);
      expect(titles(a), q).toEqual({ companies: ['ПАО Сбербанк'] });
    }
    const a = await search(suite.alice, '083893');
    const item = a.groups[0]!.items[0]!;
    expect(item.subtitle).toBe('ИНН 7707083893 · ОГРН 1027700132195');
    expect(item.subtitleMarks).toEqual([[8, 14]]);
    expect(item.href).toBe(`/companies?id=${item.id}`);
    expect(titles(await search(suite.alice, 'сбербанка')).companies).toEqual(['ПАО Сбербанк']);
    // A number is not looked up as a typo: «2027» is not «Договоры 2026».
    expect(all(await search(suite.alice, '2027', { kinds: DATA }))).toEqual([]);
  });

  it('a typo is forgiven by trigram similarity when the words find nothing', async () => {
    const a = await search(suite.alice, 'калкуляция', { kinds: DATA });
    expect(titles(a)).toEqual({ specifications: ['Калькуляция стола обеденного'] });
    expect(a.groups[0]!.items[0]!.titleMarks).toEqual([[0, 11]]);
    expect(all(await search(suite.alice, 'фрезерня', { kinds: DATA }))).toEqual(['Фрезерная обработка']);
  });

  it('a typo is looked up also when the words find only a few, its hits after theirs', async () => {
    // The words find the folder whose name is typed so; the typo pass adds the specification, after it.
    const a = await search(suite.alice, 'Спецификацыя', { kinds: DATA });
    expect(a.groups.map((g) => [g.kind, g.total, g.items.map((i) => i.title)])).toEqual([
      ['folders', 1, ['Спецификацыя']],
      ['specifications', 1, ['Спецификация шкафа']],
    ]);
    const b = await search(suite.alice, 'калькуляция стола', { kinds: ['specifications'] });
    expect(titles(b).specifications?.[0]).toBe('Калькуляция стола обеденного');
  });

  it('calculators: the catalogue and the caller’s own, folders and business processes', async () => {
    const a = await search(suite.alice, 'НДС');
    expect(titles(a).calculators).toEqual(expect.arrayContaining(['Цена с НДС и скидкой', 'НДС: начислить / выделить']));
    const custom = a.groups.find((g) => g.kind === 'calculators')!.items.find((i) => i.title === 'Цена с НДС и скидкой')!;
    expect(custom.href).toBe(`/calculators/custom/${custom.id}`);
    expect(a.groups.find((g) => g.kind === 'calculators')!.items.find((i) => i.title.startsWith('НДС:'))!.href).toBe('/calculators/vat');
    const f = await search(suite.alice, 'договор');
    expect(titles(f)).toMatchObject({ documents: ['Договор поставки.txt'], folders: ['Договоры 2026'] });
    // The catalogue's descriptions count too: «Неустойка по договору».
    expect(titles(f).calculators).toContain('Неустойка по договору');
    expect(f.groups.find((g) => g.kind === 'documents')!.items[0]!.subtitle).toBe('Папка «Договоры 2026»');
    expect(f.groups.find((g) => g.kind === 'folders')!.items[0]!.href).toMatch(/^\/documents\/folder\//);
    const p = await search(suite.alice, 'обработка');
    expect(p.groups.find((g) => g.kind === 'business-processes')!.items[0]!.subtitle).toBe('1 шаг');
  });

  it('rights: another user’s private objects and companies are invisible, what is shared with the caller is found, the bin is not', async () => {
    expect(all(await search(suite.alice, 'секретная смета', { kinds: DATA }))).toEqual([]);
    expect(all(await search(suite.alice, 'бобкомпания', { kinds: DATA }))).toEqual([]);
    expect(all(await search(suite.alice, 'удаленная смета', { kinds: DATA }))).toEqual([]);
    const a = await search(suite.alice, 'боба', { kinds: DATA });
    expect(titles(a)).toEqual({ specifications: ['Смета Боба для всех'], folders: ['Общая папка Боба'] });
    const item = a.groups.find((g) => g.kind === 'specifications')!.items[0]!;
    expect(item.id).toBe(bobsShared);
    expect(item.subtitle).toBe('Доступно вам');
    // Bob's own search sees his things and not Alice's.
    expect(titles(await search(suite.bob, 'смета', { kinds: DATA }))).toEqual({ specifications: ['Смета Боба для всех', 'Секретная смета Боба'] });
    expect(all(await search(suite.bob, 'стол', { kinds: DATA }))).toEqual([]);
    expect(titles(await search(suite.bob, '7707083893'))).toEqual({ companies: ['Бобкомпания'] });
  });

  it('bad input: empty and one character find nothing without a search query; 10 000 characters are cut; query syntax is only text', async () => {
    let searches = 0;
    const dialect = new PgDialect();
    // Counts the statements that search, run directly, in a transaction or in one call of the embedded database.
    const isSearch = (text: string) => /^execute p_|^(?!prepare )[\s\S]*(to_tsquery|word_similarity)/.test(text);
    const client = (suite.ctx.db as unknown as { $client: { batch?: (s: { sql: string }[], o: unknown) => Promise<unknown> } }).$client;
    const batch = client.batch;
    if (batch) {
      client.batch = (statements, opts) => {
        searches += statements.filter((s) => isSearch(s.sql)).length;
        return batch(statements, opts);
      };
    }
    const counting = (inner: Db): Db =>
      new Proxy(inner, {
        get(target, prop, receiver) {
          if (prop === 'transaction') return (fn: (tx: Db) => unknown) => target.transaction((tx) => fn(counting(tx as unknown as Db)) as Promise<unknown>);
          if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
          return (query: SQL) => {
            // A search statement run directly, or executed as prepared (preparing it runs nothing).
            if (isSearch(dialect.sqlToQuery(query).sql)) searches++;
            return target.execute(query);
          };
        },
      });
    const db = counting(suite.ctx.db);
    const counted = { ...suite.ctx, db };
    try {
      for (const q of ['', ' ', 'а', ' я ', '!!', '&|']) {
        const a = await search(suite.alice, q, {}, counted);
        expect(a.groups, q).toEqual([]);
        expect(a.msg).toBe('Ничего не найдено');
      }
      expect(searches).toBe(0);
      expect(titles(await search(suite.alice, 'стол', {}, counted)).specifications?.[0]).toBe('Стол');
      expect(searches).toBe(1);
    } finally {
      // The shared client goes back to its own batch even when a check above fails.
      if (batch) client.batch = batch;
    }

    const long = await callProduct<Answer>(suite.ctx, suite.alice, 'search/query', { q: `стол ${'я'.repeat(10_000)}` });
    expect(long.status).toBe(200);
    expect(long.body.groups).toEqual([]);
    const cut = await callProduct<Answer>(suite.ctx, suite.alice, 'search/query', { q: `стол${' '.repeat(196)}${'я'.repeat(10_000)}` });
    expect(cut.status).toBe(200);

    for (const q of ["стол & | ! : * ( ) ' \\ <-> <2> :* !стол", "'стол'", 'стол:*A', '(стол', "стол''", '\\\\стол', 'стол | ножка', '!!!!!!!!!!', '%_стол%']) {
      const r = await callProduct<Answer>(suite.ctx, suite.alice, 'search/query', { q });
      expect(r.status, q).toBe(200);
    }
    expect(titles(await search(suite.alice, "(стол) & 'ножка':*")).specifications).toEqual(['Ножка стола']);
  });

  it('lessons of «Обучение» by title and text, opened in the course', async () => {
    const a = await search(suite.alice, 'полуфабрикатов', { kinds: ['lessons'] });
    const lesson = a.groups[0]!.items[0]!;
    expect(lesson.title).toBe('Полуфабрикаты');
    expect(lesson.href).toMatch(/^\/education\/[\w-]+\/[\w-]+$/);
    expect(lesson.subtitle).toMatch(/^Курс «.+»$/);
    expect(titles(await search(suite.bob, 'полуфабрикаты')).lessons).toContain('Полуфабрикаты');
  });

  it('kinds: only the asked ones; an unknown kind is a 422 with a Russian message', async () => {
    const a = await search(suite.alice, 'договор', { kinds: ['folders'] });
    expect(titles(a)).toEqual({ folders: ['Договоры 2026'] });
    expect(a.kinds.map((k) => k.kind)).toEqual(expect.arrayContaining([...DATA, 'calculators', 'lessons']));
    const bad = await callProduct<{ msg: string; code: string }>(suite.ctx, suite.alice, 'search/query', { q: 'стол', kinds: ['planets'] });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.msg).toContain('Неизвестный вид');
    expect((await callProduct(suite.ctx, null, 'search/query', { q: 'стол' })).status).toBe(401);
    expect(table).toBeTruthy();
  });
});
