import { type CheckResult, cleanRequisite, digitsProblem, fail, ok } from './result';

/**
 * БИК: 9 digits starting with 0 — «04…» for banks, «00…»/«01…» for the Treasury's ТОФК.
 * There is no check digit.
 */
export function validateBik(raw: string): CheckResult {
  const value = cleanRequisite(raw);
  const problem = digitsProblem(value, 'БИК', [9]);
  if (problem) return fail(value, problem);
  if (value[0] !== '0') return fail(value, 'БИК начинается с цифры 0 (у банков — с «04»).');
  if (/^0+$/.test(value)) return fail(value, 'БИК не может состоять из одних нулей.');
  return ok(value, 'БИК верный.');
}

/** An account held directly in the Bank of Russia (its units have bank numbers 000–002). */
export const isBankOfRussiaBik = (bik: string): boolean => /^\d{6}00[0-2]$/.test(bik);
