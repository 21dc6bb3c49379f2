// @vitest-environment node
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/lib/server/db/rows';
import { fileObjects } from '@/lib/server/db/schema';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import type { TestContext } from '../../helpers/context';
import { call, createHarness, ok, upload, users, type FileObj, type Harness } from './harness';

describe(`one name per folder (${testDriver()})`, () => {
  let h: Harness;
  let ctx: TestContext;
  let a: TestUser;
  beforeAll(async () => {
    h = await createHarness('disk');
    ctx = h.ctx;
    [a] = (await users(ctx, 1)) as [TestUser];
  });
  afterAll(async () => {
    await h.close();
  });

  const folder = async (name: string, root?: string) =>
    (await ok<{ object: FileObj }>(ctx, a, 'createFolder', { name, root, type: 'documents' })).object;

  it('refuses a second folder of the same name (case and ё = е ignored), at the top level and inside', async () => {
    const top = await folder('Ёлка');
    for (const name of ['Ёлка', 'ёлка', 'ЕЛКА']) {
      const r = await call(ctx, a, 'createFolder', { name, type: 'documents' });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'NAME_TAKEN', msg: 'В этой папке уже есть «Ёлка».', suggested: `${name} (2)` });
      expect((r.body.existing as { id: string }).id).toBe(top.id);
    }
    // Another type, another folder: free.
    expect((await call(ctx, a, 'createFolder', { name: 'Ёлка', type: 'specifications' })).status).toBe(200);
    await folder('Ёлка', top.id);
    expect((await call(ctx, a, 'createFolder', { name: 'елка', root: top.id })).status).toBe(409);
  });

  it('refuses rename and move onto a taken name; renaming to another case of its own name is fine', async () => {
    const dir = await folder('Проекты');
    const one = await upload(ctx, a, 'план.docx', Buffer.from('1'), { root: dir.id });
    const two = await upload(ctx, a, 'бюджет.docx', Buffer.from('2'), { root: dir.id });
    const rename = await call(ctx, a, 'updateAttributes', { id: two.id, name: 'План.docx' });
    expect(rename.status).toBe(409);
    expect(rename.body).toMatchObject({ code: 'NAME_TAKEN', msg: 'В этой папке уже есть «план.docx».', suggested: 'План (2).docx' });
    expect((await ok<{ object: FileObj }>(ctx, a, 'updateAttributes', { id: one.id, name: 'План.docx' })).object.name).toBe('План.docx');

    const loose = await upload(ctx, a, 'ПЛАН.docx', Buffer.from('3'));
    const move = await call(ctx, a, 'updateAttributes', { id: loose.id, root: dir.id });
    expect(move.status).toBe(409);
    expect(move.body.code).toBe('NAME_TAKEN');
    const info = await ok<{ object: FileObj }>(ctx, a, 'getFileInfo', { id: loose.id });
    expect(info.object.root).toBeNull();
  });

  it('refuses an upload and a copy onto a taken name', async () => {
    await upload(ctx, a, 'счёт.pdf', Buffer.from('1'));
    const up = await call(ctx, a, 'createUpload', { name: 'Счет.pdf', type: 'documents', size: 1 });
    expect(up.status).toBe(409);
    expect(up.body).toMatchObject({ code: 'NAME_TAKEN', suggested: 'Счет (2).pdf' });
    const src = await upload(ctx, a, 'копируемый.txt', Buffer.from('к'));
    const copy = await call(ctx, a, 'copyFile', { id: src.id, name: 'СЧЁТ.pdf' });
    expect(copy.status).toBe(409);
    expect((await call(ctx, a, 'copyFile', { id: src.id, name: 'копируемый (2).txt' })).status).toBe(200);
  });

  it('two parallel creates of one name: one succeeds, the other is 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(ctx, a, 'createFolder', { name: 'Гонка', type: 'documents' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const listed = await ok<{ objects: FileObj[] }>(ctx, a, 'listObjects', { type: 'documents', search: 'гонка' });
    expect(listed.objects).toHaveLength(1);
  });

  it('the unique index refuses a duplicate even past the service checks', async () => {
    const base = { ownerId: a.user.id, type: 'documents', kind: 'folder', parentId: null };
    await ctx.db.insert(fileObjects).values({ ...base, id: 'dup-1', name: 'Индекс', searchName: 'индекс' });
    await expect(ctx.db.insert(fileObjects).values({ ...base, id: 'dup-2', name: 'ИНДЕКС', searchName: 'индекс' })).rejects.toThrow();
  });

  it('migration 0020 numbers the duplicates it finds, so that the index can be made', async () => {
    const text = fs.readFileSync('lib/server/db/migrations/0020_files_trash_unique_names.sql', 'utf8');
    const statements = text.split('--> statement-breakpoint').map((s) => s.trim());
    const renumber = statements.find((s) => s.includes('DO $$'))!;
    const index = statements.find((s) => s.startsWith('CREATE UNIQUE INDEX'))!;
    await ctx.db.execute(sql.raw('drop index files_objects_name_uq'));
    const owner = a.user.id;
    const add = (id: string, name: string, kind = 'file', parentId: string | null = null) =>
      ctx.db.insert(fileObjects).values({ id, ownerId: owner, type: 'templates', kind, parentId, name, searchName: name.toLowerCase().replace(/ё/g, 'е') });
    await add('m-1', 'Отчёт.docx');
    await add('m-2', 'отчет.docx');
    await add('m-3', 'ОТЧЁТ.docx');
    await add('m-4', 'Отчёт (2).docx'); // already taken: the next free number is used
    await add('m-5', 'Папка.v2', 'folder');
    await add('m-6', 'папка.V2', 'folder');
    await add('m-7', '.env');
    await add('m-8', '.ENV');
    await ctx.db.execute(sql.raw(renumber));
    await ctx.db.execute(sql.raw(index));
    const got = await rows<{ id: string; name: string; search_name: string }>(
      ctx.db,
      // Exactly the rows above: a generated id may start with «m-» too (1 in 4 096).
      sql`select id, name, search_name from files_objects where id like 'm-_' order by id`,
    );
    expect(got.map((r) => [r.id, r.name, r.search_name])).toEqual([
      ['m-1', 'Отчёт.docx', 'отчет.docx'],
      ['m-2', 'отчет (3).docx', 'отчет (3).docx'],
      ['m-3', 'ОТЧЁТ (4).docx', 'отчет (4).docx'],
      ['m-4', 'Отчёт (2).docx', 'отчет (2).docx'],
      ['m-5', 'Папка.v2', 'папка.v2'],
      ['m-6', 'папка.V2 (2)', 'папка.v2 (2)'],
      ['m-7', '.env', '.env'],
      ['m-8', '.ENV (2)', '.env (2)'],
    ]);
  });
});
