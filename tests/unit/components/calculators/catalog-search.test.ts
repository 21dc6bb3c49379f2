// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CALCULATOR_META } from '@/lib/domain/calculators/meta';
import { builtinMatches, customMatches } from '@/components/calculators/catalog-search';
import { calculatorInputs } from '@/lib/schemas/calculators';
import { FORMS, initialValues, toInput, valuesFromInput, visibleFields } from '@/components/calculators/forms';

const mine = {
  name: 'Цена с НДС и скидкой',
  inputs: [{ name: 'цена', label: 'Цена без НДС' }],
  formulas: [{ name: 'итого', label: 'Итого со скидкой', expr: 'цена * 1.22', kind: 'money' as const }],
};

describe('catalog search: built-in and own calculators alike', () => {
  it('built-ins by title and description, «ё» as «е», case-insensitive', () => {
    expect(CALCULATOR_META.filter((c) => builtinMatches(c, 'ОТПУСК')).map((c) => c.id).sort()).toEqual(['vacation', 'vacation-compensation']);
    expect(CALCULATOR_META.filter((c) => builtinMatches(c, '  ')).length).toBe(19);
  });
  it('own calculators by name, field and formula labels', () => {
    expect(customMatches(mine, '')).toBe(true);
    expect(customMatches(mine, 'скидк')).toBe(true);
    expect(customMatches(mine, 'без ндс')).toBe(true);
    expect(customMatches(mine, 'ИТОГО')).toBe(true);
    expect(customMatches(mine, 'отпуск')).toBe(false);
    expect(customMatches({ ...mine, name: 'Расчёт' }, 'расчет')).toBe(true);
  });
});

describe('calculator form rules', () => {
  it('vacation: the optional income since January goes to the call', () => {
    const v = { ...initialValues('vacation'), earnings: '600 000' };
    expect(toInput('vacation', v)).not.toHaveProperty('incomeBefore');
    const input = toInput('vacation', { ...v, incomeBefore: ' 2 400 000 ' });
    expect(input.incomeBefore).toBe('2 400 000');
    expect(calculatorInputs.vacation.parse(input).incomeBefore).toBe('2400000');
    expect(toInput('vacation', { ...initialValues('vacation'), ...valuesFromInput('vacation', input) })).toEqual(input);
  });
  it('usn: the payer is asked for the year too, and the hint tells ИП with employees get 50 %', () => {
    const v = { ...initialValues('usn'), income: '1 000 000', payer: 'entrepreneur' };
    expect(visibleFields('usn', v).map((f) => f.name)).toContain('payer');
    expect(toInput('usn', v)).toMatchObject({ payer: 'entrepreneur', income: '1 000 000' });
    expect(FORMS.usn!.fields.find((f) => f.name === 'contributions')?.hint).toMatch(/с работниками — до 50 %/);
    expect(visibleFields('usn', { ...v, object: 'income-expenses' }).map((f) => f.name)).not.toContain('payer');
  });
});
