import { type Dec, formatMoney, formatNumber, formatPercent, parseDecimal, roundTo, toFixedString } from '@/lib/domain/money';
import { evaluate, ExpressionError, isValidName, namesIn, parseExpression, substitute } from './expression';
import { CalcInputError, type CalcOutput, type Step } from './types';

/** «Свой калькулятор»: named inputs and formulas evaluated in order over exact decimals. */
export interface CustomCalculatorDef {
  name: string;
  inputs: { name: string; label: string }[];
  formulas: { name: string; label: string; expr: string; kind: 'money' | 'number' | 'percent' }[];
}

export const CUSTOM_LIMITS = { inputs: 30, formulas: 30 } as const;

/** Problems of a definition as `{path: message}` (empty when it is fine): names, order, syntax. */
export function checkCustom(def: CustomCalculatorDef): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set<string>();
  const claim = (name: string, path: string) => {
    if (!isValidName(name)) errors[path] = 'Имя — буквы, цифры и «_», начинается с буквы; не имя функции.';
    else if (known.has(name)) errors[path] = `Имя «${name}» уже занято.`;
    known.add(name);
  };
  def.inputs.forEach((i, k) => claim(i.name, `inputs.${k}.name`));
  def.formulas.forEach((f, k) => {
    try {
      const used = namesIn(parseExpression(f.expr));
      const unknown = [...used].filter((n) => !known.has(n));
      if (unknown.length) errors[`formulas.${k}.expr`] = `Неизвестное имя «${unknown[0]}»: используйте поля и формулы выше.`;
    } catch (e) {
      if (e instanceof ExpressionError) errors[`formulas.${k}.expr`] = e.message;
      else throw e;
    }
    claim(f.name, `formulas.${k}.name`);
  });
  return errors;
}

const show = (kind: CustomCalculatorDef['formulas'][number]['kind'], v: Dec) =>
  kind === 'money' ? formatMoney(v) : kind === 'percent' ? formatPercent(v) : formatNumber(roundTo(v, 4));

/** Runs a checked definition; `values` are the typed inputs. Money formulas are rounded to kopecks. */
export function runCustom(def: CustomCalculatorDef, values: Record<string, unknown>): CalcOutput<Record<string, string>> {
  const scope: Record<string, Dec> = {};
  for (const i of def.inputs) {
    const r = parseDecimal(values[i.name], 4);
    if (!r.ok) throw new CalcInputError(i.name, r.message);
    scope[i.name] = r.value;
  }
  const result: Record<string, string> = {};
  const steps: Step[] = [];
  for (const f of def.formulas) {
    let v: Dec;
    try {
      v = evaluate(parseExpression(f.expr), scope);
    } catch (e) {
      if (e instanceof ExpressionError) throw new CalcInputError(f.name, `Формула «${f.label}»: ${e.message}`);
      throw e;
    }
    if (f.kind === 'money') v = roundTo(v, 2);
    steps.push({ label: f.label, formula: `${f.expr} = ${substitute(f.expr, scope)}`, value: show(f.kind, v) });
    scope[f.name] = v;
    result[f.name] = f.kind === 'money' ? toFixedString(v, 2) : roundTo(v, 10).toFixed();
  }
  return { result, steps };
}
