import { validateAccount, validateCorrAccount } from './account';
import { validateBik } from './bik';
import { validateInn } from './inn';
import { validateKpp } from './kpp';
import { validateOgrn, validateOgrnip } from './ogrn';
import { validateOkpo } from './okpo';
import type { CheckResult } from './result';
import { validateSnils } from './snils';

export { accountKeySum, validateAccount, validateCorrAccount } from './account';
export { validateBik } from './bik';
export { validateInn } from './inn';
export { validateKpp } from './kpp';
export { validateOgrn, validateOgrnip } from './ogrn';
export { validateOkpo } from './okpo';
export { cleanRequisite, type CheckResult } from './result';
export * from './company';
export { formatSnils, snilsControl, validateSnils } from './snils';

/** The kinds `POST /api/v1/validate` accepts. */
export const REQUISITE_KINDS = ['inn', 'kpp', 'ogrn', 'ogrnip', 'okpo', 'bik', 'account', 'corrAccount', 'snils'] as const;
export type RequisiteKind = (typeof REQUISITE_KINDS)[number];

/** One entry point for every реквизит; `bik` is used by `account` and `corrAccount`. */
export function validateRequisite(kind: RequisiteKind, value: string, bik?: string): CheckResult {
  switch (kind) {
    case 'inn':
      return validateInn(value);
    case 'kpp':
      return validateKpp(value);
    case 'ogrn':
      return validateOgrn(value);
    case 'ogrnip':
      return validateOgrnip(value);
    case 'okpo':
      return validateOkpo(value);
    case 'bik':
      return validateBik(value);
    case 'account':
      return validateAccount(value, bik);
    case 'corrAccount':
      return validateCorrAccount(value, bik);
    case 'snils':
      return validateSnils(value);
  }
}
