import type { z } from 'zod';

/**
 * Russian texts for zod's generic issues, shown to users as field messages. Zod's own Russian locale
 * keeps English type names and raw keys («ожидалось string», «Нераспознанные ключи: "items"»); these
 * say the same in plain Russian, never naming a type, a key or a path. Schemas with their own message
 * keep it (zod uses a schema's message first); issues not covered here fall back to the locale.
 */

const WHAT: Record<string, string> = {
  string: 'текст',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'да или нет',
  array: 'список',
  object: 'набор полей',
  date: 'дату',
  file: 'файл',
};

const plural = (n: number, one: string, few: string, many: string) => {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
};

const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : Number(v));
const ru = (n: number) => String(n).replace('.', ',');

function sizeText(issue: { origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean }, small: boolean): string | undefined {
  const limit = num(small ? issue.minimum : issue.maximum);
  if (!Number.isFinite(limit)) return undefined;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1) return 'Заполните поле.';
      return small
        ? `Не короче ${limit} ${plural(limit, 'символа', 'символов', 'символов')}.`
        : `Не длиннее ${limit} ${plural(limit, 'символа', 'символов', 'символов')}.`;
    case 'array':
    case 'set':
      if (small && limit === 1) return 'Добавьте хотя бы одну строку.';
      return small ? `Нужно не меньше ${limit} ${plural(limit, 'строки', 'строк', 'строк')}.` : `Не больше ${limit} ${plural(limit, 'строки', 'строк', 'строк')}.`;
    case 'number':
    case 'int':
    case 'bigint':
      if (small) return inclusive ? `Введите число не меньше ${ru(limit)}.` : `Введите число больше ${ru(limit)}.`;
      return inclusive ? `Введите число не больше ${ru(limit)}.` : `Введите число меньше ${ru(limit)}.`;
    default:
      return undefined;
  }
}

/** The message for a zod issue, or undefined to let the locale speak. */
export function russianIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'Заполните поле.';
      const what = WHAT[issue.expected];
      return what ? `Введите ${what}.` : 'Неверное значение.';
    }
    case 'too_small':
      return sizeText(issue, true);
    case 'too_big':
      return sizeText(issue, false);
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? 'Лишнее поле в запросе.' : 'Лишние поля в запросе.';
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return 'Заполните поле.';
      return 'Выберите одно из допустимых значений.';
    case 'invalid_union':
      return 'Неверное значение.';
    case 'invalid_key':
    case 'invalid_element':
      return 'Неверное значение в списке.';
    case 'invalid_format':
      if (issue.format === 'email') return 'Введите адрес почты, например name@example.ru.';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Неверная ссылка на объект.';
      return 'Неверный формат.';
    case 'not_multiple_of':
      return 'Неверное значение.';
    default:
      return undefined;
  }
}
