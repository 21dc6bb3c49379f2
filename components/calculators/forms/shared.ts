import type { LawDefaults } from '@/lib/domain/calculators/law-defaults';
import { formatIsoDate, parseRuDate, parseRuMonth } from '@/lib/domain/format/date';
import type { FormField, FormOutput, Values } from './types';

/** `15.1` → «15,1 %». */
const percentText = (pct: string) => `${pct.replace('.', ',')} %`;
/** `1.5` → «1,5 МРОТ». */
const mrotText = (multiplier: string) => `${multiplier.replace('.', ',')} МРОТ`;

/**
 * The contribution tariffs, each named with its rates as the law in force on the day sets them (the general
 * one up to the base cap / above it, the МСП ones above their МРОТ threshold); before the rate table answers,
 * by name only.
 */
const tariffOptions = (law?: LawDefaults) => [
  { value: 'general', label: law ? `Общий тариф (${percentText(law.contributionsPct)} / ${percentText(law.contributionsAboveCapPct)})` : 'Общий тариф' },
  { value: 'msp', label: law ? `МСП: ${percentText(law.msp.aboveMrotPct)} сверх ${mrotText(law.msp.mrotMultiplier)}` : 'МСП (пониженный тариф)' },
  {
    value: 'msp-manufacturing',
    label: law
      ? `МСП обрабатывающих производств: ${percentText(law.mspManufacturing.aboveMrotPct)} сверх ${mrotText(law.mspManufacturing.mrotMultiplier)}`
      : 'МСП обрабатывающих производств',
  },
];
export const tariffField: Pick<FormField, 'options' | 'law'> = { options: tariffOptions(), law: (law) => ({ options: tariffOptions(law) }) };

/**
 * The VAT rate: every rate in force on the day from the rate table (the general one first and initially
 * chosen, then the reduced 10 %, the УСН payers' 7 % and 5 %, 0 %); before the table answers, none to choose.
 */
const vatOptions = (law?: LawDefaults) => (law?.vatRates ?? []).map((r) => ({ value: r, label: percentText(r) }));
export const vatRateField: Pick<FormField, 'options' | 'law' | 'optionLabel'> = {
  options: vatOptions(),
  optionLabel: percentText,
  law: (law) => ({ initial: law.vatPct, options: vatOptions(law) }),
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
