// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@/lib/domain/requisites/csv';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { readXlsx } from '@/lib/server/office/xlsx';
import { readBook } from '../../helpers/xlsx-read';
import { services } from '@/lib/server/gateway/services';
import type { Company } from '@/lib/schemas/companies';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { ownWorkshop, sberbank } from './fixtures';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

const post = async (u: TestUser, path: string, body: unknown) => {
  const res = await dispatch(
    services.product,
    new Request(`http://localhost/api/v1/${path}`, { method: 'POST', headers: u.headers, body: JSON.stringify(body) }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const exportCsv = (u: TestUser | null, query = '', cookie = false) =>
  dispatch(
    services.product,
    new Request(`http://localhost/api/v1/companies/export${query}`, {
      headers: u ? (cookie ? { cookie: `accessToken=${u.accessToken}` } : { authorization: `Bearer ${u.accessToken}` }) : {},
    }),
    ctx,
  );

describe(`companies CSV (${testDriver()})`, () => {
  it('exports the filtered list as Excel-friendly CSV, by cookie too', async () => {
    await post(user, 'companies/create', sberbank);
    await post(user, 'companies/create', ownWorkshop);
    const res = await exportCsv(user, '?scope=counterparties', true);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%D0%9A%D0%BE%D0%BC%D0%BF%D0%B0%D0%BD%D0%B8%D0%B8.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\ufeffСвоя;Вид;Полное наименование;')).toBe(true);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 6)).toEqual(['Нет', 'ЮЛ', sberbank.fullName, 'ПАО Сбербанк', '7707083893', '773601001']);
    expect(rows[1]!.slice(-4)).toEqual(['044525225', 'ПАО Сбербанк', '30101810400000000225', '40702810938000012345']);
    expect((await exportCsv(null)).status).toBe(401);
    expect((await exportCsv(user, '?scope=nobody')).status).toBe(422);
  });

  it('imports its own export into another account unchanged', async () => {
    const text = await (await exportCsv(user)).text();
    const other = await createTestUser(ctx);
    const r = await post(other, 'companies/import', { csv: text });
    expect(r.body).toMatchObject({ ok: true, created: 2, msg: 'Загружено компаний: 2.' });
    const mine = (await post(user, 'companies/list', {})).body.companies as Company[];
    const theirs = (await post(other, 'companies/list', {})).body.companies as Company[];
    const strip = (c: Company) => ({ ...c, id: '', createdAt: '', updatedAt: '', costing: null });
    expect(theirs.map(strip)).toEqual(mine.map(strip));
  });

  it('exports XLSX and imports it back', async () => {
    const res = await exportCsv(user, '?format=xlsx&sort=inn');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const book = Buffer.from(await res.arrayBuffer());
    const rows = await readXlsx(book);
    expect(rows[0]!.slice(0, 3)).toEqual(['Своя', 'Вид', 'Полное наименование']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['500100732259', '7707083893']);
    // Presentable: text cells, a bold frozen header, columns wide enough for the text, A4 landscape fitted to the width.
    const wb = await readBook(book);
    const ws = wb.getWorksheet('Компании')!;
    expect(ws.getCell('E2').value).toBe('500100732259');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1 });
    // The header wraps (its longest word must fit); the data must fit on one line.
    for (let c = 1; c <= rows[0]!.length; c++) {
      const headerWord = Math.max(...rows[0]![c - 1]!.split(/\s+/).map((w) => w.length));
      const longest = Math.max(headerWord, ...rows.slice(1).map((r) => (r[c - 1] ?? '').length));
      expect(ws.getColumn(c).width, rows[0]![c - 1]).toBeGreaterThanOrEqual(Math.min(longest, 60));
    }
    const other = await createTestUser(ctx);
    const r = await post(other, 'companies/import', { xlsx: book.toString('base64') });
    expect(r.body).toMatchObject({ ok: true, created: 2 });
    const names = ((await post(other, 'companies/list', { sort: 'inn' })).body.companies as Company[]).map((c) => c.inn);
    expect(names).toEqual(['500100732259', '7707083893']);
    const bad = await post(other, 'companies/import', { xlsx: Buffer.from('not a book').toString('base64') });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('Файл не похож на книгу Excel (XLSX) или повреждён.');
    const both = await post(other, 'companies/import', { csv: 'a', xlsx: 'YQ==' });
    expect(both.status).toBe(422);
  });

  it('reads comma CSV with headers in any order, restores zeros Excel dropped, infers the kind', async () => {
    const u = await createTestUser(ctx);
    const csv = [
      'ИНН,Наименование,БИК,К/с,Р/с',
      '7707083893,"ПАО ""Сбербанк""",44525225,30101810400000000225,40702810938000012345',
      '500100732259,Иванов Иван Иванович,,,',
    ].join('\n');
    const r = await post(u, 'companies/import', { csv });
    expect(r.body).toMatchObject({ ok: true, created: 2 });
    const list = (await post(u, 'companies/list', { sort: 'inn' })).body.companies as Company[];
    expect(list.map((c) => [c.kind, c.fullName, c.taxRegime, c.bankAccounts[0]?.bik ?? ''])).toEqual([
      ['person', 'Иванов Иван Иванович', 'none', ''],
      ['legal', 'ПАО "Сбербанк"', 'osno', '044525225'],
    ]);
  });

  it('saves nothing when a row is wrong and names the lines and columns', async () => {
    const u = await createTestUser(ctx);
    const csv = [
      'Вид;Полное наименование;ИНН;КПП;БИК;Корр. счёт;Расчётный счёт',
      'ЮЛ;ООО «Верная»;7736207543;770401001;;;',
      'ЮЛ;ООО «Ошибка»;7707083894;773601001;;;',
      'Инопланетянин;;;;044525225;30101810400000000226;1',
    ].join('\r\n');
    const r = await post(u, 'companies/import', { csv });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('Ничего не загружено: ошибки в строках 3, 4. Исправьте файл и загрузите его снова.');
    expect(r.body.errors).toEqual([
      { line: 3, fields: { ИНН: 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.' } },
      {
        line: 4,
        fields: {
          Вид: 'Выберите вид: организация, ИП или физическое лицо.',
          'Полное наименование': 'Укажите полное наименование.',
        },
      },
    ]);
    expect((await post(u, 'companies/list', {})).body.total).toBe(0);
  });

  it('refuses a file without the name column, an empty file and a broken quote', async () => {
    const u = await createTestUser(ctx);
    const noName = await post(u, 'companies/import', { csv: 'ИНН;КПП\n7707083893;773601001' });
    expect(noName.status).toBe(422);
    expect(noName.body.msg).toMatch(/Полное наименование/);
    expect((await post(u, 'companies/import', { csv: 'Полное наименование\n' })).body.msg).toBe('В файле нет ни одной компании.');
    expect((await post(u, 'companies/import', { csv: 'Полное наименование\n"ООО' })).body.msg).toBe(
      'В файле CSV не закрыта кавычка — проверьте файл.',
    );
  });
});
