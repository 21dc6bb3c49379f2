// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calculatorInputs } from '@/lib/schemas/calculators';
import { addRateSchema } from '@/lib/schemas/calculators-rates';
import { issuesToFields } from '@/lib/schemas/envelope';

describe('calculator input schemas', () => {
  it('normalizes numbers, ints and booleans from any wire form', () => {
    const r = calculatorInputs.usn.parse({ year: '2026', income: '1 234 567,89', entrepreneurWithoutEmployees: 'true', expenses: '' });
    expect(r).toEqual({ year: 2026, object: 'income', income: '1234567.89', entrepreneurWithoutEmployees: true });
    expect(calculatorInputs.investment.parse({ investment: 1e6, cashFlows: '["-5", 7]', ratePct: '10' }).cashFlows).toEqual(['-5', '7']);
  });
  it('gives Russian messages', () => {
    const r = calculatorInputs.loan.safeParse({ principal: '-1', annualRatePct: 'abc', months: '1.5' });
    expect(r.success).toBe(false);
    expect(issuesToFields(r.error!.issues)).toEqual({
      principal: 'Значение должно быть больше нуля.',
      annualRatePct: 'Введите число: цифры и одна запятая, например 1 234,56.',
      months: 'Введите целое число.',
    });
  });
  it('exactly one of markup / margin / price', () => {
    expect(calculatorInputs.markup.safeParse({ cost: '1' }).success).toBe(false);
    expect(calculatorInputs.markup.safeParse({ cost: '1', price: '2' }).success).toBe(true);
  });
  it('rate rows are validated by kind', () => {
    expect(addRateSchema.parse({ kind: 'key_rate', effectiveFrom: '2026-03-23', value: '15,0', source: 'ЦБ РФ' }).value).toBe('15');
    const bad = addRateSchema.safeParse({ kind: 'key_rate', effectiveFrom: '2026-13-01', value: '101', source: '' });
    expect(bad.success).toBe(false);
    expect(Object.keys(issuesToFields(bad.error!.issues)).sort()).toEqual(['effectiveFrom', 'source']);
  });
});
