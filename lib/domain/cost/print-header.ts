import type { CompanyKind } from '@/lib/domain/requisites/company';
import { splitFullName } from '@/lib/domain/declension/person';
import { dateWithMonthName } from '@/lib/domain/words';

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

/** «Иванов Пётр Сергеевич» → «П. С. Иванов»; a name already written with initials first stays as typed. */
export function initialsName(full: string): string {
  const n = splitFullName(full);
  if (!n.last) return '';
  if (n.initialsFirst) return full.trim().replace(/\s+/g, ' ');
  const initial = (w: string) => (w ? `${w[0]!.toUpperCase()}.` : '');
  return [initial(n.first), initial(n.middle), n.last].filter(Boolean).join(' ');
}

/**
 * The «УТВЕРЖДАЮ» block: the director's position and company, the signature «________ / И. О. Фамилия» and the
 * date in words («25 ноября 2026 г.»). Without an own company or its director, the position and the name
 * are '' — lines to fill in by hand.
 */
export function approvalBlock(c: PrintCompany | null, dateIso: string): { position: string; company: string; name: string; date: string } {
  const name = c?.directorName ? initialsName(c.directorName) : '';
  const position = c?.directorTitle || (c && name ? (c.kind === 'entrepreneur' ? 'Индивидуальный предприниматель' : 'Руководитель') : '');
  return { position, company: c?.fullName ?? '', name, date: dateWithMonthName(dateIso) };
}
