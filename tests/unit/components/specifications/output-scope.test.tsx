import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SpecDocument } from '@/lib/domain/cost';
import { SpecEditor, outputScope } from '@/components/specifications/SpecEditor';

const spec = (outputQty: string): SpecDocument => ({
  schemaVersion: 1,
  name: 'Табурет',
  unit: 'шт',
  outputQty,
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty: '30', price: '100' }],
  operations: [{ id: 'o1', name: 'Сборка', hours: '5', rate: '500' }],
});

describe('the editor says the line quantities are for the whole output', () => {
  it('outputScope: a batch is «на весь выпуск», one unit is «на 1»', () => {
    expect(outputScope('10', 'шт')).toEqual({
      short: 'на весь выпуск: 10 шт',
      summary: 'Количества в строках — на весь выпуск (10 шт), не на единицу. Себестоимость единицы = итог ÷ 10.',
    });
    expect(outputScope('2.5', 'м')).toMatchObject({ short: 'на весь выпуск: 2,5 м' });
    expect(outputScope('1', 'шт').short).toBe('на 1 шт');
    expect(outputScope('', 'шт').short).toBe('на 1 шт');
    expect(outputScope(undefined, '').short).toBe('на 1 ед.');
    // Something not yet a number (being typed) does not claim a batch.
    expect(outputScope('1x', 'шт').short).toBe('на 1 шт');
  });

  it('the quantity columns and the «Выпуск» hint show it', () => {
    render(<SpecEditor value={spec('10')} onChange={() => undefined} />);
    expect(screen.getByTestId('output-scope')).toHaveTextContent('Количества в строках — на весь выпуск (10 шт), не на единицу. Себестоимость единицы = итог ÷ 10.');
    expect(screen.getByLabelText('Выпуск, ед.')).toHaveAccessibleDescription(/на весь выпуск \(10 шт\)/);
    expect(screen.getByRole('columnheader', { name: /Нетто/ })).toHaveTextContent('Неттона весь выпуск: 10 шт');
    expect(screen.getByRole('columnheader', { name: /^Часы/ })).toHaveTextContent('на весь выпуск: 10 шт');
    expect(screen.getByRole('columnheader', { name: /^Машино-часы/ })).toHaveTextContent('на весь выпуск: 10 шт');
  });

  it('with an output of one the columns say «на 1 шт»', () => {
    render(<SpecEditor value={spec('1')} onChange={() => undefined} />);
    expect(screen.getByRole('columnheader', { name: /Нетто/ })).toHaveTextContent('на 1 шт');
    expect(screen.getByTestId('output-scope')).toHaveTextContent('на 1 шт, итог и есть себестоимость единицы');
  });
});
