import { parseDecimal } from '@/lib/domain/money';
import {
  cleanRequisite,
  companyRequisiteErrors,
  REGIMES_OF_KIND,
  type CompanyKind,
} from '@/lib/domain/requisites';
import type { Company, CompanyData } from '@/lib/schemas/companies';
import type { CallInput } from '@/lib/contract';

/** What the company form edits: every value a string as typed. */
export interface AccountForm {
  key: string;
  bik: string;
  bankName: string;
  corrAccount: string;
  account: string;
  isDefault: boolean;
}

type OverheadBase = 'wages' | 'direct' | 'machineHours';

export interface CostingForm {
  additionalWagePct: string;
  contributionsPct: string;
  accidentPct: string;
  shopBase: OverheadBase;
  shopValue: string;
  generalBase: OverheadBase;
  generalValue: string;
  sellingPct: string;
  directCosting: boolean;
  semiFinishedMethod: 'flow' | 'semi';
}

/** The form's state: the stored company's fields, with accounts and costing as editable strings. */
export type CompanyForm = Omit<CompanyData, 'bankAccounts' | 'costing'> & {
  bankAccounts: AccountForm[];
  costing: CostingForm;
};

let seq = 0;
export const newAccount = (isDefault = false): AccountForm => ({
  key: `a${++seq}`,
  bik: '',
  bankName: '',
  corrAccount: '',
  account: '',
  isDefault,
});

const emptyCosting: CostingForm = {
  additionalWagePct: '',
  contributionsPct: '',
  accidentPct: '',
  shopBase: 'wages',
  shopValue: '',
  generalBase: 'wages',
  generalValue: '',
  sellingPct: '',
  directCosting: false,
  semiFinishedMethod: 'flow',
};

export function emptyForm(isOwn = false): CompanyForm {
  return {
    isOwn,
    kind: 'legal',
    fullName: '',
    shortName: '',
    inn: '',
    kpp: '',
    ogrn: '',
    okpo: '',
    snils: '',
    legalAddress: '',
    postalAddress: '',
    directorName: '',
    directorTitle: '',
    accountantName: '',
    phone: '',
    email: '',
    taxRegime: 'osno',
    bankAccounts: [],
    costing: { ...emptyCosting },
  };
}

/** Decimal strings with a dot are shown with a comma. */
const show = (v: string | undefined) => (v ?? '').replace('.', ',');

export function formOf(c: Company): CompanyForm {
  const k = c.costing;
  const poolValue = (p: { base: OverheadBase; pct?: string; rate?: string } | undefined) =>
    show(p?.base === 'machineHours' ? p.rate : p?.pct);
  return {
    ...c,
    bankAccounts: c.bankAccounts.map((a) => ({ ...newAccount(), ...a })),
    costing: k
      ? {
          additionalWagePct: show(k.additionalWagePct),
          contributionsPct: show(k.contributionsPct),
          accidentPct: show(k.accidentPct),
          shopBase: k.shop.base,
          shopValue: poolValue(k.shop),
          generalBase: k.general.base,
          generalValue: poolValue(k.general),
          sellingPct: show(k.sellingPct),
          directCosting: k.directCosting,
          semiFinishedMethod: k.semiFinishedMethod ?? 'flow',
        }
      : { ...emptyCosting },
  };
}

/** The wire body of create/update. */
export function bodyOf(f: CompanyForm): CallInput<'product', 'companies/create'> {
  const { costing: k, bankAccounts, ...rest } = f;
  const pool = (base: OverheadBase, value: string) =>
    base === 'machineHours' ? { base, rate: value } : { base, pct: value };
  return {
    ...rest,
    bankAccounts: bankAccounts.map(({ key: _key, ...a }) => a),
    costing: f.isOwn
      ? {
          additionalWagePct: k.additionalWagePct,
          contributionsPct: k.contributionsPct,
          accidentPct: k.accidentPct,
          shop: pool(k.shopBase, k.shopValue),
          general: pool(k.generalBase, k.generalValue),
          sellingPct: k.sellingPct,
          directCosting: k.directCosting,
          semiFinishedMethod: k.semiFinishedMethod,
        }
      : null,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Live errors of the form, by the wire's field paths: the same реквизит rules as the server
 * (`companyRequisiteErrors`) plus the simple ones (name, e-mail, percentages).
 */
export function formErrors(f: CompanyForm): Record<string, string> {
  const errors: Record<string, string> = companyRequisiteErrors(f);
  if (f.fullName.trim() === '') errors.fullName = 'Укажите полное наименование.';
  if (f.email.trim() !== '' && !EMAIL.test(f.email.trim())) errors.email = 'Неверный адрес электронной почты.';
  if (f.isOwn) {
    const k = f.costing;
    const pct = (path: string, v: string, max = 1000) => {
      if (v.trim() === '') return;
      const r = parseDecimal(v, 4);
      if (!r.ok) errors[path] = r.reason === 'places' ? 'Не больше 4 знаков после запятой.' : r.message;
      else if (r.value.isNegative() || r.value.gt(max)) errors[path] = `Введите число от 0 до ${max}.`;
    };
    pct('costing.additionalWagePct', k.additionalWagePct);
    pct('costing.contributionsPct', k.contributionsPct, 100);
    pct('costing.accidentPct', k.accidentPct, 100);
    pct(k.shopBase === 'machineHours' ? 'costing.shop.rate' : 'costing.shop.pct', k.shopValue, k.shopBase === 'machineHours' ? 100_000_000 : 10_000);
    pct(k.generalBase === 'machineHours' ? 'costing.general.rate' : 'costing.general.pct', k.generalValue, k.generalBase === 'machineHours' ? 100_000_000 : 10_000);
    pct('costing.sellingPct', k.sellingPct);
  }
  return errors;
}

/** When the kind changes, a regime the new kind cannot have falls back to its first one. */
export function withKind(f: CompanyForm, kind: CompanyKind): CompanyForm {
  const regimes = REGIMES_OF_KIND[kind];
  return { ...f, kind, taxRegime: regimes.includes(f.taxRegime) ? f.taxRegime : regimes[0]! };
}

/** Is the ИНН (and КПП) complete enough to ask for duplicates? */
export const innReady = (f: CompanyForm) => [10, 12].includes(cleanRequisite(f.inn).length);
