import { type CheckResult, cleanRequisite, digitsProblem, fail, ok, weightedSum } from './result';

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

const check = (digits: string, weights: readonly number[]) => (weightedSum(digits, weights) % 11) % 10;

/** Who the ИНН should belong to: an organisation (10 digits) or a person / ИП (12 digits). */
export type InnOwner = 'organization' | 'person';

/**
 * ИНН: 10 digits with one check digit (организация) or 12 with two (ИП, физлицо).
 * All-zero numbers and the non-existent tax office region «00» are refused even though the sums pass.
 */
export function validateInn(raw: string, owner?: InnOwner): CheckResult {
  const value = cleanRequisite(raw);
  const lengths = owner === 'organization' ? [10] : owner === 'person' ? [12] : [10, 12];
  const problem = digitsProblem(value, 'ИНН', lengths);
  if (problem) {
    if (owner && /^\d+$/.test(value) && (value.length === 10 || value.length === 12)) {
      return fail(
        value,
        owner === 'organization'
          ? 'ИНН организации состоит из 10 цифр; 12 цифр — это ИНН ИП или физического лица.'
          : 'ИНН ИП или физического лица состоит из 12 цифр; 10 цифр — это ИНН организации.',
      );
    }
    return fail(value, problem);
  }
  if (/^0+$/.test(value)) return fail(value, 'ИНН не может состоять из одних нулей.');
  if (value.startsWith('00')) return fail(value, 'ИНН не может начинаться с «00»: такого кода налогового органа нет.');
  if (value.length === 10) {
    if (check(value, W10) !== Number(value[9])) {
      return fail(value, 'Неверное контрольное число ИНН — проверьте, нет ли опечатки.');
    }
    return ok(value, 'ИНН организации верный.');
  }
  if (check(value, W11) !== Number(value[10]) || check(value, W12) !== Number(value[11])) {
    return fail(value, 'Неверные контрольные цифры ИНН — проверьте, нет ли опечатки.');
  }
  return ok(value, 'ИНН верный.');
}
