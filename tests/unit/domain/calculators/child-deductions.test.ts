// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { run } from './helpers';

const base = { mode: 'gross', tariff: 'general', accidentPct: '0' };

describe('salary: standard НДФЛ deductions for children (2025+: 1 400 / 2 800 / 6 000, +12 000 disabled, up to 450 000)', () => {
  it('two children in January: (100 000 − 4 200) × 13 % = 12 454', () => {
    const r = run('salary', { ...base, amount: '100000', incomeBefore: '0', month: '2026-01', children: 2 }).result;
    expect(r).toMatchObject({ ndfl: '12454.00', net: '87546.00' });
  });
  it('three children, one disabled: 22 200 a month, the earlier months counted too', () => {
    // (300 000 − 3 × 22 200) × 13 % − (200 000 − 2 × 22 200) × 13 % = 30 342 − 20 228
    const r = run('salary', { ...base, amount: '100000', incomeBefore: '200000', month: '2026-03', children: 3, disabledChildren: 1 }).result;
    expect(r.ndfl).toBe('10114.00');
  });
  it('no deduction in the month the income since January passes 450 000', () => {
    // earlier: 4 × 1 400; (500 000 − 5 600) × 13 % − (400 000 − 5 600) × 13 % = 13 000
    const r = run('salary', { ...base, amount: '100000', incomeBefore: '400000', month: '2026-05', children: 1 });
    expect(r.result.ndfl).toBe('13000.00');
    expect(r.steps.find((s) => s.label.startsWith('Вычеты на детей, данные раньше'))!.value).toBe('5\u00a0600,00\u00a0₽');
  });
  it('the deductions already given can be typed in', () => {
    // (150 000 − 1 400 − 1 400) × 13 % − (100 000 − 1 400) × 13 % = 19 136 − 12 818
    const r = run('salary', { ...base, amount: '50000', incomeBefore: '100000', month: '2026-06', children: 1, deductionsBefore: '1400' }).result;
    expect(r.ndfl).toBe('6318.00');
  });
  it('2024 amounts come from the 2024 row: the second child 1 400, limit 350 000', () => {
    const r = run('salary', { ...base, amount: '100000', incomeBefore: '0', month: '2024-01', children: 2 }).result;
    expect(r.ndfl).toBe('12636.00');
  });
  it('net → gross with the deduction gives back the gross', () => {
    expect(run('salary', { ...base, mode: 'net', amount: '87546', incomeBefore: '0', month: '2026-01', children: 2 }).result.gross).toBe('100000.00');
  });
  it('refuses more disabled children than children', () => {
    expect(() => run('salary', { ...base, amount: '1000', incomeBefore: '0', month: '2026-01', children: 1, disabledChildren: 2 })).toThrow(/больше, чем детей/);
  });
});
