import { type CheckResult, cleanRequisite, digitsProblem, fail, ok, weightedSum } from './result';

const WEIGHTS = [9, 8, 7, 6, 5, 4, 3, 2, 1] as const;

/** СНИЛС control number of the first 9 digits. */
export function snilsControl(first9: string): number {
  const s = weightedSum(first9, WEIGHTS);
  if (s < 100) return s;
  if (s === 100 || s === 101) return 0;
  const r = s % 101;
  return r === 100 ? 0 : r;
}

/**
 * СНИЛС `XXX-XXX-XXX YY`: 11 digits; the control number YY is checked for numbers above
 * 001-001-998 (older numbers were issued without it).
 */
export function validateSnils(raw: string): CheckResult {
  const value = cleanRequisite(raw);
  const problem = digitsProblem(value, 'СНИЛС', [11]);
  if (problem) return fail(value, problem);
  if (/^0+$/.test(value)) return fail(value, 'СНИЛС не может состоять из одних нулей.');
  const number = value.slice(0, 9);
  if (number > '001001998' && snilsControl(number) !== Number(value.slice(9))) {
    return fail(value, 'Неверное контрольное число СНИЛС — проверьте, нет ли опечатки.');
  }
  return ok(value, 'СНИЛС верный.');
}

/** `11223344595` → `112-233-445 95` (NBSP-free ordinary space). */
export function formatSnils(value: string): string {
  const v = cleanRequisite(value);
  if (!/^\d{11}$/.test(v)) return value;
  return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6, 9)} ${v.slice(9)}`;
}
