// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCustom, runCustom, type CustomCalculatorDef } from '@/lib/domain/calculators/custom';
import { evaluate, ExpressionError, parseExpression } from '@/lib/domain/calculators/expression';
import { Dec } from '@/lib/domain/money';

const ev = (src: string, scope: Record<string, string> = {}) =>
  evaluate(parseExpression(src), Object.fromEntries(Object.entries(scope).map(([k, v]) => [k, new Dec(v)]))).toFixed();

describe('safe expressions', () => {
  it('exact decimals, precedence, right-assoc power, Russian decimal comma', () => {
    expect(ev('0.1 + 0.2')).toBe('0.3');
    expect(ev('1,5 * 2')).toBe('3');
    expect(ev('2 + 3 * 4 ^ 2')).toBe('50');
    expect(ev('2 ^ 3 ^ 2')).toBe('512');
    expect(ev('-(2 - 5) × 2 ÷ 4')).toBe('1.5');
    expect(ev('цена * (1 + ставка / 100)', { цена: '1000', ставка: '22' })).toBe('1220');
  });
  it('functions and comparisons', () => {
    expect(ev('max(1; 5; 3)')).toBe('5');
    expect(ev('round(2,675)')).toBe('2.68');
    expect(ev('round(1234,5; 0)')).toBe('1235');
    expect(ev('if(x > 100; x * 0,1; 0)', { x: '150' })).toBe('15');
    expect(ev('if(x >= 100; 1; 2) + (x <> 3)', { x: '3' })).toBe('2');
  });
  it('refuses anything but the language, in Russian', () => {
    for (const [src, msg] of [
      ['constructor.constructor("x")()', /Непонятный символ «\.»/],
      ['alert(1)', /Нет функции «alert»/],
      ['1 +', /обрывается/],
      ['(1 + 2', /Ожидается «\)»/],
      ['1 2', /Лишнее/],
      ['x', /Неизвестное имя «x»/],
      ['1 / (2 - 2)', /Деление на ноль/],
      ['2 ^ 0,5', /Степень/],
      ['min()', /от 1 до 50/],
      ['('.repeat(100) + '1' + ')'.repeat(100), /вложенность/],
    ] as const) {
      expect(() => ev(src), src).toThrow(ExpressionError);
      expect(() => ev(src), src).toThrow(msg);
    }
  });
});

describe('«Свой калькулятор»', () => {
  const def: CustomCalculatorDef = {
    name: 'Цена с доставкой',
    inputs: [
      { name: 'цена', label: 'Цена' },
      { name: 'кол', label: 'Количество' },
    ],
    formulas: [
      { name: 'сумма', label: 'Сумма', expr: 'цена * кол', kind: 'money' },
      { name: 'доставка', label: 'Доставка', expr: 'if(сумма >= 10000; 0; 500)', kind: 'money' },
      { name: 'итого', label: 'Итого с НДС 22 %', expr: '(сумма + доставка) * 1,22', kind: 'money' },
    ],
  };
  it('checks names and order', () => {
    expect(checkCustom(def)).toEqual({});
    expect(
      checkCustom({ ...def, formulas: [{ name: 'a', label: 'A', expr: 'b + 1', kind: 'number' }, { name: 'цена', label: 'B', expr: '1', kind: 'number' }] }),
    ).toEqual({ 'formulas.0.expr': 'Неизвестное имя «b»: используйте поля и формулы выше.', 'formulas.1.name': 'Имя «цена» уже занято.' });
    expect(checkCustom({ ...def, inputs: [{ name: '1x', label: 'x' }], formulas: [] })).toEqual({ 'inputs.0.name': expect.stringMatching(/буквы/) });
  });
  it('runs in order with money rounded to kopecks and steps with the numbers', () => {
    const out = runCustom(def, { цена: '333,333', кол: '3' });
    expect(out.result).toEqual({ сумма: '1000.00', доставка: '500.00', итого: '1830.00' });
    expect(out.steps[0]).toEqual({ label: 'Сумма', formula: 'цена * кол = 333,333 × 3', value: '1\u00a0000,00\u00a0₽' });
    expect(runCustom(def, { цена: '5000', кол: '2' }).result.доставка).toBe('0.00');
  });
  it('a bad input is a field error', () => {
    expect(() => runCustom(def, { цена: 'abc', кол: '1' })).toThrow(/Введите число/);
  });
});
