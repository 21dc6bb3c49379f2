/**
 * Grading rules of the exercises, pure: a choice is right when the chosen set equals the right set; a number
 * is read as the user typed it in Russian (`2 200,00`, `2200`, `2200.5`, with or without «₽») exactly, with
 * decimals, and must equal the answer to the kopeck. Tasks done in the product are judged here on the facts the
 * server gathers (the user's specification and its калькуляция, calculator runs, company cards).
 */
import { Dec, parseMoney } from '@/lib/domain/money';
import { searchKey } from '@/lib/domain/files/names';
import { countOf, type Forms } from '@/lib/domain/format/plural';
import type { ChoiceExercise, NumberExercise } from './types';

export type Verdict = { correct: boolean; message: string };
export type ParsedNumber = { ok: true; value: Dec } | { ok: false; message: string };

const RIGHT = 'Верно!';
const MATERIALS: Forms = ['материала', 'материалов', 'материалов'];
const OPERATIONS: Forms = ['операции', 'операций', 'операций'];

/** The user's number: Russian digit grouping and comma, an optional «₽» or «руб.» after it; at most kopecks. */
export function parseAnswerNumber(text: string): ParsedNumber {
  const cleaned = text.trim().replace(/\s*(₽|руб\.?|р\.)$/i, '');
  const r = parseMoney(cleaned);
  if (r.ok) return r;
  return { ok: false, message: r.reason === 'places' ? 'Не больше двух знаков после запятой (копейки).' : 'Введите число, например 2 200,00.' };
}

/** Are `given` the exact set of right options? */
export function gradeChoice(ex: ChoiceExercise, given: readonly number[]): Verdict {
  const right = new Set(ex.answers);
  const chosen = new Set(given);
  const correct = right.size === chosen.size && [...right].every((i) => chosen.has(i));
  if (correct) return { correct, message: RIGHT };
  return { correct, message: right.size > 1 ? 'Неверно: верных вариантов несколько — отметьте все и только их.' : 'Неверно. Попробуйте ещё раз.' };
}

export function gradeNumber(ex: NumberExercise, given: Dec): Verdict {
  const correct = given.equals(new Dec(ex.answer));
  return { correct, message: correct ? RIGHT : 'Неверно: число не совпадает до копейки. Пересчитайте и попробуйте ещё раз.' };
}

/** Does a specification's name contain the part a task names (case and ё/е ignored)? */
export function nameIncludes(name: string, part: string): boolean {
  return searchKey(name).includes(searchKey(part.trim()));
}

export interface SpecCostParams {
  nameIncludes: string;
  minMaterials?: number;
  minOperations?: number;
}

/** A candidate specification of a `spec-cost` task: its line counts and the engine's full cost (per unit and per output). */
export interface SpecCostFacts {
  materials: number;
  operations: number;
  fullCosts: readonly string[];
}

/**
 * `spec-cost`: the user's specification (any of those whose name matches) has enough materials and operations, and
 * the number the user gives equals the engine's «Полная себестоимость» to the kopeck. Says which part is wrong.
 */
export function gradeSpecCost(p: SpecCostParams, found: readonly SpecCostFacts[], given: Dec): Verdict {
  const name = `«${p.nameIncludes.trim()}»`;
  if (found.length === 0) return { correct: false, message: `Спецификация с названием ${name} не найдена. Создайте и сохраните её в «Спецификациях».` };
  const minM = p.minMaterials ?? 0;
  const minO = p.minOperations ?? 0;
  const sized = found.filter((f) => f.materials >= minM && f.operations >= minO);
  if (sized.length === 0) {
    const needs = found.some((f) => f.materials >= minM) ? `Нужно не меньше ${countOf(minO, OPERATIONS)}` : `Нужно не меньше ${countOf(minM, MATERIALS)}`;
    return { correct: false, message: `${needs} в спецификации ${name}.` };
  }
  const correct = sized.some((f) => f.fullCosts.some((c) => new Dec(c).equals(given)));
  return {
    correct,
    message: correct ? RIGHT : 'Полная себестоимость по вашей спецификации другая — откройте «Себестоимость» и проверьте.',
  };
}

/** Is a value the user entered in a calculator the one the task asks for (numbers compared as decimals)? */
function sameValue(want: unknown, got: unknown): boolean {
  if (typeof want === 'boolean' || typeof got === 'boolean') return want === got;
  const a = String(want ?? '').trim();
  const b = String(got ?? '').trim();
  const x = parseAnyDecimal(a);
  const y = parseAnyDecimal(b);
  return x !== null && y !== null ? x.equals(y) : searchKey(a) === searchKey(b);
}

/** A number as a form or the wire writes it (`1 234,5`, `1234.5`, `22 %`), or null. */
function parseAnyDecimal(s: string): Dec | null {
  const t = s.replace(/[\s\u00a0\u202f]/g, '').replace(/%$/, '').replace(',', '.').replace(/^\u2212/, '-');
  return /^-?\d+(\.\d+)?$/.test(t) ? new Dec(t) : null;
}

/** `calculator-run`: one of the user's runs (their inputs, newest first) has every asked field at the asked value. */
export function gradeCalculatorRun(inputs: Record<string, unknown> | undefined, runs: readonly unknown[], title: string): Verdict {
  const want = Object.entries(inputs ?? {});
  const correct = runs.some((run) => {
    const r = run && typeof run === 'object' ? (run as Record<string, unknown>) : {};
    return want.every(([k, v]) => sameValue(v, r[k]));
  });
  if (correct) return { correct, message: RIGHT };
  if (runs.length === 0) return { correct, message: `Расчёта в калькуляторе «${title}» пока нет: откройте его и посчитайте.` };
  return { correct, message: `В ваших расчётах калькулятора «${title}» нет расчёта с данными из задания — проверьте значения и посчитайте ещё раз.` };
}

/** `company-valid`: the count of the user's company cards whose реквизиты pass the product's validation. */
export function gradeCompanyValid(valid: number, total: number, own: boolean): Verdict {
  if (valid > 0) return { correct: true, message: RIGHT };
  const which = own ? 'своей компании' : 'компании';
  if (total === 0) return { correct: false, message: `Карточки ${which} пока нет: добавьте её в «Компаниях».` };
  return { correct: false, message: `В карточке ${which} реквизиты не проходят проверку (ИНН, КПП, ОГРН) — откройте её в «Компаниях» и исправьте.` };
}
