import type { CompanyKind } from '@/lib/domain/requisites/company';

/** What the printed калькуляция needs of the own company (a subset of the stored company). */
export interface PrintCompany {
  kind: CompanyKind;
  fullName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legalAddress: string;
  phone: string;
  email: string;
  directorName: string;
  directorTitle: string;
  accountantName: string;
  bankAccounts: { bik: string; bankName: string; corrAccount: string; account: string; isDefault: boolean }[];
}

const join = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join(', ');

/**
 * The реквизиты block above the form, one line each: name; ИНН, КПП, ОГРН (ОГРНИП for an ИП); address;
 * the default bank account; phone and e-mail. Empty fields are left out.
 */
export function requisiteLines(c: PrintCompany): string[] {
  const account = c.bankAccounts.find((a) => a.isDefault) ?? c.bankAccounts[0];
  const lines = [
    c.fullName,
    join([c.inn && `ИНН ${c.inn}`, c.kpp && `КПП ${c.kpp}`, c.ogrn && `${c.kind === 'entrepreneur' ? 'ОГРНИП' : 'ОГРН'} ${c.ogrn}`]),
    c.legalAddress && `Адрес: ${c.legalAddress}`,
    account &&
      join([
        account.account && `р/с ${account.account}`,
        account.bankName && `в ${account.bankName}`,
        account.bik && `БИК ${account.bik}`,
        account.corrAccount && `к/с ${account.corrAccount}`,
      ]),
    join([c.phone && `тел. ${c.phone}`, c.email && `e-mail ${c.email}`]),
  ];
  return lines.filter((l): l is string => typeof l === 'string' && l !== '');
}

/** Signature lines: title and name («Руководитель», «Главный бухгалтер»), names may be empty. */
export function signatureLines(c: PrintCompany | null): { title: string; name: string }[] {
  return [
    { title: c?.directorTitle || (c?.kind === 'entrepreneur' ? 'Индивидуальный предприниматель' : 'Руководитель'), name: c?.directorName ?? '' },
    { title: 'Главный бухгалтер', name: c?.accountantName ?? '' },
    { title: 'Составил', name: '' },
  ];
}
