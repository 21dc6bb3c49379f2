import 'server-only';
import {
  COMPANY_KIND_SHORT,
  COMPANY_KINDS,
  TAX_REGIME_TITLES,
  TAX_REGIMES,
  cleanRequisite,
  type CompanyKind,
  type CompanyTaxRegime,
} from '@/lib/domain/requisites';
import type { Company } from '@/lib/schemas/companies';

/**
 * The CSV layout of companies (export and import): one row per company with its default bank account.
 * Costing defaults and further bank accounts are not in the file.
 */
export const CSV_COLUMNS = [
  ['isOwn', 'Своя'],
  ['kind', 'Вид'],
  ['fullName', 'Полное наименование'],
  ['shortName', 'Краткое наименование'],
  ['inn', 'ИНН'],
  ['kpp', 'КПП'],
  ['ogrn', 'ОГРН/ОГРНИП'],
  ['okpo', 'ОКПО'],
  ['snils', 'СНИЛС'],
  ['legalAddress', 'Юридический адрес'],
  ['postalAddress', 'Почтовый адрес'],
  ['directorName', 'Руководитель'],
  ['directorTitle', 'Должность руководителя'],
  ['accountantName', 'Главный бухгалтер'],
  ['phone', 'Телефон'],
  ['email', 'E-mail'],
  ['taxRegime', 'Налоговый режим'],
  ['bik', 'БИК'],
  ['bankName', 'Банк'],
  ['corrAccount', 'Корр. счёт'],
  ['account', 'Расчётный счёт'],
] as const;
export type CsvKey = (typeof CSV_COLUMNS)[number][0];

export function companyToCsvRow(c: Company): string[] {
  const acc = c.bankAccounts.find((a) => a.isDefault) ?? c.bankAccounts[0];
  const v: Record<CsvKey, string> = {
    isOwn: c.isOwn ? 'Да' : 'Нет',
    kind: COMPANY_KIND_SHORT[c.kind],
    fullName: c.fullName,
    shortName: c.shortName,
    inn: c.inn,
    kpp: c.kpp,
    ogrn: c.ogrn,
    okpo: c.okpo,
    snils: c.snils,
    legalAddress: c.legalAddress,
    postalAddress: c.postalAddress,
    directorName: c.directorName,
    directorTitle: c.directorTitle,
    accountantName: c.accountantName,
    phone: c.phone,
    email: c.email,
    taxRegime: TAX_REGIME_TITLES[c.taxRegime],
    bik: acc?.bik ?? '',
    bankName: acc?.bankName ?? '',
    corrAccount: acc?.corrAccount ?? '',
    account: acc?.account ?? '',
  };
  return CSV_COLUMNS.map(([key]) => v[key]);
}

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/[\s.\-_/]/g, '');

/** Header cell → column key: the Russian title or the key itself, in any case, ignoring spaces and dots. */
export function columnOfHeader(header: string): CsvKey | undefined {
  const h = norm(header);
  const extra: Record<string, CsvKey> = {
    наименование: 'fullName',
    огрн: 'ogrn',
    огрнип: 'ogrn',
    кс: 'corrAccount',
    рс: 'account',
    email: 'email',
    почта: 'email',
  };
  return CSV_COLUMNS.find(([key, title]) => norm(title) === h || norm(key) === h)?.[0] ?? extra[h];
}

const YES = new Set(['да', 'yes', 'true', '1', 'своя', 'собственная']);

/** Spreadsheets drop leading zeros: БИК always starts with 0, ИНН/ОКПО/СНИЛС may. Put them back. */
function padLost(value: string, lengths: number[]): string {
  const v = cleanRequisite(value);
  if (!/^\d+$/.test(v)) return value;
  for (const len of lengths) if (v.length < len && v.length >= len - 2) return v.padStart(len, '0');
  return value;
}

function kindOf(text: string, inn: string, ogrn: string): CompanyKind | string {
  const t = norm(text);
  if (t === '') {
    if (cleanRequisite(inn).length === 10) return 'legal';
    return cleanRequisite(ogrn).length === 15 ? 'entrepreneur' : 'person';
  }
  const byTitle: Record<string, CompanyKind> = {
    юл: 'legal',
    организация: 'legal',
    юрлицо: 'legal',
    ип: 'entrepreneur',
    индивидуальныйпредприниматель: 'entrepreneur',
    физлицо: 'person',
    фл: 'person',
    физическоелицо: 'person',
  };
  return byTitle[t] ?? (COMPANY_KINDS as readonly string[]).find((k) => k === text.trim()) ?? text;
}

function regimeOf(text: string, kind: string): CompanyTaxRegime | string {
  if (text.trim() === '') return kind === 'person' ? 'none' : 'osno';
  const t = norm(text);
  return TAX_REGIMES.find((r) => norm(r) === t || norm(TAX_REGIME_TITLES[r]) === t) ?? text;
}

/**
 * A CSV row (by column key) → the raw body `companies/create` validates. Every field of a company is one line:
 * line breaks inside a cell (an address typed over several lines of a spreadsheet cell) become spaces.
 */
export function csvRowToInput(cells: Partial<Record<CsvKey, string>>): Record<string, unknown> {
  const g = (k: CsvKey) => (cells[k] ?? '').replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
  const kind = kindOf(g('kind'), g('inn'), g('ogrn'));
  const hasBank = ['bik', 'bankName', 'corrAccount', 'account'].some((k) => g(k as CsvKey).trim() !== '');
  return {
    isOwn: YES.has(norm(g('isOwn'))),
    kind,
    fullName: g('fullName'),
    shortName: g('shortName'),
    inn: padLost(g('inn'), kind === 'legal' ? [10] : [12]),
    kpp: padLost(g('kpp'), [9]),
    ogrn: g('ogrn'),
    okpo: padLost(g('okpo'), kind === 'legal' ? [8] : [10]),
    snils: padLost(g('snils'), [11]),
    legalAddress: g('legalAddress'),
    postalAddress: g('postalAddress'),
    directorName: g('directorName'),
    directorTitle: g('directorTitle'),
    accountantName: g('accountantName'),
    phone: g('phone'),
    email: g('email'),
    taxRegime: regimeOf(g('taxRegime'), kind),
    bankAccounts: hasBank
      ? [{ bik: padLost(g('bik'), [9]), bankName: g('bankName'), corrAccount: g('corrAccount'), account: g('account'), isDefault: true }]
      : [],
  };
}
