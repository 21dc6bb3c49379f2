import type { LawDefaults } from '@/lib/domain/calculators/law-defaults';

/**
 * `payments`: partial payments typed as «дд.мм.гггг сумма; …», sent as `[{date, amount}]`.
 * `check`: a checkbox, `'true'`/`'false'` (its hint — the rule's source — stays visible beside it).
 */
type FieldKind = 'money' | 'percent' | 'number' | 'int' | 'date' | 'month' | 'select' | 'bool' | 'check' | 'text' | 'payments';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  hint?: string;
  placeholder?: string;
  /** Initial value of a fresh form. */
  initial?: string;
  /** Shown only when this returns true for the current values. */
  when?: (v: Values) => boolean;
  /**
   * What depends on figures set by law (the general VAT rate, the contribution tariff): the initial value,
   * options and labels of this field for the law in force, read from the dated rate tables.
   */
  law?: (law: LawDefaults) => Partial<Pick<FormField, 'initial' | 'options' | 'label'>>;
  /** A select's name for a value not among its options (a rate the law set earlier, in a stored run). */
  optionLabel?: (value: string) => string;
}

export type Values = Record<string, string>;

export type OutputKind = 'money' | 'percent' | 'days' | 'qty' | 'years' | 'text';
export interface FormOutput {
  key: string;
  label: string;
  kind: OutputKind;
}

export interface CalculatorForm {
  fields: FormField[];
  outputs: FormOutput[];
  /** Overrides the default conversion (every non-empty field under its own name). */
  toInput?: (v: Values) => Record<string, unknown>;
  /** Server field path → form field (for list fields). */
  fieldOf?: (path: string) => string | undefined;
}
