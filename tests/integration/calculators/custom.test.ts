// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

const suite = productSuite();

type Answer = { status: number; body: Record<string, unknown> & { fields?: Record<string, string>; code?: string } };
const call = (who: TestUser | null, path: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, who, path, body);

const definition = {
  name: 'Цена с НДС и скидкой',
  inputs: [
    { name: 'цена', label: 'Цена без НДС' },
    { name: 'скидка', label: 'Скидка, %' },
  ],
  formulas: [
    { name: 'соСкидкой', label: 'Цена со скидкой', expr: 'цена * (1 - скидка / 100)', kind: 'money' },
    { name: 'ндс', label: 'НДС 22 %', expr: 'соСкидкой * 22 / 100', kind: 'money' },
    { name: 'итого', label: 'Итого', expr: 'соСкидкой + ндс', kind: 'money' },
  ],
};

describe(`custom calculators (${testDriver()})`, () => {
  it('save, list, run, share by link, delete — per owner', async () => {
    expect((await call(null, 'calculators/custom/list', {})).status).toBe(401);
    const saved = await call(suite.alice, 'calculators/custom/save', definition);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const calc = saved.body.calculator as { id: string; own: boolean; formulas: { kind: string }[] };
    expect(calc.own).toBe(true);

    const list = await call(suite.alice, 'calculators/custom/list', {});
    expect((list.body.calculators as { name: string }[]).map((c) => c.name)).toEqual(['Цена с НДС и скидкой']);
    expect((await call(suite.bob, 'calculators/custom/list', {})).body.calculators).toEqual([]);

    const run = await call(suite.alice, 'calculators/custom/run', { id: calc.id, values: { цена: '1 000,005', скидка: '10' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    // 1 000,005 × 0,9 = 900,0045 → 900,00; НДС 198,00; итого 1 098,00
    expect(run.body.result).toEqual({ соСкидкой: '900.00', ндс: '198.00', итого: '1098.00' });
    expect((run.body.steps as { formula: string }[])[1]!.formula).toBe('соСкидкой * 22 / 100 = 900 × 22 / 100');

    // Bob cannot see it by id, but can by the share link.
    expect((await call(suite.bob, 'calculators/custom/get', { id: calc.id })).status).toBe(404);
    const share = await call(suite.alice, 'calculators/custom/share', { id: calc.id });
    const token = share.body.token as string;
    expect(share.body.link).toMatch(new RegExp(`/calculators/custom/shared/${token}$`));
    const seen = await call(suite.bob, 'calculators/custom/get', { token });
    expect(seen.body.calculator).toMatchObject({ name: 'Цена с НДС и скидкой', own: false, shareToken: null });
    expect((await call(suite.bob, 'calculators/custom/run', { token, values: { цена: '100', скидка: '0' } })).body.result).toMatchObject({ итого: '122.00' });
    expect((await call(suite.bob, 'calculators/custom/save', { ...definition, id: calc.id })).status).toBe(404);
    expect((await call(suite.bob, 'calculators/custom/delete', { id: calc.id })).status).toBe(404);

    expect((await call(suite.alice, 'calculators/custom/delete', { id: calc.id })).status).toBe(200);
    expect((await call(suite.bob, 'calculators/custom/get', { token })).status).toBe(404);
  });

  it('«Добавить в мои калькуляторы»: a shared calculator copied to the recipient\'s own list, once', async () => {
    const carol = await createTestUser(suite.ctx);
    const saved = await call(suite.alice, 'calculators/custom/save', { ...definition, name: 'Для копии' });
    const id = (saved.body.calculator as { id: string }).id;
    const token = (await call(suite.alice, 'calculators/custom/share', { id })).body.token as string;

    expect((await call(null, 'calculators/custom/copy', { token })).status).toBe(401);
    expect((await call(carol, 'calculators/custom/copy', { token: 'x'.repeat(24) })).status).toBe(404);
    expect((await call(carol, 'calculators/custom/copy', {})).status).toBe(422);

    const copied = await call(carol, 'calculators/custom/copy', { token });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body).toMatchObject({ added: true, msg: 'Калькулятор добавлен в ваши' });
    const copy = copied.body.calculator as { id: string; own: boolean; shareToken: string | null; name: string; formulas: unknown };
    expect(copy).toMatchObject({ own: true, shareToken: null, name: 'Для копии', formulas: definition.formulas });
    expect(copy.id).not.toBe(id);

    // Pressing again gives the same copy; the owner gets the original back.
    const again = await call(carol, 'calculators/custom/copy', { token });
    expect(again.body).toMatchObject({ added: false, calculator: { id: copy.id } });
    expect((await call(suite.alice, 'calculators/custom/copy', { token })).body).toMatchObject({ added: false, calculator: { id, own: true } });
    expect((await call(carol, 'calculators/custom/list', {})).body.calculators).toEqual([expect.objectContaining({ id: copy.id, name: 'Для копии' })]);

    // The copy is the recipient's own: runs by id, survives the original, and the original stays untouched.
    expect((await call(carol, 'calculators/custom/run', { id: copy.id, values: { цена: '100', скидка: '0' } })).body.result).toMatchObject({ итого: '122.00' });
    expect((await call(carol, 'calculators/custom/save', { ...definition, name: 'Моя копия', id: copy.id })).status).toBe(200);
    expect((await call(suite.alice, 'calculators/custom/get', { id })).body.calculator).toMatchObject({ name: 'Для копии' });
    expect((await call(suite.alice, 'calculators/custom/delete', { id })).status).toBe(200);
    expect((await call(carol, 'calculators/custom/get', { id: copy.id })).body.calculator).toMatchObject({ name: 'Моя копия', own: true });
  });

  it('bad formulas and inputs → 422 with Russian field messages', async () => {
    const bad = await call(suite.alice, 'calculators/custom/save', {
      ...definition,
      formulas: [
        { name: 'a', label: 'A', expr: 'цена +', kind: 'money' },
        { name: 'b', label: 'B', expr: 'process.exit()', kind: 'money' },
        { name: 'цена', label: 'C', expr: '1', kind: 'money' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({
      'formulas.0.expr': 'Формула обрывается: не хватает числа или имени.',
      'formulas.1.expr': 'Непонятный символ «.» в позиции 8.',
      'formulas.2.name': 'Имя «цена» уже занято.',
    });
    const saved = await call(suite.alice, 'calculators/custom/save', { ...definition, formulas: [{ name: 'x', label: 'X', expr: 'цена / скидка', kind: 'number' }] });
    const id = (saved.body.calculator as { id: string }).id;
    const zero = await call(suite.alice, 'calculators/custom/run', { id, values: { цена: '1', скидка: '0' } });
    expect(zero.status).toBe(422);
    expect(zero.body.fields).toEqual({ 'values.x': 'Формула «X»: Деление на ноль.' });
    const nan = await call(suite.alice, 'calculators/custom/run', { id, values: { цена: 'много', скидка: '1' } });
    expect(nan.body.fields).toEqual({ 'values.цена': 'Введите число: цифры и одна запятая, например 1 234,56.' });
  });
});
