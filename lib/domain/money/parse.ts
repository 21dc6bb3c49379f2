import { Dec } from './decimal';

/** Why a value is not a number we accept; the Russian text is fit to show under a field. */
type ParseFailure = { ok: false; reason: 'empty' | 'format' | 'places'; message: string };
export type ParseResult = { ok: true; value: Dec } | ParseFailure;

// Spaces a user or a spreadsheet may put between digit groups: space, NBSP, narrow NBSP, thin space, apostrophe.
const GROUPING = /[\s\u00a0\u202f\u2009\u2007']/g;
const NUMBER = /^-?(\d+)(?:\.(\d+))?$/;

const fail = (reason: ParseFailure['reason'], message: string): ParseFailure => ({ ok: false, reason, message });

/**
 * Reads a number off the wire or a form: a JSON number (`1234.5`) or a string with a dot or a comma
 * and optional digit grouping (`"1 234,56"`, `"1234.56"`, `"-5"`, `"−5"`). No exponents, no "1.234,56".
 * `maxPlaces` rejects more decimals (money: 2).
 */
export function parseDecimal(input: unknown, maxPlaces?: number): ParseResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return fail('format', 'Введите число.');
    // The shortest round-trip form of a JSON number: 0.1 → "0.1", 1e21 → exponent (refused below).
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else if (input === null || input === undefined) {
    return fail('empty', 'Заполните поле.');
  } else {
    return fail('format', 'Введите число.');
  }
  text = text.replace(GROUPING, '').replace(/^[\u2212\u2013]/, '-');
  if (text === '') return fail('empty', 'Заполните поле.');
  if ((text.match(/,/g) ?? []).length + (text.match(/\./g) ?? []).length > 1) {
    return fail('format', 'Введите число: цифры и одна запятая, например 1 234,56.');
  }
  text = text.replace(',', '.');
  const m = NUMBER.exec(text);
  if (!m) return fail('format', 'Введите число: цифры и одна запятая, например 1 234,56.');
  const places = m[2]?.length ?? 0;
  if (maxPlaces !== undefined && places > maxPlaces) {
    return fail(
      'places',
      maxPlaces === 0
        ? 'Введите целое число.'
        : maxPlaces === 2
          ? 'Не больше двух знаков после запятой (копейки).'
          : `Не больше ${maxPlaces} знаков после запятой.`,
    );
  }
  return { ok: true, value: new Dec(text) };
}

/** Money from a form or the wire: at most two decimals. */
export const parseMoney = (input: unknown): ParseResult => parseDecimal(input, 2);
