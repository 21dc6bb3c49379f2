/**
 * Russian plural forms of a noun after a number: «1 год», «2 года», «5 лет», «21 день», «11 дней»,
 * «1,5 года». The one helper every count shown to a user goes through.
 */

/** Forms for 1, 2–4 and 5+ (e.g. год, года, лет). */
export type Forms = readonly [one: string, few: string, many: string];

/**
 * The form for a count: 1, 21, 101 → [0]; 2–4, 22–24 → [1]; 0, 5–20, 11–14, 111 → [2], by the last two digits.
 * A fraction (`1.5`, `"2,25"`) takes [1] («1,5 года», «0,5 дня») — the genitive singular, as Russian says it.
 * Accepts numbers, bigints and decimal strings (dot or comma); the sign is ignored.
 */
export function plural(n: bigint | number | string, forms: Forms): string {
  if (typeof n === 'number' && !Number.isInteger(n)) return Number.isFinite(n) ? forms[1] : forms[2];
  let digits: string;
  if (typeof n === 'string') {
    const m = /^\s*[-\u2212]?(\d*)(?:[.,](\d*))?\s*$/.exec(n.replace(/[\s\u00a0\u202f]/g, ''));
    if (!m) return forms[2];
    if (m[2] && /[1-9]/.test(m[2])) return forms[1];
    digits = m[1] || '0';
  } else {
    digits = (typeof n === 'bigint' ? n : BigInt(n)).toString().replace('-', '');
  }
  const n100 = Number(digits.slice(-2));
  const n10 = n100 % 10;
  if (n100 >= 11 && n100 <= 14) return forms[2];
  if (n10 === 1) return forms[0];
  if (n10 >= 2 && n10 <= 4) return forms[1];
  return forms[2];
}

/** `5 лет`, `21 день`: the count as given (already formatted or a plain number) and its noun. */
export function countOf(n: bigint | number | string, forms: Forms, shown: string = String(n)): string {
  return `${shown} ${plural(n, forms)}`;
}

/** Nouns the app counts. */
export const HOURS: Forms = ['час', 'часа', 'часов'];
export const DAYS: Forms = ['день', 'дня', 'дней'];
export const MONTHS: Forms = ['месяц', 'месяца', 'месяцев'];
export const YEARS: Forms = ['год', 'года', 'лет'];
export const ROWS: Forms = ['строка', 'строки', 'строк'];
export const LESSONS: Forms = ['урок', 'урока', 'уроков'];
export const MINUTES: Forms = ['минута', 'минуты', 'минут'];
