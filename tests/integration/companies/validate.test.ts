// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.destroy();
});

const validate = async (body: unknown) => {
  const res = await dispatch(
    services.product,
    new Request('http://localhost/api/v1/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe(`POST /api/v1/validate (${testDriver()})`, () => {
  it.each([
    ['inn', '7707083893', undefined],
    ['inn', '500100732259', undefined],
    ['kpp', '773601001', undefined],
    ['ogrn', '1027700132195', undefined],
    ['ogrnip', '304500116000157', undefined],
    ['bik', '044525225', undefined],
    ['account', '40702810900000002851', '044030827'],
    ['corrAccount', '30101810400000000225', '044525225'],
    ['corrAccount', '40102810445370000059', '017003983'],
    ['snils', '112-233-445 95', undefined],
  ])('%s %s is valid', async (kind, value, bik) => {
    const r = await validate({ kind, value, bik });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, valid: true });
    expect(typeof r.body.msg).toBe('string');
  });

  it.each([
    ['inn', '7707083894', 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.'],
    ['inn', '0000000000', 'ИНН не может состоять из одних нулей.'],
    ['ogrn', '1027700132196', 'Неверное контрольное число ОГРН — проверьте, нет ли опечатки.'],
    ['snils', '010-242-368 00', 'Неверное контрольное число СНИЛС — проверьте, нет ли опечатки.'],
  ])('%s %s is invalid with a Russian reason (still 200 ok)', async (kind, value, msg) => {
    const r = await validate({ kind, value });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, valid: false, value: value.replace(/[- ]/g, ''), msg });
  });

  it('checks accounts against the БИК', async () => {
    const bad = await validate({ kind: 'account', value: '40702810000000002851', bik: '044030827' });
    expect(bad.body).toMatchObject({ valid: false, msg: 'Номер счёта не сходится с БИК по контрольному ключу — проверьте счёт и БИК.' });
    const otherBank = await validate({ kind: 'corrAccount', value: '30101810400000000225', bik: '044525974' });
    expect(otherBank.body).toMatchObject({ valid: false });
    expect(otherBank.body.msg).toMatch(/974/);
  });

  it('accepts numbers as JSON numbers and strips spaces', async () => {
    const r = await validate({ kind: 'inn', value: 7707083893 });
    expect(r.body).toMatchObject({ valid: true, value: '7707083893' });
    const spaced = await validate({ kind: 'bik', value: '04 45 25 225' });
    expect(spaced.body).toMatchObject({ valid: true, value: '044525225' });
  });

  it('an unknown kind or missing value is a 422 with field messages', async () => {
    const r = await validate({ kind: 'iban', value: 'x' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect((r.body.fields as Record<string, string>).kind).toMatch(/Укажите вид реквизита/);
    const none = await validate({ kind: 'inn' });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.fields as object)).toEqual(['value']);
  });
});
