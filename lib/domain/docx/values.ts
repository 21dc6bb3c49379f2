import { formatNumber, parseMoney } from '@/lib/domain/money';
import { formatIsoDate, parseRuDate } from '@/lib/domain/format/date';

/**
 * Values a template is filled with. Money and dates are typed so that one value prints in several ways:
 * `{total}` → «1 234,56 ₽», `{total|words}` → «Одна тысяча двести тридцать четыре рубля 56 копеек».
 */
export interface TemplateMoney {
  $money: string;
}
/** A calendar date `YYYY-MM-DD` (no time zone). */
export interface TemplateDate {
  $date: string;
}
export type TemplateScalar = string | number | boolean | null | TemplateMoney | TemplateDate;
export type TemplateValue = TemplateScalar | TemplateValue[] | TemplateData;
export interface TemplateData {
  [key: string]: TemplateValue | undefined;
}

export const isMoney = (v: unknown): v is TemplateMoney => typeof v === 'object' && v !== null && typeof (v as TemplateMoney).$money === 'string';
export const isDate = (v: unknown): v is TemplateDate => typeof v === 'object' && v !== null && typeof (v as TemplateDate).$date === 'string';

export const money = (v: string): TemplateMoney => ({ $money: v });
export const date = (v: string): TemplateDate => ({ $date: v });

/** Formats after `|` in a placeholder, with the Russian hint shown in the form. */
export const TEMPLATE_FILTERS = {
  money: 'сумма: 1 234,56 ₽',
  num: 'число: 1 234,56',
  words: 'сумма прописью',
  date: 'дата: 22.11.2026',
  dateLong: 'дата: «22» ноября 2026 г.',
  dateWords: 'дата прописью',
  upper: 'ПРОПИСНЫМИ',
  gen: 'должность в родительном падеже: Генерального директора',
  dat: 'должность в дательном падеже: Генеральному директору',
  fioGen: 'ФИО в родительном падеже: Петрова Ивана Сергеевича',
  fioDat: 'ФИО в дательном падеже: Петрову Ивану Сергеевичу',
  initials: 'инициалы и фамилия (расшифровка подписи): И. С. Петров',
} as const;
export type TemplateFilter = keyof typeof TEMPLATE_FILTERS;
export const isTemplateFilter = (f: string): f is TemplateFilter => Object.hasOwn(TEMPLATE_FILTERS, f);

/** What kind of input a field needs: a sum, a date or free text. */
export type FieldType = 'text' | 'money' | 'date';

export const FILTER_TYPE: Record<TemplateFilter, FieldType> = {
  money: 'money',
  num: 'money',
  words: 'money',
  date: 'date',
  dateLong: 'date',
  dateWords: 'date',
  upper: 'text',
  gen: 'text',
  dat: 'text',
  fioGen: 'text',
  fioDat: 'text',
  initials: 'text',
};

/** A value as the form shows it for editing: money `1234,56`-style with groups, dates dd.mm.yyyy. */
export function inputTextOf(v: TemplateValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (isMoney(v)) return formatNumber(v.$money, 2);
  if (isDate(v)) return formatIsoDate(v.$date);
  if (typeof v === 'boolean') return v ? 'да' : '';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  return '';
}

/** A value typed in the form, as a typed value; a Russian message when it does not fit the type. */
export function parseFieldInput(text: string, type: FieldType): { ok: true; value: TemplateScalar } | { ok: false; msg: string } {
  if (text.trim() === '') return { ok: true, value: '' };
  if (type === 'money') {
    const r = parseMoney(text);
    if (!r.ok) return { ok: false, msg: 'Введите сумму: например, 1 234,56 (не больше двух знаков после запятой).' };
    return { ok: true, value: money(r.value.toFixed(2)) };
  }
  if (type === 'date') {
    const d = parseRuDate(text);
    if (!d) return { ok: false, msg: 'Введите дату в виде ДД.ММ.ГГГГ, например 22.11.2026.' };
    return { ok: true, value: date(d) };
  }
  return { ok: true, value: text };
}

export class TemplateValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateValueError';
  }
}

/** The value at a dotted name (`company.bank.bik`), or undefined. */
export function valueAt(data: TemplateData, name: string): TemplateValue | undefined {
  let v: TemplateValue | undefined = data;
  for (const key of name.split('.')) {
    if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || isMoney(v) || isDate(v)) return undefined;
    v = (v as TemplateData)[key];
  }
  return v;
}

/** Sets the value at a dotted name, making the groups on the way (a scalar in the way is replaced). */
export function setValueAt(data: TemplateData, name: string, value: TemplateValue): void {
  const keys = name.split('.');
  let at: TemplateData = data;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === null || next === undefined || typeof next !== 'object' || Array.isArray(next) || isMoney(next) || isDate(next)) at[key] = {};
    at = at[key] as TemplateData;
  }
  at[keys[keys.length - 1]!] = value;
}

/** The input type a value asks for (money, date), or undefined for text and groups. */
export const typeOfValue = (v: TemplateValue | undefined): FieldType | undefined => (isMoney(v) ? 'money' : isDate(v) ? 'date' : undefined);
