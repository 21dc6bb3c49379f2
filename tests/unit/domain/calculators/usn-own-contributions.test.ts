// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

// The rule: «when `contributions` is omitted for an ИП, the year's own contributions are computed and used» —
// for an ИП without employees (up to 100 % of the tax) and with employees (up to 50 %).
describe('usn «доходы»: an ИП\'s own contributions when `contributions` is omitted', () => {
  it('an ИП with employees: own contributions computed, the reduction capped at 50 %', () => {
    // 1 000 000 × 6 % = 60 000; own 57 390 + 1 % × 700 000 = 64 390; cap 30 000 → tax 30 000
    const r = run('usn', { year: 2026, object: 'income', income: '1000000', payer: 'entrepreneur' });
    expect(r.result).toMatchObject({ taxBase: '1000000.00', deduction: '30000.00', tax: '30000.00', payable: '30000.00' });
    expect(r.steps.map((s) => s.label)).toContain('Взносы ИП за себя (взносы за работников не указаны)');
    expect(r.steps.find((s) => s.label.startsWith('Уменьшение'))?.label).toMatch(/50/);
  });
  it('with employees below the cap the whole own contributions reduce the tax', () => {
    // 3 000 000 × 6 % = 180 000; own 57 390 + 27 000 = 84 390 < 90 000 → tax 95 610
    expect(run('usn', { year: 2026, object: 'income', income: '3000000', payer: 'entrepreneur', entrepreneurWithoutEmployees: false }).result).toMatchObject({
      deduction: '84390.00',
      tax: '95610.00',
    });
  });
  it('without employees the same income is reduced up to 100 %', () => {
    expect(run('usn', { year: 2026, object: 'income', income: '1000000', payer: 'entrepreneur', entrepreneurWithoutEmployees: true }).result).toMatchObject({
      deduction: '60000.00',
      tax: '0.00',
    });
  });
  it('an organisation without `contributions` gets no reduction', () => {
    expect(run('usn', { year: 2026, object: 'income', income: '1000000' }).result).toMatchObject({ deduction: '0.00', tax: '60000.00' });
    expect(run('usn', { year: 2026, object: 'income', income: '1000000', payer: 'organization' }).result).toMatchObject({ deduction: '0.00', tax: '60000.00' });
  });
  it('given `contributions` win over the computed ones', () => {
    expect(run('usn', { year: 2026, object: 'income', income: '1000000', payer: 'entrepreneur', contributions: '10000' }).result).toMatchObject({
      deduction: '10000.00',
      tax: '50000.00',
    });
  });
  it('by quarters an ИП with employees: own contributions cumulative, each period capped at 50 %', () => {
    const q = { income: '250000' };
    const r = run('usn', { year: 2026, object: 'income', payer: 'entrepreneur', quarters: [q, q, q, q] }).result as {
      advances: { deduction: string; tax: string; payable: string; dueDate: string }[];
    };
    // tax 15 000 / 30 000 / 45 000 / 60 000; own contributions ≥ 57 390 each time → half of the tax
    expect(r.advances.map((a) => [a.deduction, a.tax, a.payable])).toEqual([
      ['7500.00', '7500.00', '7500.00'],
      ['15000.00', '15000.00', '7500.00'],
      ['22500.00', '22500.00', '7500.00'],
      ['30000.00', '30000.00', '7500.00'],
    ]);
    expect(r.advances[3]!.dueDate).toBe('2027-04-28');
  });
  it('«доходы − расходы» is not reduced by contributions', () => {
    expect(run('usn', { year: 2026, object: 'income-expenses', income: '5000000', expenses: '3000000', payer: 'entrepreneur' }).result).toMatchObject({
      deduction: '0.00',
      tax: '300000.00',
    });
  });
});
