import { describe, expect, it } from 'vitest';
import {
  gradeCalculatorRun,
  gradeChoice,
  gradeCompanyValid,
  gradeNumber,
  gradeSpecCost,
  nameIncludes,
  parseAnswerNumber,
} from '@/lib/domain/education/grade';
import { continueLesson, lessonComplete } from '@/lib/domain/education/progress';
import type { ChoiceExercise, NumberExercise } from '@/lib/domain/education/types';
import { Dec } from '@/lib/domain/money';

const choice: ChoiceExercise = { id: 'c', kind: 'choice', question: '?', options: ['a', 'b', 'c', 'd'], answers: [0, 2] };
const vat: NumberExercise = { id: 'n', kind: 'number', question: '?', answer: '2200.00' };
const num = (s: string) => {
  const r = parseAnswerNumber(s);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('education grading rules', () => {
  it('choice: the exact set, order does not matter', () => {
    expect(gradeChoice(choice, [2, 0]).correct).toBe(true);
    expect(gradeChoice(choice, [0]).correct).toBe(false);
    expect(gradeChoice(choice, [0, 2, 3]).correct).toBe(false);
    expect(gradeChoice(choice, [0]).message).toMatch(/верных вариантов несколько/);
    expect(gradeChoice({ ...choice, answers: [1] }, [1]).correct).toBe(true);
  });

  it('number: Russian input read exactly and compared to the kopeck', () => {
    for (const s of ['2 200,00', '2200', '2200.0', '2\u00a0200,00 ₽', '2200 руб.', ' 2 200 ']) expect(gradeNumber(vat, num(s)).correct, s).toBe(true);
    for (const s of ['2200,01', '2199.99', '22000']) expect(gradeNumber(vat, num(s)).correct, s).toBe(false);
    expect(gradeNumber({ ...vat, answer: '2200.5' }, num('2200.5')).correct).toBe(true);
    expect(gradeNumber({ ...vat, answer: '-5.00' }, num('−5')).correct).toBe(true);
    expect(parseAnswerNumber('2200.005')).toEqual({ ok: false, message: 'Не больше двух знаков после запятой (копейки).' });
    expect(parseAnswerNumber('две тысячи')).toEqual({ ok: false, message: 'Введите число, например 2 200,00.' });
    expect(parseAnswerNumber('1e3').ok).toBe(false);
    expect(parseAnswerNumber('').ok).toBe(false);
  });

  it('spec-cost: says which part is wrong, accepts the engine figure to the kopeck', () => {
    const p = { nameIncludes: 'Табурет', minMaterials: 3, minOperations: 1 };
    expect(gradeSpecCost(p, [], new Dec(1)).message).toBe('Спецификация с названием «Табурет» не найдена. Создайте и сохраните её в «Спецификациях».');
    expect(gradeSpecCost(p, [{ materials: 2, operations: 1, fullCosts: ['100.00'] }], new Dec(100)).message).toBe('Нужно не меньше 3 материалов в спецификации «Табурет».');
    expect(gradeSpecCost(p, [{ materials: 3, operations: 0, fullCosts: ['100.00'] }], new Dec(100)).message).toBe('Нужно не меньше 1 операции в спецификации «Табурет».');
    const ok = [{ materials: 3, operations: 1, fullCosts: ['1234.56', '2469.12'] }];
    expect(gradeSpecCost(p, ok, num('1 234,56')).correct).toBe(true);
    expect(gradeSpecCost(p, ok, num('1 234,57'))).toEqual({ correct: false, message: 'Полная себестоимость по вашей спецификации другая — откройте «Себестоимость» и проверьте.' });
    expect(nameIncludes('Табурёт сосновый', 'ТАБУРЕТ')).toBe(true);
    expect(nameIncludes('Стул', 'Табурет')).toBe(false);
  });

  it('calculator-run: a run with the asked inputs (numbers as decimals)', () => {
    const want = { mode: 'extract', amount: '12200', ratePct: 22 };
    expect(gradeCalculatorRun(want, [{ mode: 'extract', amount: '12 200,00', ratePct: '22' }], 'НДС').correct).toBe(true);
    expect(gradeCalculatorRun(want, [{ mode: 'add', amount: '12200', ratePct: '22' }], 'НДС').message).toMatch(/нет расчёта с данными из задания/);
    expect(gradeCalculatorRun(want, [], 'НДС').message).toBe('Расчёта в калькуляторе «НДС» пока нет: откройте его и посчитайте.');
    expect(gradeCalculatorRun(undefined, [{}], 'НДС').correct).toBe(true);
  });

  it('company-valid', () => {
    expect(gradeCompanyValid(1, 2, true).correct).toBe(true);
    expect(gradeCompanyValid(0, 0, true).message).toBe('Карточки своей компании пока нет: добавьте её в «Компаниях».');
    expect(gradeCompanyValid(0, 1, false).message).toMatch(/реквизиты не проходят проверку/);
  });

  it('a lesson is complete when read and every exercise solved; «Продолжить» goes where the user stopped', () => {
    expect(lessonComplete(true, ['a', 'b'], new Set(['a', 'b']))).toBe(true);
    expect(lessonComplete(false, [], new Set())).toBe(false);
    expect(lessonComplete(true, ['a', 'b'], new Set(['a']))).toBe(false);
    const l = (id: string, completed: boolean, lastSeenAt: string | null) => ({ id, title: id, completed, lastSeenAt });
    expect(continueLesson([l('1', false, null), l('2', false, null)])?.id).toBe('1');
    // The first unfinished lesson in order, whatever was opened last: never past an unopened or unfinished one.
    expect(continueLesson([l('1', false, '2026-11-20'), l('2', false, '2026-11-22'), l('3', false, null)])?.id).toBe('1');
    expect(continueLesson([l('1', true, '2026-11-22'), l('2', false, null)])?.id).toBe('2');
    expect(continueLesson([l('1', false, '2026-11-20'), l('2', true, '2026-11-22'), l('3', false, null)])?.id).toBe('1');
    expect(continueLesson([l('1', false, null), l('2', false, null), l('3', true, '2026-11-22'), l('4', false, null)])?.id).toBe('1');
    expect(continueLesson([l('1', true, '2026-11-20')])).toBeNull();
  });
});
