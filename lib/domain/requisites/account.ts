import { isBankOfRussiaBik, validateBik } from './bik';
import { type CheckResult, cleanRequisite, digitsProblem, fail, ok } from './result';

const WEIGHTS = [7, 1, 3] as const;

/** Σ(d·w) mod 10 over the 23 digits with the weights 7 1 3 repeated — 0 means the key is right. */
export function accountKeySum(prefix3: string, account20: string): number {
  const digits = prefix3 + account20;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += ((Number(digits[i]) * (WEIGHTS[i % 3] as number)) % 10);
  return sum % 10;
}

/** Checks the БИК that comes with an account; returns the cleaned БИК or a failure. */
function bikFor(rawBik: string | undefined, value: string): string | CheckResult | undefined {
  if (rawBik === undefined || cleanRequisite(rawBik) === '') return undefined;
  const bik = validateBik(rawBik);
  if (!bik.valid) return fail(value, `Счёт не проверить: ${lowerFirst(bik.msg)}`);
  return bik.value;
}

/** «Укажите…» → «укажите…», but «БИК…» stays an abbreviation. */
const lowerFirst = (s: string) => (/^.[А-ЯЁA-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/** «03…» — a казначейский счёт: 20 digits, no key. */
const isTreasuryAccount = (account: string): boolean => /^03\d{18}$/.test(account);

/**
 * Расчётный (or any client) счёт against its БИК: 20 digits; key over
 * BIK[7..9] + account (for an account in the Bank of Russia: "0" + BIK[5..6] + account), weights 7 1 3.
 * Казначейские счета «03…» have no key and are checked by length only. Without a БИК only the format
 * is checked, and the message says so.
 */
export function validateAccount(raw: string, rawBik?: string): CheckResult {
  const value = cleanRequisite(raw);
  const problem = digitsProblem(value, 'Номер счёта', [20]);
  if (problem) return fail(value, problem);
  if (/^0+$/.test(value)) return fail(value, 'Номер счёта не может состоять из одних нулей.');
  if (isTreasuryAccount(value)) return ok(value, 'Казначейский счёт: формат верный (контрольного ключа у него нет).');
  const bik = bikFor(rawBik, value);
  if (typeof bik === 'object') return bik;
  if (bik === undefined) return ok(value, 'Формат счёта верный; ключ проверяется вместе с БИК — укажите БИК.');
  const prefix = isBankOfRussiaBik(bik) ? `0${bik.slice(4, 6)}` : bik.slice(6, 9);
  if (accountKeySum(prefix, value) !== 0) {
    return fail(value, 'Номер счёта не сходится с БИК по контрольному ключу — проверьте счёт и БИК.');
  }
  return ok(value, 'Счёт верный.');
}

/**
 * Корреспондентский счёт against its БИК: 20 digits starting with 30101, key over
 * "0" + BIK[5..6] + account, and the last 3 digits equal to BIK[7..9]. In the same slot the Treasury's
 * ЕКС (40102…) is checked the same way, without the tail rule.
 */
export function validateCorrAccount(raw: string, rawBik?: string): CheckResult {
  const value = cleanRequisite(raw);
  const problem = digitsProblem(value, 'Корреспондентский счёт', [20]);
  if (problem) return fail(value, problem);
  const isEks = value.startsWith('40102');
  if (!value.startsWith('30101') && !isEks) {
    return fail(value, 'Корреспондентский счёт начинается с 30101 (единый казначейский счёт — с 40102).');
  }
  const bik = bikFor(rawBik, value);
  if (typeof bik === 'object') return bik;
  if (bik === undefined) {
    return ok(value, 'Формат корреспондентского счёта верный; ключ проверяется вместе с БИК — укажите БИК.');
  }
  if (!isEks && value.slice(17) !== bik.slice(6)) {
    return fail(value, `Последние 3 цифры корреспондентского счёта должны совпадать с последними 3 цифрами БИК (${bik.slice(6)}).`);
  }
  if (accountKeySum(`0${bik.slice(4, 6)}`, value) !== 0) {
    return fail(value, 'Корреспондентский счёт не сходится с БИК по контрольному ключу — проверьте счёт и БИК.');
  }
  return ok(value, isEks ? 'Единый казначейский счёт верный.' : 'Корреспондентский счёт верный.');
}
