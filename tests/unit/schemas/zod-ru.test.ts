// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '@/lib/schemas/envelope';
import { z } from '@/lib/schemas/classic';

const schema = z.strictObject({
  items: z.array(z.strictObject({ amount: z.string(), qty: z.number().min(1) })).min(1),
  name: z.string().min(1).max(5),
  kind: z.enum(['a', 'b']),
  email: z.email(),
  flag: z.boolean(),
  own: z.string({ error: 'Своё сообщение.' }),
});

const fieldsOf = (input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return issuesToFields(r.error.issues);
};

describe('zod messages are plain Russian', () => {
  it('no English type names, keys or paths in any message', () => {
    const fields = fieldsOf({ items: [{ amount: 1, qty: 0, extra: 1 }], name: 'длинное имя', kind: 'c', email: 'x', flag: 'да', own: 1, more: 2 });
    expect(fields).toEqual({
      'items.0.amount': 'Введите текст.',
      'items.0.qty': 'Введите число не меньше 1.',
      'items.0': 'Лишнее поле в запросе.',
      name: 'Не длиннее 5 символов.',
      kind: 'Выберите одно из допустимых значений.',
      email: 'Введите адрес почты, например name@example.ru.',
      flag: 'Введите да или нет.',
      own: 'Своё сообщение.',
      _: 'Лишнее поле в запросе.',
    });
    for (const msg of Object.values(fields)) {
      expect(msg).not.toMatch(/\b(string|number|boolean|array|object|amount|items|extra|more)\b/);
    }
  });
  it('missing values and empty lists', () => {
    expect(fieldsOf({ items: [], name: '' })).toMatchObject({ items: 'Добавьте хотя бы одну строку.', name: 'Заполните поле.', kind: 'Заполните поле.' });
  });
});
