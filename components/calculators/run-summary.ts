import { formatIsoDate } from '@/lib/domain/format/date';
import { formatMoney, formatNumber, formatPercent, parseDecimal } from '@/lib/domain/money';
import { countOf, YEARS } from '@/lib/domain/format/plural';
import { valuesFromInput, visibleFields, type FormField } from './forms';

/**
 * A stored run's input as a user reads it, through the calculator's own field definitions: «Недоимка:
 * 100 000,00 ₽», «Срок уплаты: 28.04.2026», «Организация» (a choice shows its option's Russian name). The first
 * `limit` filled visible fields, in the form's order.
 */
export function runSummary(id: string, input: Record<string, unknown>, limit = 3): string[] {
  const values = valuesFromInput(id, input);
  const out: string[] = [];
  for (const f of visibleFields(id, values)) {
    const raw = (values[f.name] ?? '').trim();
    if (!raw) continue;
    const text = fieldText(f, raw);
    if (text) out.push(text);
    if (out.length >= limit) break;
  }
  return out;
}

/** `Недоимка, ₽` → `Недоимка`; `Начало периода (включительно)` → `Начало периода`. */
const shortLabel = (label: string) => label.replace(/\s*\([^)]*\)\s*$/, '').replace(/,\s*(₽|%|лет)$/, '').trim();

const numberOr = (raw: string, show: (v: string) => string) => {
  const p = parseDecimal(raw);
  return p.ok ? show(p.value.toFixed()) : raw;
};

function fieldText(f: FormField, raw: string): string | null {
  const label = shortLabel(f.label);
  switch (f.kind) {
    case 'select':
      return f.options?.find((o) => o.value === raw)?.label ?? f.optionLabel?.(raw) ?? `${label}: ${raw}`;
    case 'check':
    case 'bool':
      return raw === 'true' ? label : null;
    case 'money':
      return `${label}: ${numberOr(raw, formatMoney)}`;
    case 'percent':
      return `${label}: ${numberOr(raw, (v) => formatPercent(v, 4))}`;
    case 'number':
    case 'int':
      // «Страховой стаж, лет» → «Страховой стаж: 5 лет».
      return `${label}: ${numberOr(raw, (v) => (/,\s*лет$/.test(f.label) ? countOf(v, YEARS, formatNumber(v)) : formatNumber(v)))}`;
    case 'date':
      return `${label}: ${formatIsoDate(raw)}`;
    case 'month': {
      const m = /^(\d{4})-(\d{2})$/.exec(raw);
      return `${label}: ${m ? `${m[2]}.${m[1]}` : raw}`;
    }
    default:
      return `${label}: ${raw}`;
  }
}
