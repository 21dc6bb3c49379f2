import { validateAccount, validateCorrAccount } from './account';
import { isBankOfRussiaBik, validateBik } from './bik';
import { validateInn } from './inn';
import { validateKpp } from './kpp';
import { validateOgrn, validateOgrnip } from './ogrn';
import { validateOkpo } from './okpo';
import { cleanRequisite } from './result';
import { validateSnils } from './snils';

/** ЮЛ, ИП, физлицо. */
export const COMPANY_KINDS = ['legal', 'entrepreneur', 'person'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const COMPANY_KIND_TITLES: Record<CompanyKind, string> = {
  legal: 'Организация (ЮЛ)',
  entrepreneur: 'Индивидуальный предприниматель',
  person: 'Физическое лицо',
};

export const COMPANY_KIND_SHORT: Record<CompanyKind, string> = { legal: 'ЮЛ', entrepreneur: 'ИП', person: 'Физлицо' };

/** Tax regimes; the codes match the cost engine's, plus НПД and «не применяется» for people. */
export const TAX_REGIMES = ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn', 'npd', 'none'] as const;
export type CompanyTaxRegime = (typeof TAX_REGIMES)[number];

export const TAX_REGIME_TITLES: Record<CompanyTaxRegime, string> = {
  osno: 'ОСНО',
  usn6: 'УСН «доходы» 6 %',
  usn15: 'УСН «доходы − расходы» 15 %',
  'usn-vat5': 'УСН с НДС 5 %',
  'usn-vat7': 'УСН с НДС 7 %',
  ausn: 'АУСН',
  psn: 'ПСН (патент)',
  npd: 'НПД (самозанятый)',
  none: 'Не применяется (физлицо)',
};

/** Which regimes each kind of payer may have. */
export const REGIMES_OF_KIND: Record<CompanyKind, readonly CompanyTaxRegime[]> = {
  legal: ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn'],
  entrepreneur: ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn', 'npd'],
  person: ['none', 'npd'],
};

/**
 * The VAT that follows from the regime: general rates (the percentages come from the dated rate table),
 * the fixed УСН rates 5 % / 7 %, or none (УСН and АУСН exempt, ПСН and НПД outside VAT).
 */
export type RegimeVat = { kind: 'general' } | { kind: 'fixed'; pct: '5' | '7' } | { kind: 'none' };

export function vatOfRegime(regime: CompanyTaxRegime): RegimeVat {
  switch (regime) {
    case 'osno':
      return { kind: 'general' };
    case 'usn-vat5':
      return { kind: 'fixed', pct: '5' };
    case 'usn-vat7':
      return { kind: 'fixed', pct: '7' };
    default:
      return { kind: 'none' };
  }
}

/** «НДС по общим ставкам», «НДС 5 %», «Без НДС». `generalPct` (from the rate table) is added when known. */
export function vatTitle(regime: CompanyTaxRegime, generalPct?: string): string {
  const vat = vatOfRegime(regime);
  if (vat.kind === 'fixed') return `НДС ${vat.pct}\u00a0% (без права на вычет)`;
  if (vat.kind === 'none') return 'Без НДС';
  return generalPct ? `НДС по общим ставкам (${generalPct}\u00a0%)` : 'НДС по общим ставкам';
}

export interface BankAccountRequisites {
  bik: string;
  corrAccount: string;
  account: string;
}

/** A company's card as documents print it: names, реквизиты, addresses, people, contacts, accounts. */
export interface CompanyCard {
  kind: CompanyKind;
  fullName: string;
  shortName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  okpo: string;
  legalAddress: string;
  postalAddress: string;
  directorName: string;
  directorTitle: string;
  accountantName: string;
  phone: string;
  email: string;
  taxRegime: CompanyTaxRegime;
  bankAccounts: readonly (BankAccountRequisites & { bankName: string; isDefault: boolean })[];
}

export interface CompanyRequisites {
  isOwn: boolean;
  kind: CompanyKind;
  inn: string;
  kpp: string;
  ogrn: string;
  okpo: string;
  snils: string;
  taxRegime: CompanyTaxRegime;
  bankAccounts: readonly BankAccountRequisites[];
}

/**
 * Every реквизит of a company checked together, with the rules that depend on the kind: field path
 * (`inn`, `bankAccounts.0.account`) → Russian message. Empty optional fields are fine. The same function
 * runs live in the form and again on the server.
 */
export function companyRequisiteErrors(c: CompanyRequisites): Record<string, string> {
  const errors: Record<string, string> = {};
  const filled = (v: string) => cleanRequisite(v) !== '';
  const put = (path: string, r: { valid: boolean; msg: string }) => {
    if (!r.valid) errors[path] = r.msg;
  };

  if (filled(c.inn)) put('inn', validateInn(c.inn, c.kind === 'legal' ? 'organization' : 'person'));
  else if (c.kind !== 'person' || c.isOwn) errors.inn = 'Укажите ИНН.';

  if (filled(c.kpp)) {
    if (c.kind === 'legal') put('kpp', validateKpp(c.kpp));
    else errors.kpp = 'КПП есть только у организаций — оставьте поле пустым.';
  }

  if (filled(c.ogrn)) {
    if (c.kind === 'legal') put('ogrn', validateOgrn(c.ogrn));
    else if (c.kind === 'entrepreneur') put('ogrn', validateOgrnip(c.ogrn));
    else errors.ogrn = 'ОГРН бывает у организаций, ОГРНИП — у ИП; у физического лица оставьте поле пустым.';
  }

  if (filled(c.okpo)) {
    const r = validateOkpo(c.okpo);
    const len = cleanRequisite(c.okpo).length;
    if (!r.valid) errors.okpo = r.msg;
    else if (c.kind === 'legal' && len !== 8) errors.okpo = 'ОКПО организации состоит из 8 цифр.';
    else if (c.kind !== 'legal' && len !== 10) errors.okpo = 'ОКПО ИП или физического лица состоит из 10 цифр.';
  }

  if (filled(c.snils)) {
    if (c.kind === 'legal') errors.snils = 'СНИЛС бывает только у физических лиц и ИП — оставьте поле пустым.';
    else put('snils', validateSnils(c.snils));
  }

  if (!REGIMES_OF_KIND[c.kind].includes(c.taxRegime)) {
    const who = { legal: 'организация', entrepreneur: 'ИП', person: 'физическое лицо' }[c.kind];
    errors.taxRegime = `Режим «${TAX_REGIME_TITLES[c.taxRegime]}» не подходит: ${who} может применять ${REGIMES_OF_KIND[c.kind].map((r) => TAX_REGIME_TITLES[r]).join(', ')}.`;
  }

  c.bankAccounts.forEach((a, i) => {
    const at = `bankAccounts.${i}`;
    const bik = validateBik(a.bik);
    if (!bik.valid) errors[`${at}.bik`] = bik.msg;
    if (!filled(a.account)) errors[`${at}.account`] = 'Укажите номер счёта.';
    else put(`${at}.account`, validateAccount(a.account, bik.valid ? bik.value : undefined));
    if (filled(a.corrAccount)) put(`${at}.corrAccount`, validateCorrAccount(a.corrAccount, bik.valid ? bik.value : undefined));
    else if (bik.valid && bik.value.startsWith('04') && !isBankOfRussiaBik(bik.value)) {
      errors[`${at}.corrAccount`] = 'Укажите корреспондентский счёт банка.';
    }
  });
  return errors;
}

/** The stored form of a реквизит: cleaned; КПП upper-case. */
export const cleanKpp = (v: string): string => cleanRequisite(v).toUpperCase();
