// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { Company } from '@/lib/schemas/companies';
import { CONTROL_MESSAGE, LINE_BREAK_MESSAGE } from '@/lib/schemas/text';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

/**
 * A name, a title, a unit is one line of text: a line break or a control character in it is refused with
 * a Russian 4xx naming the field, whatever the call (a company, a folder, a catalogue item, a process).
 */
const s = productSuite();

const createFolder = async (body: unknown) => {
  const res = await dispatch(
    services.files,
    new Request('http://localhost/file-manager-service/api/v1/createFolder', { method: 'POST', headers: s.alice.headers, body: JSON.stringify(body) }),
    s.ctx,
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const CALLS: Array<[string, (name: string) => Promise<{ status: number; body: Record<string, unknown> }>, string]> = [
  ['company', (name) => callProduct(s.ctx, s.alice, 'companies/create', { kind: 'person', fullName: name }), 'fullName'],
  ['folder', (name) => createFolder({ name, type: 'documents' }), 'name'],
  ['catalogue item', (name) => callProduct(s.ctx, s.alice, 'catalog/items/create', { name, unit: 'шт' }), 'name'],
  ['business process', (name) => callProduct(s.ctx, s.alice, 'business-processes/save', { name, steps: [] }), 'name'],
];

describe(`single-line text fields (${testDriver()})`, () => {
  it.each(CALLS)('a %s name with a line break or a control character is refused in Russian', async (what, send, field) => {
    for (const [name, message] of [
      ['Первая строка\nвторая', LINE_BREAK_MESSAGE],
      ['Первая строка\r\nвторая', LINE_BREAK_MESSAGE],
      ['Звонок\u0007', CONTROL_MESSAGE],
    ] as const) {
      const r = await send(name);
      expect(r.status, JSON.stringify(name)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      const got = (r.body.fields as Record<string, string>)[field];
      expect(got, JSON.stringify(r.body)).toMatch(/[а-яё]/i);
      // The file manager's own name rule words it its way; every other name says what is wrong.
      if (what !== 'folder') expect(got).toBe(message);
    }
    // The same name on one line is taken (trimmed).
    const ok = await send('  Одна строка  ');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('a company import joins a multi-line spreadsheet cell into one line', async () => {
    const csv = 'Полное наименование;Юридический адрес\n"ООО ""Ромашка""";"г. Москва,\nул. Ленина, д. 1"';
    const r = await callProduct(s.ctx, s.bob, 'companies/import', { csv });
    expect(r.body).toMatchObject({ ok: true, created: 1 });
    const list = (await callProduct<{ companies: Company[] }>(s.ctx, s.bob, 'companies/list', {})).body.companies;
    expect(list.map((c) => c.legalAddress)).toEqual(['г. Москва, ул. Ленина, д. 1']);
  });
});
