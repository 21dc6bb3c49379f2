import { type CheckResult, cleanRequisite, digitsProblem, fail, modOf, ok } from './result';

/**
 * ОГРН: 13 digits, the first is 1 or 5; check digit = (first 12 digits mod 11) mod 10.
 */
export function validateOgrn(raw: string): CheckResult {
  const value = cleanRequisite(raw);
  if (/^\d{15}$/.test(value)) {
    return fail(value, 'ОГРН организации состоит из 13 цифр; 15 цифр — это ОГРНИП индивидуального предпринимателя.');
  }
  const problem = digitsProblem(value, 'ОГРН', [13]);
  if (problem) return fail(value, problem);
  if (value[0] !== '1' && value[0] !== '5') return fail(value, 'ОГРН начинается с цифры 1 или 5.');
  if (modOf(value.slice(0, 12), 11) % 10 !== Number(value[12])) {
    return fail(value, 'Неверное контрольное число ОГРН — проверьте, нет ли опечатки.');
  }
  return ok(value, 'ОГРН верный.');
}

/**
 * ОГРНИП: 15 digits, the first is 3; check digit = (first 14 digits mod 13) mod 10 —
 * remainders 10, 11 and 12 give 0, 1 and 2 (python-stdnum gets 11 and 12 wrong).
 */
export function validateOgrnip(raw: string): CheckResult {
  const value = cleanRequisite(raw);
  if (/^\d{13}$/.test(value)) {
    return fail(value, 'ОГРНИП состоит из 15 цифр; 13 цифр — это ОГРН организации.');
  }
  const problem = digitsProblem(value, 'ОГРНИП', [15]);
  if (problem) return fail(value, problem);
  if (value[0] !== '3') return fail(value, 'ОГРНИП начинается с цифры 3.');
  if (modOf(value.slice(0, 14), 13) % 10 !== Number(value[14])) {
    return fail(value, 'Неверное контрольное число ОГРНИП — проверьте, нет ли опечатки.');
  }
  return ok(value, 'ОГРНИП верный.');
}
