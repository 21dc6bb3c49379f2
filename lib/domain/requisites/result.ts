/** What every реквизит validator answers: the cleaned value and, when it is wrong, why (in Russian). */
export type CheckResult =
  | { valid: true; value: string; msg: string }
  | { valid: false; value: string; msg: string };

export const ok = (value: string, msg: string): CheckResult => ({ valid: true, value, msg });
export const fail = (value: string, msg: string): CheckResult => ({ valid: false, value, msg });

/**
 * Strips what people paste around реквизиты: spaces (incl. NBSP and narrow NBSP), tabs, line breaks,
 * and every kind of dash. Nothing else is changed — the value stays a string with its leading zeros.
 */
export function cleanRequisite(raw: string): string {
  return raw.replace(/[\s\u00a0\u202f\u2007\u2060\ufeff\-\u2010-\u2015\u2212]/g, '');
}

/** Digits only (after cleaning). */
const isDigits = (s: string): boolean => /^\d+$/.test(s);

/** Σ dᵢ·wᵢ over the first `weights.length` digits. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] as number);
  return sum;
}

/** A long digit string modulo a small number, without floats or BigInt. */
export function modOf(digits: string, m: number): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + Number(ch)) % m;
  return r;
}

/** «1 цифру», «2 цифры», «10 цифр». */
function digitsWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return `${n} цифру`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} цифры`;
  return `${n} цифр`;
}

/** The common opening checks: empty, non-digit characters, wrong length. `null` when all pass. */
export function digitsProblem(value: string, label: string, lengths: readonly number[]): string | null {
  if (value === '') return `Укажите ${label}.`;
  if (!isDigits(value)) return `${label} должен состоять только из цифр.`;
  if (!lengths.includes(value.length)) {
    const want = lengths.map((n) => digitsWord(n)).join(' или ');
    return `${label} должен содержать ${want}, сейчас ${value.length}.`;
  }
  return null;
}
