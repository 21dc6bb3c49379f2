// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { listRateRows } from '@/lib/server/services/calculators/rates';
import { moscowToday } from '@/lib/domain/format/date';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { keyRateBook, workingDays } from '../../helpers/key-rate-xlsx';

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestUser(ctx, { roles: ['admin'] });
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

type Answer = { status: number; body: Record<string, unknown> & { fields?: Record<string, string>; code?: string; msg?: string } };

async function call(who: TestUser | null, path: string, body: unknown): Promise<Answer> {
  const res = await dispatch(
    services.product,
    new Request(`http://localhost/api/v1/${path}`, { method: 'POST', headers: who ? who.headers : { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The export for 02.02–10.04.2026 with two decisions the migrations do not insert (23.03 → 15 %, 06.04 → 14,5 %). */
const xlsx = keyRateBook([
  ['Дата', 'Ставка'],
  ...workingDays('2026-02-02', '2026-04-10', [
    ['2025-12-22', '16'],
    ['2026-02-16', '15.5'],
    ['2026-03-23', '15'],
    ['2026-04-06', '14.5'],
  ]).map(([d, r]) => [{ date: d }, r.replace('.', ',')]),
]).toString('base64');

describe(`calculators/rates/import-key-rate (${testDriver()})`, () => {
  it('only an admin may import', async () => {
    expect((await call(null, 'calculators/rates/import-key-rate', { xlsx })).status).toBe(401);
    const r = await call(user, 'calculators/rates/import-key-rate', { xlsx });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('Менять таблицы ставок может только администратор.');
  });

  it('a preview shows the change points and adds nothing; apply adds the new ones; a second import adds nothing', async () => {
    const preview = await call(admin, 'calculators/rates/import-key-rate', { xlsx });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ newCount: 2, inserted: 0 });
    expect((preview.body.changes as { effectiveFrom: string; value: string; status: string }[]).map((c) => [c.effectiveFrom, c.value, c.status])).toEqual([
      ['2026-02-02', '16', 'same'],
      ['2026-02-16', '15.5', 'same'],
      ['2026-03-23', '15', 'new'],
      ['2026-04-06', '14.5', 'new'],
    ]);
    expect((await listRateRows(ctx.db, 'key_rate')).length).toBe(62);

    const input = { debt: '300000', dueDate: '2026-03-20', paymentDate: '2026-03-26', payer: 'individual' };
    const before = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    expect((before.body.result as { amount: string }).amount).toBe('930.00'); // 300 000 × 15,5 % × 6 / 300

    const applied = await call(admin, 'calculators/rates/import-key-rate', { xlsx, apply: true });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ inserted: 2, msg: 'Добавлено строк: 2' });
    const rows = await listRateRows(ctx.db, 'key_rate');
    expect(rows).toHaveLength(64);
    const today = moscowToday().split('-').reverse().join('.');
    expect(rows.slice(-2)).toMatchObject([
      { effectiveFrom: '2026-03-23', value: '15', source: `Решение Совета директоров Банка России о ключевой ставке с 23.03.2026 (по таблице Банка России «Ключевая ставка», загружена ${today})`, createdBy: admin.user.id },
      { effectiveFrom: '2026-04-06', value: '14.5', source: `Решение Совета директоров Банка России о ключевой ставке с 06.04.2026 (по таблице Банка России «Ключевая ставка», загружена ${today})` },
    ]);
    // 21–22.03 at 15,5 % and 23–26.03 at 15 %: 300 000 / 300 × (15,5 % × 2 + 15 % × 4) = 310 + 600
    const after = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    expect((after.body.result as { amount: string }).amount).toBe('910.00');
    // Each period cites its own decision: the seeded one, then the imported row's.
    expect((after.body.sources as string[]).filter((t) => t.startsWith('Решение Совета директоров'))).toEqual([
      'Решение Совета директоров Банка России от 13.02.2026',
      `Решение Совета директоров Банка России о ключевой ставке с 23.03.2026 (по таблице Банка России «Ключевая ставка», загружена ${today})`,
    ]);

    const again = await call(admin, 'calculators/rates/import-key-rate', { xlsx, apply: true });
    expect(again.body).toMatchObject({ newCount: 0, inserted: 0 });
    expect((await listRateRows(ctx.db, 'key_rate')).length).toBe(64);
  });

  it('a file that is not the table → 422 with a Russian message', async () => {
    const notXlsx = await call(admin, 'calculators/rates/import-key-rate', { xlsx: Buffer.from('просто текст').toString('base64') });
    expect(notXlsx.status).toBe(422);
    expect(notXlsx.body).toMatchObject({ code: 'VALIDATION_ERROR', msg: 'Файл не похож на книгу Excel (XLSX) или повреждён.', fields: { xlsx: 'Файл не похож на книгу Excel (XLSX) или повреждён.' } });
    const other = await call(admin, 'calculators/rates/import-key-rate', { xlsx: keyRateBook([['Наименование', 'Цена'], ['Болт', '5']]).toString('base64') });
    expect(other.status).toBe(422);
    expect(other.body.msg).toMatch(/^В листе нет заголовка «Дата» \| «Ставка»/);
    const badRate = await call(admin, 'calculators/rates/import-key-rate', { xlsx: keyRateBook([['Дата', 'Ставка'], ['01.04.2026', 'нет']]).toString('base64') });
    expect(badRate.body.msg).toBe('Строка 2: «нет» — не ставка в процентах.');
    const empty = await call(admin, 'calculators/rates/import-key-rate', { xlsx: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toEqual({ xlsx: 'Файл пустой.' });
  });
});
