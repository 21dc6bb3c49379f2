import { type CheckResult, cleanRequisite, fail, ok } from './result';

/**
 * КПП: 9 characters NNNNPPXXX — tax office (4 digits), reason (2 digits or capital Latin
 * letters A–Z, allowed since 2013), sequence number (3 digits). There is no check digit. Lower-case
 * letters are accepted and returned in upper case.
 */
export function validateKpp(raw: string): CheckResult {
  const value = cleanRequisite(raw).toUpperCase();
  if (value === '') return fail(value, 'Укажите КПП.');
  if (value.length !== 9) return fail(value, `КПП должен содержать 9 знаков, сейчас ${value.length}.`);
  if (!/^\d{4}/.test(value)) return fail(value, 'Первые 4 знака КПП — код налогового органа, только цифры.');
  if (!/^\d{4}[\dA-Z]{2}/.test(value)) {
    return fail(value, 'Знаки 5–6 КПП — код причины постановки на учёт: цифры или латинские буквы A–Z.');
  }
  if (!/^\d{4}[\dA-Z]{2}\d{3}$/.test(value)) return fail(value, 'Последние 3 знака КПП — только цифры.');
  if (value.startsWith('0000')) return fail(value, 'КПП не может начинаться с «0000»: такого налогового органа нет.');
  return ok(value, 'КПП верный.');
}
