/**
 * Text fields and control characters. No text a call takes may carry a control character: both databases
 * refuse U+0000, and the rest (C0 but tab and line breaks, DEL, C1, a lone half of a surrogate pair) is never
 * typed by a person — it is binary garbage or an attack. The gateway applies this rule to every string of
 * every call's input, keys included, before the call's schema runs (`inputProblem` below, used by
 * lib/server/gateway/dispatch.ts), so every schema has it without asking.
 */

import * as z from './zod';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_MESSAGE = 'Уберите из текста служебные символы.';

/** Whether a string carries a character no text field accepts (tab and line breaks are not among them). */
export const hasControlChars = (s: string): boolean => CONTROL.test(s);

/** How deep a call's JSON input may nest (objects and arrays); deeper input is refused before any schema runs. */
export const MAX_INPUT_DEPTH = 64;

export type InputProblem = { kind: 'control'; path: string } | { kind: 'depth' };

/**
 * The first problem of a parsed JSON input, walked without recursion (deep input cannot overflow the stack):
 * nesting deeper than MAX_INPUT_DEPTH, or a string or key with a control character (its dotted path, as in
 * `fields`). Null when there is none.
 */
export function inputProblem(value: unknown): InputProblem | null {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return { kind: 'control', path: path || '_' };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth' };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: at(path, String(i)), depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v).reverse()) {
      if (CONTROL.test(key)) return { kind: 'control', path: path || '_' };
      stack.push({ v: (v as Record<string, unknown>)[key], path: at(path, key), depth: depth + 1 });
    }
  }
  return null;
}

const BREAK = /[\r\n\u2028\u2029]/;

export const LINE_BREAK_MESSAGE = 'Введите текст в одну строку.';

const chars = (n: number) => {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return 'знака';
  return 'знаков';
};

/**
 * A single-line text field (a name, a code, a unit): trimmed, at most `max` characters, no line breaks and
 * no control characters, with Russian messages. `required` is the message for a missing or empty value
 * («Укажите название.»); without it an empty string passes (wrap in `z.optional` when the field may be absent).
 * Multi-line text (notes, a letter) is a plain `z.string()` with a length check.
 */
export function line(max: number, required?: string) {
  const empty = required ? [z.minLength(1, { error: required })] : [];
  return z
    .string(required ? { error: required } : { error: 'Введите текст.' })
    .check(
      z.trim(),
      ...empty,
      z.maxLength(max, { error: `Не длиннее ${max} ${chars(max)}.` }),
      z.refine((s) => !BREAK.test(s), { error: LINE_BREAK_MESSAGE }),
      z.refine((s) => !CONTROL.test(s), { error: CONTROL_MESSAGE }),
    );
}
