import { formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';
import type { OutputKind } from './forms';

/** An output value as the user reads it: `1 234,56 ₽`, `42,86 %`, `40 дн.`, `2,6 года`; «—» when absent. */
export function formatOutput(kind: OutputKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const v = String(value);
  switch (kind) {
    case 'money':
      return formatMoney(v);
    case 'percent':
      return formatPercent(v);
    case 'days':
      return `${formatNumber(v)} дн.`;
    case 'years':
      return `${formatNumber(v, 2)} ${yearsWord(v)}`;
    case 'qty':
      return formatNumber(v);
    default:
      return v;
  }
}

/** «года» after a fraction, else the plural of the whole number. */
function yearsWord(v: string): string {
  if (v.includes('.') && !/\.0+$/.test(v)) return 'года';
  const n = Math.abs(Math.trunc(Number(v)));
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return 'год';
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return 'года';
  return 'лет';
}
