import { validateAccount, validateCorrAccount } from './account';
import { isBankOfRussiaBik, validateBik } from './bik';
import { validateInn } from './inn';
import { validateKpp } from './kpp';
import { validateOgrn, validateOgrnip } from './ogrn';
import { validateOkpo } from './okpo';
import { cleanRequisite } from './result';
import { validateSnils } from './snils';
import { regimesOf, TAX_REGIME, TAX_REGIME_TITLES, type TaxRegimeId } from '@/lib/domain/tax-regimes';

/** ЮЛ, ИП, физлицо. */
export const COMPANY_KINDS = ['legal', 'entrepreneur', 'person'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const COMPANY_KIND_TITLES: Record<CompanyKind, string> = {
  legal: 'Организация (ЮЛ)',
  entrepreneur: 'Индивидуальный предприниматель',
  person: 'Физическое лицо',
};

export const COMPANY_KIND_SHORT: Record<CompanyKind, string> = { legal: 'ЮЛ', entrepreneur: 'ИП', person: 'Физлицо' };

/** Tax regimes: the one model is lib/domain/tax-regimes. */
export { TAX_REGIMES, TAX_REGIME_TITLES } from '@/lib/domain/tax-regimes';
export type CompanyTaxRegime = TaxRegimeId;

/** Which regimes each kind of payer may have. */
export const REGIMES_OF_KIND: Record<CompanyKind, readonly CompanyTaxRegime[]> = {
  legal: regimesOf('legal'),
  entrepreneur: regimesOf('entrepreneur'),
  person: regimesOf('person'),
};

/**
 * The VAT that follows from the regime: general rates, the УСН payer's reduced rate (its nominal figure
 * here; the figure a calculation uses is the dated row, see `regimeVatPctOn`), or none.
 */
export type RegimeVat = { kind: 'general' } | { kind: 'fixed'; pct: string } | { kind: 'none' };

export function vatOfRegime(regime: CompanyTaxRegime): RegimeVat {
  const r = TAX_REGIME[regime];
  if (r.vat === 'general') return { kind: 'general' };
  if (r.vat === 'reduced') return { kind: 'fixed', pct: r.nominalVatPct! };
  return { kind: 'none' };
}

/**
 * «НДС по общим ставкам (22 %)», «НДС 5 % (без права на вычет)», «Без НДС». `pct` — the regime's rate from
 * the rate table on the day (`regimeVatPctOn`), added to the general title and used for the reduced one.
 */
export function vatTitle(regime: CompanyTaxRegime, pct?: string | null): string {
  const vat = vatOfRegime(regime);
  if (vat.kind === 'fixed') return `НДС ${pct ?? vat.pct}\u00a0% (без права на вычет)`;
  if (vat.kind === 'none') return 'Без НДС';
  return pct ? `НДС по общим ставкам (${pct}\u00a0%)` : 'НДС по общим ставкам';
}

interface BankAccountRequisites {
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
