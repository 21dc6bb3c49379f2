// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec } from '@/lib/domain/money';
import { run } from './helpers';

type Periods = { amount: string; days: number; periods: { from: string; to: string; days: number; debt: string; ratePct: string; fraction: string; amount: string }[] };
const rows = (r: Periods) => r.periods.map((p) => [p.from, p.to, p.days, p.debt, p.ratePct, p.fraction, p.amount]);

describe('partial payments reduce the debt from the day after their date', () => {
  it('ст. 395: 100 000 from 10.01.2026 to 28.02.2026, 40 000 paid on 05.02', () => {
    const r = run('interest-395', { debt: '100000', from: '2026-01-10', to: '2026-02-28', payments: [{ date: '2026-02-05', amount: '40000' }] }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2026-01-10', '2026-02-05', 27, '100000.00', '16', '1/365', '1183.56'],
      ['2026-02-06', '2026-02-15', 10, '60000.00', '16', '1/365', '263.01'],
      ['2026-02-16', '2026-02-28', 13, '60000.00', '15.5', '1/365', '331.23'],
    ]);
    expect(r.amount).toBe('1777.80');
    expect(r.days).toBe(50);
  });
  it('ст. 395: a period over New Year keeps one part per year even at the same rate and year length', () => {
    const r = run('interest-395', { debt: '100000', from: '2025-12-25', to: '2026-01-05' }).result as unknown as Periods;
    expect(r.periods.map((p) => [p.from, p.to, p.days])).toEqual([
      ['2025-12-25', '2025-12-31', 7],
      ['2026-01-01', '2026-01-05', 5],
    ]);
  });
  it('ст. 395: the debt paid off early leaves no periods after the payment', () => {
    const r = run('interest-395', { debt: '1000', from: '2026-03-01', to: '2026-03-31', payments: [{ date: '2026-03-10', amount: '1000' }] }).result as unknown as Periods;
    expect(r.periods.map((p) => [p.from, p.to])).toEqual([['2026-03-01', '2026-03-10']]);
  });
  it('пени организации over the 2026 rule change, with a partial payment', () => {
    const r = run('tax-penalty', {
      debt: '200000',
      dueDate: '2025-12-25',
      paymentDate: '2026-04-10',
      payer: 'organization',
      payments: [{ date: '2026-02-01', amount: '50000' }],
    }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2025-12-26', '2026-01-24', 30, '200000.00', '16', '1/300', '3200.00'],
      ['2026-01-25', '2026-02-01', 8, '200000.00', '16', '1/150', '1706.67'],
      ['2026-02-02', '2026-02-15', 14, '150000.00', '16', '1/150', '2240.00'],
      ['2026-02-16', '2026-03-25', 38, '150000.00', '15.5', '1/150', '5890.00'],
      ['2026-03-26', '2026-04-10', 16, '150000.00', '15.5', '1/300', '1240.00'],
    ]);
    expect(r.amount).toBe('14276.67');
    expect(r.days).toBe(106);
  });
  it('пени организации for days of 2025: 1/300 on days 1–30, 1/150 on days 31–90, 1/300 from day 91 (figures in penalty-history.test.ts)', () => {
    const r = run('tax-penalty', { debt: '100000', dueDate: '2025-06-30', paymentDate: '2025-10-31', payer: 'organization' }).result as unknown as Periods;
    expect(r.periods.map((p) => p.fraction)).toEqual(['1/300', '1/300', '1/150', '1/150', '1/300', '1/300']);
    expect(r.periods.map((p) => p.ratePct)).toEqual(['20', '18', '18', '17', '17', '16.5']);
  });
  it('пени организации, 50 000 of 100 000 paid on 10.02.2026 (the e2e example)', () => {
    const r = run('tax-penalty', { debt: '100000', dueDate: '2026-01-28', paymentDate: '2026-03-09', payer: 'organization', payments: [{ date: '2026-02-10', amount: '50000' }] })
      .result as unknown as Periods;
    expect(r.periods.map((p) => [p.days, p.debt, p.ratePct, p.fraction, p.amount])).toEqual([
      [13, '100000.00', '16', '1/300', '693.33'],
      [5, '50000.00', '16', '1/300', '133.33'],
      [12, '50000.00', '15.5', '1/300', '310.00'],
      [10, '50000.00', '15.5', '1/150', '516.67'],
    ]);
    expect([r.amount, r.days]).toEqual(['1653.33', 40]);
  });
  it('компенсация за задержку: 80 000, 30 000 paid on 20.02.2026', () => {
    const r = run('salary-delay', { amount: '80000', dueDate: '2026-02-05', paymentDate: '2026-03-05', payments: [{ date: '2026-02-20', amount: '30000' }] }).result as unknown as Periods;
    expect(rows(r)).toEqual([
      ['2026-02-06', '2026-02-15', 10, '80000.00', '16', '1/150', '853.33'],
      ['2026-02-16', '2026-02-20', 5, '80000.00', '15.5', '1/150', '413.33'],
      ['2026-02-21', '2026-03-05', 13, '50000.00', '15.5', '1/150', '671.67'],
    ]);
    expect(r.amount).toBe('1938.33');
  });
  it('the steps show each payment and the debt left', () => {
    const steps = run('salary-delay', { amount: '80000', dueDate: '2026-02-05', paymentDate: '2026-03-05', payments: [{ date: '2026-02-20', amount: '30000' }] }).steps;
    expect(steps[0]).toEqual({ label: 'Оплата 20.02.2026: долг со следующего дня', formula: '80\u00a0000,00\u00a0₽ − 30\u00a0000,00\u00a0₽', value: '50\u00a0000,00\u00a0₽' });
    expect(steps.at(-2)!.formula).toBe('50\u00a0000,00\u00a0₽ × 15,5\u00a0% × 1/150 × 13');
  });
  it('refuses a payment outside the period and payments above the debt', () => {
    expect(() => run('interest-395', { debt: '1000', from: '2026-03-01', to: '2026-03-31', payments: [{ date: '2026-04-01', amount: '10' }] })).toThrow(/в периоде 01\.03\.2026 – 31\.03\.2026/);
    expect(() => run('tax-penalty', { debt: '1000', dueDate: '2026-03-01', paymentDate: '2026-03-31', payer: 'individual', payments: [{ date: '2026-03-01', amount: '10' }] })).toThrow(/в периоде 02\.03\.2026/);
    expect(() =>
      run('salary-delay', { amount: '1000', dueDate: '2026-03-01', paymentDate: '2026-03-31', payments: [{ date: '2026-03-05', amount: '600' }, { date: '2026-03-06', amount: '600' }] }),
    ).toThrow(/больше суммы долга/);
  });
});

describe('property: a partial payment splits the debt into two debts', () => {
  it('ст. 395 with a payment ≈ the rest over the whole period + the paid part up to its date (within a kopeck per period)', () => {
    let seed = 99;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    for (let k = 0; k < 60; k += 1) {
      const a = Math.floor(rnd() * 700);
      const b = a + 1 + Math.floor(rnd() * 300);
      const p = a + Math.floor(rnd() * (b - a));
      const debt = (100 + Math.floor(rnd() * 10_000_000)) * 100;
      const paid = Math.floor(rnd() * debt);
      const whole = run('interest-395', { debt: String(debt / 100), from: day(a), to: day(b), payments: [{ date: day(p), amount: String(paid / 100) }] }).result as unknown as Periods;
      const rest = run('interest-395', { debt: String((debt - paid) / 100 || '0.01'), from: day(a), to: day(b) }).result as unknown as Periods;
      const part = paid > 0 ? (run('interest-395', { debt: String(paid / 100), from: day(a), to: day(p) }).result as unknown as Periods) : { amount: '0', periods: [] };
      const restAmount = debt === paid ? new Dec(0) : new Dec(rest.amount);
      const diff = new Dec(whole.amount).minus(restAmount).minus(part.amount).abs();
      const tolerance = new Dec('0.01').times(whole.periods.length + rest.periods.length + part.periods.length);
      expect(diff.lte(tolerance), `${day(a)}–${day(b)} paid ${day(p)}: ${diff.toFixed()}`).toBe(true);
    }
  });
});
