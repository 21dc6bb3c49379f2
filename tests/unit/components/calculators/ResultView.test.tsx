import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultView } from '@/components/calculators/ResultView';
import { FORMS } from '@/components/calculators/forms';
import { run } from '../../domain/calculators/helpers';

const NB = '\u00a0';

describe('ResultView', () => {
  it('shows the УСН advances by period with their due dates', () => {
    const out = run('usn', { year: 2026, object: 'income', entrepreneurWithoutEmployees: true, quarters: [{ income: '500000' }, { income: '700000' }] });
    render(<ResultView outputs={FORMS.usn!.outputs} result={out.result} steps={out.steps} sources={out.sources} />);
    const table = screen.getByRole('table', { name: /Авансовые платежи/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['I квартал', `500${NB}000,00${NB}₽`, `500${NB}000,00${NB}₽`, `30${NB}000,00${NB}₽`, `0,00${NB}₽`, `0,00${NB}₽`, `0,00${NB}₽`, '28.04.2026'],
      ['полугодие', `1${NB}200${NB}000,00${NB}₽`, `1${NB}200${NB}000,00${NB}₽`, `66${NB}390,00${NB}₽`, `5${NB}610,00${NB}₽`, `0,00${NB}₽`, `5${NB}610,00${NB}₽`, '28.07.2026'],
    ]);
    expect(screen.getByTestId('out-payable').textContent).toBe(`5${NB}610,00${NB}₽`);
  });
  it('shows the debt of each period after a partial payment', () => {
    const out = run('salary-delay', { amount: '80000', dueDate: '2026-02-05', paymentDate: '2026-03-05', payments: [{ date: '2026-02-20', amount: '30000' }] });
    render(<ResultView outputs={FORMS['salary-delay']!.outputs} result={out.result} steps={out.steps} sources={out.sources} />);
    const table = screen.getByRole('table', { name: 'Периоды' });
    const debts = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[3]!.textContent);
    expect(debts).toEqual([`80${NB}000,00${NB}₽`, `80${NB}000,00${NB}₽`, `50${NB}000,00${NB}₽`]);
    expect(within(screen.getByRole('table', { name: 'Как посчитано' })).getByText('Оплата 20.02.2026: долг со следующего дня')).toBeTruthy();
  });
  it('names under the steps the law of the rule and the decision of each key rate used', () => {
    const out = run('tax-penalty', { debt: '100000', dueDate: '2026-02-10', paymentDate: '2026-02-20', payer: 'organization' });
    render(<ResultView outputs={FORMS['tax-penalty']!.outputs} result={out.result} steps={out.steps} sources={out.sources} />);
    const basis = screen.getByTestId('calc-sources');
    expect(basis.textContent).toMatch(/^Основание:/);
    const items = within(basis).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toBe('ст. 75 НК РФ — пени за каждый календарный день просрочки уплаты налога (взноса)');
    expect(items).toContain('Решение Совета директоров Банка России от 19.12.2025');
    expect(items).toContain('Решение Совета директоров Банка России от 13.02.2026');
    expect(items).not.toContain('Решение Совета директоров Банка России от 24.10.2025');
    // After the steps, as the page prints them.
    const steps = screen.getByRole('table', { name: 'Как посчитано' });
    expect(steps.compareDocumentPosition(basis) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
