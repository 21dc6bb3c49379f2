/**
 * The calculator forms: Russian labels, field kinds and how the typed text becomes the call's input.
 * Values are kept as typed (also in the URL, so a link reproduces the form); dates are typed дд.мм.гггг.
 */

import type { LawDefaults } from '@/lib/domain/calculators/law-defaults';
import { parseRuDate, parseRuMonth } from '@/lib/domain/format/date';
import { CONTRACTS_FORMS } from './contracts';
import { FINANCE_FORMS } from './finance';
import { PAYROLL_FORMS } from './payroll';
import { PRODUCTION_FORMS } from './production';
import { paymentsText, parsePayments, visibleInput } from './shared';
import { TAXES_FORMS } from './taxes';
import type { CalculatorForm, FormField, Values } from './types';

export type { CalculatorForm, FormField, FormOutput, OutputKind, Values } from './types';

/** Every calculator's form by its id; a field set by law has no initial value until `law` is given. */
export const FORMS: Record<string, CalculatorForm> = { ...TAXES_FORMS, ...PAYROLL_FORMS, ...FINANCE_FORMS, ...CONTRACTS_FORMS, ...PRODUCTION_FORMS };

/** The form's fields with what the law in force sets (initial values, options, labels); as they are without `law`. */
export function fieldsOf(id: string, law?: LawDefaults): FormField[] {
  const fields = FORMS[id]?.fields ?? [];
  return law ? fields.map((f) => (f.law ? { ...f, ...f.law(law) } : f)) : fields;
}

/** A fresh form: the fields' initial values (those set by law when `law` is given). */
export function initialValues(id: string, law?: LawDefaults): Values {
  const v: Values = {};
  for (const f of fieldsOf(id, law)) if (f.initial !== undefined) v[f.name] = f.initial;
  return v;
}

/** Local checks before the call (dates typed дд.мм.гггг); `{}` when fine. */
export function localErrors(id: string, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of visibleFields(id, values)) {
    const t = (values[f.name] ?? '').trim();
    if (!t) continue;
    if (f.kind === 'payments' && !parsePayments(t)) errors[f.name] = 'Запишите оплаты как «дд.мм.гггг сумма», через точку с запятой.';
    if (f.kind === 'date' && !parseRuDate(t)) errors[f.name] = 'Введите дату как дд.мм.гггг, например 28.01.2026.';
    if (f.kind === 'month' && !parseRuMonth(t)) errors[f.name] = 'Введите месяц как мм.гггг, например 01.2026.';
  }
  return errors;
}

export const visibleFields = (id: string, values: Values, law?: LawDefaults) => fieldsOf(id, law).filter((f) => !f.when || f.when(values));

/** The call's input: the visible non-empty fields (dates and months as ISO), or the form's own mapping. */
export function toInput(id: string, values: Values): Record<string, unknown> {
  const form = FORMS[id];
  if (!form) return {};
  if (form.toInput) return form.toInput(values);
  return visibleInput(FORMS[id]?.fields ?? [], values);
}


/** Server field errors (`input.x.y`) → form field names; the rest go to `_`. */
export function formErrors(id: string, fields: Record<string, string>): Record<string, string> {
  const form = FORMS[id];
  const names = new Set(form?.fields.map((f) => f.name));
  const out: Record<string, string> = {};
  for (const [path, msg] of Object.entries(fields)) {
    const p = path.replace(/^input\.?/, '');
    const name = form?.fieldOf?.(p) ?? p.split('.')[0] ?? '';
    const key = names.has(name) ? name : '_';
    if (!(key in out)) out[key] = msg;
  }
  return out;
}

/** Form values back from a stored input (recent runs): the inverse of `toInput` for links. */
export function valuesFromInput(id: string, input: Record<string, unknown>): Values {
  const v: Values = {};
  for (const [k, x] of Object.entries(input)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') v[k] = String(x);
  if (id === 'markup') v.by = ['marginPct', 'price'].find((k) => k in v) ?? 'markupPct';
  if (id === 'contract-penalty') v.by = 'keyRateFraction' in v ? 'keyRateFraction' : 'pctPerDay';
  if (Array.isArray(input.payments)) v.payments = paymentsText(input.payments as { date?: unknown; amount?: unknown }[]);
  if (id === 'usn') {
    const q = Array.isArray(input.quarters) ? (input.quarters as { income?: unknown; expenses?: unknown; contributions?: unknown }[]) : null;
    v.by = q ? 'quarters' : 'year';
    if (q) {
      v.qIncome = q.map((x) => String(x.income ?? '')).join('; ');
      if (q.some((x) => x.expenses !== undefined)) v.qExpenses = q.map((x) => String(x.expenses ?? '0')).join('; ');
      if (q.some((x) => x.contributions !== undefined)) v.qContributions = q.map((x) => String(x.contributions ?? '0')).join('; ');
    }
  }
  if (Array.isArray(input.cashFlows)) v.cashFlows = input.cashFlows.map(String).join('; ');
  if (Array.isArray(input.partialMonths)) {
    v.partialMonths = (input.partialMonths as { calendarDays?: unknown; workedDays?: unknown }[]).map((p) => `${p.calendarDays}/${p.workedDays}`).join('; ');
  }
  if (id === 'sick-leave' && Array.isArray(input.earnings)) {
    const e = input.earnings as { amount?: unknown }[];
    v.earnings1 = String(e[0]?.amount ?? '');
    v.earnings2 = String(e[1]?.amount ?? '');
  }
  return v;
}
