// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { runSummary } from '@/components/calculators/run-summary';

const NB = '\u00a0';

describe('a recent run read through the calculator form', () => {
  it('tax penalty: formatted amount, dates with the full year, the payer in Russian', () => {
    const s = runSummary('tax-penalty', { debt: '100000', dueDate: '2026-04-28', paymentDate: '2026-11-25', payer: 'organization' }, 4);
    expect(s).toEqual([`Недоимка: 100${NB}000,00${NB}₽`, 'Срок уплаты: 28.04.2026', 'Дата уплаты: 25.11.2026', 'Организация']);
    expect(s.join(' ')).not.toMatch(/organization|2026-04-28/);
  });

  it('VAT: the options show their names, the rate its percent', () => {
    expect(runSummary('vat', { amount: '1234.56', mode: 'extract', ratePct: '22' })).toEqual([`Сумма: 1${NB}234,56${NB}₽`, 'Выделить НДС (сумма с НДС)', '22 %']);
  });

  it('months, years of service and typed grouping', () => {
    expect(runSummary('salary', { mode: 'gross', amount: '100 000', incomeBefore: '0', month: '2026-03' })).toEqual([
      'Начислено (до НДФЛ)',
      `Сумма за месяц: 100${NB}000,00${NB}₽`,
      `Доход с начала года до этого месяца: 0,00${NB}₽`,
    ]);
    expect(runSummary('sick-leave', { startDate: '2026-02-01', insuranceYears: '5', days: '10', earnings: [{ year: 2024, amount: '1' }, { year: 2025, amount: '2' }] }, 5)).toContain(
      'Страховой стаж: 5 лет',
    );
  });

  it('negative numbers keep the minus sign; text it cannot read stays as typed', () => {
    expect(runSummary('investment', { investment: '-5', ratePct: '10' }, 1)[0]).toMatch(/\u22125,00/);
    expect(runSummary('vat', { amount: 'abc', mode: 'add' }, 1)).toEqual(['Сумма: abc']);
  });
});
