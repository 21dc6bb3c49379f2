import { type CheckResult, cleanRequisite, digitsProblem, fail, ok } from './result';

/** ОКПО check digit: weights 1, 2, 3…; remainder 10 → again with weights 3, 4, 5…; 10 again → 0. */
function okpoCheck(body: string): number {
  const sum = (start: number) => {
    let s = 0;
    for (let i = 0; i < body.length; i++) s += Number(body[i]) * (((start + i - 1) % 10) + 1);
    return s % 11;
  };
  const first = sum(1);
  if (first < 10) return first;
  const second = sum(3);
  return second < 10 ? second : 0;
}

/** ОКПО: 8 digits (организация) or 10 (ИП), the last one a check digit (Росстат's method). */
export function validateOkpo(raw: string): CheckResult {
  const value = cleanRequisite(raw);
  const problem = digitsProblem(value, 'ОКПО', [8, 10]);
  if (problem) return fail(value, problem);
  if (/^0+$/.test(value)) return fail(value, 'ОКПО не может состоять из одних нулей.');
  if (okpoCheck(value.slice(0, -1)) !== Number(value.slice(-1))) {
    return fail(value, 'Неверное контрольное число ОКПО — проверьте, нет ли опечатки.');
  }
  return ok(value, 'ОКПО верный.');
}
