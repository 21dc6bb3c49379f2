import type { LawDefaults } from '@/lib/domain/calculators/law-defaults';
import { formatIsoDate, parseRuDate, parseRuMonth } from '@/lib/domain/format/date';
import type { FormField, FormOutput, Values } from './types';

/** `15.1` → «15,1 %». */
const percentText = (pct: string) => `${pct.replace('.', ',')} %`;

/**
 * The contribution tariffs: the general one is named with its rates (up to the base cap / above it) as the
 * law in force sets them; the reduced ones have their own article of the tax code.
 */
const tariffOptions = (law?: LawDefaults) => [
  { value: 'general', label: law ? `Общий тариф (${percentText(law.contributionsPct)} / ${percentText(law.contributionsAboveCapPct)})` : 'Общий тариф' },
  { value: 'msp', label: 'МСП: 15 % сверх 1,5 МРОТ' },
  { value: 'msp-manufacturing', label: 'МСП обрабатывающих производств: 7,6 %' },
];
export const tariffField: Pick<FormField, 'options' | 'law'> = { options: tariffOptions(), law: (law) => ({ options: tariffOptions(law) }) };

/** The reduced VAT rates (Art. 164 of the tax code and the УСН payer's rates); the general one is the law's. */
const REDUCED_VAT = ['10', '7', '5', '0'];
const vatOptions = (general?: string) => [...(general && !REDUCED_VAT.includes(general) ? [general] : []), ...REDUCED_VAT].map((r) => ({ value: r, label: percentText(r) }));
/** The VAT rate: the general rate in force first and initially chosen, then the reduced ones. */
export const vatRateField: Pick<FormField, 'options' | 'law' | 'optionLabel'> = {
  options: vatOptions(),
  optionLabel: percentText,
  law: (law) => ({ initial: law.vatPct, options: vatOptions(law.vatPct) }),
};

export const YES_NO = [
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];

export const PERIOD_OUTPUTS: FormOutput[] = [
  { key: 'amount', label: 'Сумма', kind: 'money' },
  { key: 'days', label: 'Дней', kind: 'days' },
];

/** «05.02.2026 40 000; 20.02.2026 10 000,50» → `[{date: '2026-02-05', amount: '40 000'}, …]`; null when a part is not «date amount». */
export function parsePayments(text: string): { date: string; amount: string }[] | null {
  const out: { date: string; amount: string }[] = [];
  for (const part of splitList(text)) {
    const m = /^(\S+)\s+(.+)$/.exec(part);
    const date = m ? parseRuDate(m[1]!) : null;
    if (!m || !date) return null;
    out.push({ date, amount: m[2]!.trim() });
  }
  return out;
}

/** `[{date, amount}]` → «05.02.2026 40000; …» (a stored input back in the form). */
export const paymentsText = (list: { date?: unknown; amount?: unknown }[]) =>
  list.map((p) => `${formatIsoDate(String(p.date ?? ''))} ${String(p.amount ?? '')}`).join('; ');

export const PAYMENTS_FIELD: FormField = {
  name: 'payments',
  label: 'Частичные оплаты (необязательно)',
  kind: 'payments',
  placeholder: '05.02.2026 40 000; 20.02.2026 10 000',
  hint: 'Дата и сумма через пробел, оплаты через точку с запятой; долг уменьшается со следующего дня',
};

/** УСН «доходы»: what an empty contributions field means (for an ИП, the year's own contributions are computed). */
export const ownContributionsHint = (how: string) =>
  `Для ИП можно оставить пустым — взносы за себя посчитаются${how}: без работников уменьшают налог до 100 %, с работниками — до 50 %`;

/** `300 000; 400 000` → ["300 000", "400 000"] (the server reads each number). */
export const splitList = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** Every visible non-empty field under its own name: dates and months as ISO, payments as a list. */
export function visibleInput(fields: FormField[], values: Values): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.when && !f.when(values)) continue;
    const t = (values[f.name] ?? '').trim();
    if (!t) continue;
    input[f.name] =
      f.kind === 'date' ? (parseRuDate(t) ?? t) : f.kind === 'month' ? (parseRuMonth(t) ?? t) : f.kind === 'payments' ? (parsePayments(t) ?? t) : t;
  }
  return input;
}
