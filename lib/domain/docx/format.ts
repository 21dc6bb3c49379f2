import { declineFullName, declinePosition, initialsName } from '@/lib/domain/declension';
import { formatMoney, formatNumber, parseMoney } from '@/lib/domain/money';
import { amountInWords, dateInWords, dateWithMonthName } from '@/lib/domain/words';
import { formatIsoDate, parseRuDate } from '@/lib/domain/format/date';
import { isDate, isMoney, TemplateValueError, type TemplateFilter, type TemplateValue } from './values';

/**
 * How a placeholder prints its value with a format (`|money`, `|words`, `|gen`…). Kept apart from
 * values.ts so that the form, which parses input with values.ts, does not carry the declension rules.
 */

function asMoneyString(v: TemplateValue, tag: string): string {
  if (isMoney(v)) return v.$money;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    const r = parseMoney(v);
    if (r.ok) return r.value.toFixed(2);
  }
  throw new TemplateValueError(`Значение ${tag} — не сумма.`);
}

function asDateString(v: TemplateValue, tag: string): string {
  if (isDate(v)) return v.$date;
  if (typeof v === 'string') {
    const d = parseRuDate(v);
    if (d) return d;
  }
  throw new TemplateValueError(`Значение ${tag} — не дата.`);
}

/** The text a placeholder prints; `tag` names it in messages. */
export function formatValue(v: TemplateValue, filter: TemplateFilter | undefined, tag: string): string {
  switch (filter) {
    case 'money':
      return formatMoney(asMoneyString(v, tag));
    case 'num':
      return formatNumber(asMoneyString(v, tag), 2);
    case 'words':
      return amountInWords(asMoneyString(v, tag));
    case 'date':
      return formatIsoDate(asDateString(v, tag));
    case 'dateLong':
      return dateWithMonthName(asDateString(v, tag), { quoted: true });
    case 'dateWords':
      return dateInWords(asDateString(v, tag));
    case 'upper':
      return formatValue(v, undefined, tag).toLocaleUpperCase('ru-RU');
    case 'gen':
    case 'dat':
      return declinePosition(formatValue(v, undefined, tag), filter);
    case 'fioGen':
      return declineFullName(formatValue(v, undefined, tag), 'gen');
    case 'fioDat':
      return declineFullName(formatValue(v, undefined, tag), 'dat');
    case 'initials':
      return initialsName(formatValue(v, undefined, tag));
    default:
      if (isMoney(v)) return formatMoney(v.$money);
      if (isDate(v)) return formatIsoDate(v.$date);
      if (v === null) return '';
      if (typeof v === 'boolean') return v ? 'да' : 'нет';
      if (typeof v === 'number') return formatNumber(String(v));
      if (typeof v === 'string') return v;
      throw new TemplateValueError(`${tag} — список или группа, его нельзя вывести текстом.`);
  }
}
