// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CALCULATORS } from '@/lib/domain/calculators';
import { calculatorInputs, type CalculatorId } from '@/lib/schemas/calculators';
import { FORMS, fieldsOf, formErrors, initialValues, localErrors, toInput, valuesFromInput } from '@/components/calculators/forms';
import { parseRuDate, parseRuMonth } from '@/lib/domain/format/date';
import { formatOutput } from '@/components/calculators/format-output';

describe('calculator forms', () => {
  it('every calculator has a form and an input schema', () => {
    for (const c of CALCULATORS) {
      expect(FORMS[c.id], c.id).toBeDefined();
      expect(calculatorInputs[c.id as CalculatorId], c.id).toBeDefined();
    }
  });

  it('reads Russian dates and months', () => {
    expect(parseRuDate('28.01.2026')).toBe('2026-01-28');
    expect(parseRuDate('5.1.26')).toBe('2026-01-05');
    expect(parseRuDate('2026-02-16')).toBe('2026-02-16');
    expect(parseRuDate('30.02.2026')).toBeNull();
    expect(parseRuDate('завтра')).toBeNull();
    expect(parseRuMonth('01.2026')).toBe('2026-01');
    expect(parseRuMonth('13.2026')).toBeNull();
  });

  it('builds inputs the schema accepts from typed values', () => {
    const cases: Record<string, Record<string, string>> = {
      'tax-penalty': { debt: '100 000', dueDate: '28.01.2026', paymentDate: '09.03.2026', payer: 'organization' },
      investment: { investment: '1 000 000', cashFlows: '300 000; 400 000; 500 000', ratePct: '10' },
      'sick-leave': { startDate: '10.03.2026', earnings1: '1 000 000', earnings2: '1 200 000', insuranceYears: '6', days: '10' },
      vacation: { earnings: '550 000', fullMonths: '11', partialMonths: '30/15', days: '14' },
      'vacation-compensation': { ...initialValues('vacation-compensation'), monthsWorked: '11', averageDaily: '1 500', elevenMonthsFullYear: 'true' },
      markup: { cost: '1 000', by: 'marginPct', marginPct: '30', markupPct: '99' },
    };
    for (const [id, typed] of Object.entries(cases)) {
      const input = toInput(id, { ...initialValues(id), ...typed });
      const parsed = calculatorInputs[id as CalculatorId].safeParse(input);
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(toInput('markup', { cost: '1', by: 'marginPct', marginPct: '30', markupPct: '99' })).toEqual({ cost: '1', marginPct: '30' });
    expect(toInput('sick-leave', { startDate: '10.03.2026', earnings1: '1', earnings2: '2', insuranceYears: '6', days: '1' }).earnings).toEqual([
      { year: 2024, amount: '1' },
      { year: 2025, amount: '2' },
    ]);
  });

  it('checks dates locally with a Russian message', () => {
    expect(localErrors('tax-penalty', { dueDate: '2026/01/28' })).toEqual({ dueDate: 'Введите дату как дд.мм.гггг, например 28.01.2026.' });
    expect(localErrors('tax-penalty', { dueDate: '28.01.2026' })).toEqual({});
  });

  it('maps server field paths to form fields', () => {
    expect(formErrors('investment', { 'input.cashFlows.1': 'Введите число.', 'input.ratePct': 'x', 'input.other': 'y' })).toEqual({
      cashFlows: 'Введите число.',
      ratePct: 'x',
      _: 'y',
    });
    expect(formErrors('sick-leave', { 'input.earnings.1.amount': 'z' })).toEqual({ earnings2: 'z' });
  });

  it('stored inputs come back as form values', () => {
    expect(valuesFromInput('investment', { investment: '1', cashFlows: ['2', '3'], ratePct: '10' })).toEqual({ investment: '1', cashFlows: '2; 3', ratePct: '10' });
    expect(valuesFromInput('markup', { cost: '1', price: '2' })).toMatchObject({ by: 'price' });
  });

  it('partial payments, УСН quarters and child deductions go from typed text to inputs the schema accepts, and back', () => {
    const typed: Record<string, Record<string, string>> = {
      'interest-395': { debt: '100 000', from: '10.01.2026', to: '28.02.2026', payments: '05.02.2026 40 000; 20.02.26 1 000,50' },
      usn: { object: 'income-expenses', by: 'quarters', qIncome: '1 000 000; 1 000 000', qExpenses: '800 000; 900 000', payer: 'entrepreneur', year: '2026' },
      salary: { amount: '100 000', month: '01.2026', children: '2', disabledChildren: '1' },
    };
    for (const [id, values] of Object.entries(typed)) {
      const input = toInput(id, { ...initialValues(id), ...values });
      const parsed = calculatorInputs[id as CalculatorId].safeParse(input);
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const back = valuesFromInput(id, input);
      expect(toInput(id, { ...initialValues(id), ...back }), id).toEqual(input);
    }
    expect(toInput('interest-395', { debt: '1', from: '01.01.2026', to: '02.02.2026', payments: '05.01.2026 40 000' }).payments).toEqual([{ date: '2026-01-05', amount: '40 000' }]);
    expect(toInput('usn', { ...initialValues('usn'), by: 'quarters', qIncome: '1; 2', qContributions: '3' }).quarters).toEqual([
      { income: '1', contributions: '3' },
      { income: '2', contributions: '0' },
    ]);
    expect(localErrors('salary-delay', { payments: '40 000' })).toEqual({ payments: 'Запишите оплаты как «дд.мм.гггг сумма», через точку с запятой.' });
    expect(formErrors('usn', { 'input.quarters.1.expenses': 'x' })).toEqual({ qExpenses: 'x' });
    expect(formErrors('tax-penalty', { 'input.payments.0.date': 'y' })).toEqual({ payments: 'y' });
  });

  it('formats outputs in Russian', () => {
    expect(formatOutput('money', '1234.5')).toBe('1\u00a0234,50\u00a0₽');
    expect(formatOutput('percent', '42.86')).toBe('42,86\u00a0%');
    expect(formatOutput('days', 40)).toBe('40 дней');
    expect(formatOutput('days', 21)).toBe('21 день');
    expect(formatOutput('days', 11)).toBe('11 дней');
    expect(formatOutput('years', '1.00')).toBe('1,00 год');
    expect(formatOutput('money', '-5')).toBe('\u22125,00\u00a0₽');
    expect(formatOutput('years', '2.60')).toBe('2,60 года');
    expect(formatOutput('years', '5.00')).toBe('5,00 лет');
    expect(formatOutput('money', null)).toBe('—');
  });

  it('the 11-month rule is a checkbox with its source, off by default', () => {
    const f = FORMS['vacation-compensation']!.fields.find((x) => x.name === 'elevenMonthsFullYear')!;
    expect(f.kind).toBe('check');
    expect(f.hint).toMatch(/п\. 28 Правил об очередных и дополнительных отпусках/);
    expect(initialValues('vacation-compensation').elevenMonthsFullYear).toBe('false');
    const parsed = calculatorInputs['vacation-compensation'].safeParse(toInput('vacation-compensation', { ...initialValues('vacation-compensation'), monthsWorked: '11', averageDaily: '1500' }));
    expect(parsed.data).toMatchObject({ elevenMonthsFullYear: false });
    expect(valuesFromInput('vacation-compensation', { monthsWorked: 11, elevenMonthsFullYear: true }).elevenMonthsFullYear).toBe('true');
  });

  it('takes the figures set by law from the rate tables, not from the form', () => {
    const law = {
      date: '2027-01-01',
      vatPct: '20',
      vatRates: ['20', '12', '0'],
      contributionsPct: '31',
      contributionsAboveCapPct: '15.5',
      msp: { aboveMrotPct: '14', mrotMultiplier: '2' },
      mspManufacturing: { aboveMrotPct: '7.5', mrotMultiplier: '1.25' },
    };
    expect(initialValues('vat').ratePct).toBeUndefined();
    expect(initialValues('vat', law).ratePct).toBe('20');
    expect(fieldsOf('vat', law).find((f) => f.name === 'ratePct')?.options?.map((o) => o.label)).toEqual(['20 %', '12 %', '0 %']);
    for (const id of ['salary', 'employee-contributions']) {
      expect(fieldsOf(id, law).find((f) => f.name === 'tariff')?.options?.map((o) => o.label), id).toEqual([
        'Общий тариф (31 % / 15,5 %)',
        'МСП: 14 % сверх 2 МРОТ',
        'МСП обрабатывающих производств: 7,5 % сверх 1,25 МРОТ',
      ]);
    }
  });
});
