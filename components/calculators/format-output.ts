import { formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';
import { countOf, DAYS, YEARS } from '@/lib/domain/format/plural';
import type { OutputKind } from './forms';

/** An output value as the user reads it: `1 234,56 ₽`, `42,86 %`, `40 дней`, `2,6 года`; «—» when absent. */
export function formatOutput(kind: OutputKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const v = String(value);
  switch (kind) {
    case 'money':
      return formatMoney(v);
    case 'percent':
      return formatPercent(v);
    case 'days':
      return countOf(v, DAYS, formatNumber(v));
    case 'years':
      return countOf(v, YEARS, formatNumber(v, 2));
    case 'qty':
      return formatNumber(v);
    default:
      return v;
  }
}
