import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SpecDocument } from '@/lib/domain/cost';
import { SpecEditor, defaultReturnableQty, type LinkableSet, type SpecEditorProps } from '@/components/specifications/SpecEditor';

const spec = (over: Partial<SpecDocument> = {}): SpecDocument => ({
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  outputQty: '1',
  materials: [
    { id: 'm1', name: 'Щит', unit: 'м²', qty: '0.4', wastePct: '10', wasteMode: 'uplift', price: '2000' },
    { id: 'm2', name: 'Крепёж', unit: 'шт', qty: '1', price: '150' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
  ...over,
});

function Harness({ initial, onDoc, processSets, supplierPrices }: { initial: SpecDocument; onDoc?: (d: SpecDocument) => void; processSets?: LinkableSet[]; supplierPrices?: SpecEditorProps['supplierPrices'] }) {
  const [doc, setDoc] = useState(initial);
  return (
    <SpecEditor
      value={doc}
      processSets={processSets}
      supplierPrices={supplierPrices}
      onChange={(next) =>
        setDoc((prev) => {
          const d = typeof next === 'function' ? next(prev) : next;
          onDoc?.(d);
          return d;
        })
      }
    />
  );
}

describe('SpecEditor: returnable waste', () => {
  it('brutto − netto is the default quantity, shown as the placeholder', () => {
    expect(defaultReturnableQty({ id: 'a', name: 'x', unit: 'м²', qty: '0.4', wastePct: '10' })).toBe('0,04');
    expect(defaultReturnableQty({ id: 'a', name: 'x', unit: 'м²', qty: '1.1', wastePct: '15', wasteMode: 'share' })).toBe('0,1941');
    expect(defaultReturnableQty({ id: 'a', name: 'x', unit: 'м²', qty: 'abc', wastePct: '10' })).toBe('');
    render(<Harness initial={spec()} />);
    expect(screen.getByLabelText('Материал 1: возвратные отходы, количество')).toHaveAttribute('placeholder', '0,04');
    expect(screen.getByLabelText('Материал 2: возвратные отходы, количество')).toHaveAttribute('placeholder', '0');
  });

  it('the quantity and the price are both editable; emptying both removes the returnable waste', () => {
    let last: SpecDocument | undefined;
    render(<Harness initial={spec()} onDoc={(d) => (last = d)} />);
    fireEvent.change(screen.getByLabelText('Материал 1: возвратные отходы, цена'), { target: { value: '50' } });
    expect(last?.materials[0]?.returnable).toEqual({ price: '50' });
    fireEvent.change(screen.getByLabelText('Материал 1: возвратные отходы, количество'), { target: { value: '0,03' } });
    expect(last?.materials[0]?.returnable).toEqual({ qty: '0,03', price: '50' });
    expect(screen.getByLabelText('Материал 1: возвратные отходы, количество')).toHaveValue('0,03');
    fireEvent.change(screen.getByLabelText('Материал 1: возвратные отходы, количество'), { target: { value: '' } });
    expect(last?.materials[0]?.returnable).toEqual({ price: '50' });
    fireEvent.change(screen.getByLabelText('Материал 1: возвратные отходы, цена'), { target: { value: '' } });
    expect(last?.materials[0]?.returnable).toBeUndefined();
    expect(last?.materials[1]?.returnable).toBeUndefined();
  });
});

describe('SpecEditor: prices with or without VAT', () => {
  it('the header says «без НДС» by default; the document control sets every line; a line alone makes it mixed', () => {
    let last: SpecDocument | undefined;
    render(<Harness initial={spec()} onDoc={(d) => (last = d)} />);
    expect(screen.getByTestId('price-header')).toHaveTextContent('Цена, ₽ без НДС');
    const mode = screen.getByLabelText('Цены материалов указаны');
    expect(mode).toHaveValue('without');

    fireEvent.change(mode, { target: { value: 'with' } });
    expect(last?.materials.map((m) => m.priceIncludesVat)).toEqual([true, true]);
    expect(screen.getByTestId('price-header')).toHaveTextContent('Цена, ₽ с НДС');
    expect(screen.getByLabelText('Материал 2: цена с НДС')).toBeChecked();

    fireEvent.click(screen.getByLabelText('Материал 2: цена с НДС'));
    expect(last?.materials[1]?.priceIncludesVat).toBeUndefined();
    expect(screen.getByTestId('price-header')).toHaveTextContent('по строке');
    expect(mode).toHaveValue('mixed');

    fireEvent.change(mode, { target: { value: 'without' } });
    expect(last?.materials.map((m) => !!m.priceIncludesVat)).toEqual([false, false]);
    expect(screen.getByTestId('price-header')).toHaveTextContent('Цена, ₽ без НДС');
  });

  it('a new free-text line does not inherit «с НДС» from the lines above: it starts with the user’s default basis', () => {
    let last: SpecDocument | undefined;
    const withVat = spec({ materials: [{ id: 'm1', name: 'Щит', unit: 'м²', qty: '1', price: '10', priceIncludesVat: true }] });
    const { unmount } = render(<Harness initial={withVat} supplierPrices={{ basis: 'without' }} onDoc={(d) => (last = d)} />);
    fireEvent.click(screen.getByRole('button', { name: /Добавить материал/ }));
    expect(last?.materials[1]?.priceIncludesVat).toBeUndefined();
    // …and the line shows it: its «с НДС» box is clear while the first line's is ticked.
    expect(screen.getByLabelText('Материал 2: цена с НДС')).not.toBeChecked();
    expect(screen.getByLabelText('Материал 1: цена с НДС')).toBeChecked();
    expect(screen.getByTestId('price-header')).toHaveTextContent('по строке');
    unmount();

    // No setting loaded yet: without VAT, whatever the lines above have.
    render(<Harness initial={withVat} onDoc={(d) => (last = d)} />);
    fireEvent.click(screen.getByRole('button', { name: /Добавить материал/ }));
    expect(last?.materials[1]?.priceIncludesVat).toBeUndefined();
  });

  it('a price not subject to VAT reads «без НДС» with its box clear; ticking it makes it a price with VAT', () => {
    let last: SpecDocument | undefined;
    const exempt = spec({ materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty: '3.3', price: '99', priceIncludesVat: true, priceVatPct: 'none' }] });
    render(<Harness initial={exempt} onDoc={(d) => (last = d)} />);
    const box = screen.getByLabelText('Материал 1: цена с НДС');
    expect(box).not.toBeChecked();
    expect(box.closest('label')).toHaveTextContent('без НДС');
    fireEvent.click(box);
    expect(last?.materials[0]).toMatchObject({ priceIncludesVat: true, priceVatPct: undefined });
    expect(screen.getByLabelText('Материал 1: цена с НДС')).toBeChecked();
  });

  it('a user whose default is «с НДС» gets new lines with VAT under lines without it', () => {
    let last: SpecDocument | undefined;
    render(<Harness initial={spec()} supplierPrices={{ basis: 'with' }} onDoc={(d) => (last = d)} />);
    fireEvent.click(screen.getByRole('button', { name: /Добавить материал/ }));
    expect(last?.materials.map((m) => !!m.priceIncludesVat)).toEqual([false, false, true]);
    expect(screen.getByLabelText('Материал 3: цена с НДС')).toBeChecked();
  });

  it('the header shows the default and changes it through the page; without a setter there is no such field', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness initial={spec()} supplierPrices={{ basis: 'without', onChange }} />);
    const field = screen.getByLabelText('Цены поставщиков по умолчанию');
    expect(field).toHaveValue('without');
    expect(field).toHaveDisplayValue('без НДС');
    fireEvent.change(field, { target: { value: 'with' } });
    expect(onChange).toHaveBeenCalledWith('with');
    unmount();
    render(<Harness initial={spec()} supplierPrices={{ basis: 'with' }} />);
    expect(screen.queryByLabelText('Цены поставщиков по умолчанию')).toBeNull();
  });
});

describe('SpecEditor: a sheet material’s quantity', () => {
  it('stays editable and exactly as typed; the sheet button is still there to propose one', () => {
    let last: SpecDocument | undefined;
    const sheetLine = { id: 'm1', name: 'ЛДСП 16 мм', unit: 'м²', qty: '0,6202', price: '500', itemId: 'i1', sheet: { by: 'area' as const, areaM2: '0,62', utilisationPct: '100' } };
    render(<Harness initial={spec({ materials: [sheetLine] })} onDoc={(d) => (last = d)} />);
    const qty = screen.getByLabelText('Материал 1: количество');
    expect(qty).not.toHaveAttribute('readonly');
    fireEvent.change(qty, { target: { value: '0,62' } });
    expect(last?.materials[0]?.qty).toBe('0,62');
    expect(qty).toHaveValue('0,62');
    expect(last?.materials[0]?.sheet).toEqual(sheetLine.sheet);
    expect(screen.getByRole('button', { name: 'Материал 1: листы или м²' })).toBeInTheDocument();
  });
});

describe('SpecEditor: a linked business-process set', () => {
  const sets: LinkableSet[] = [
    {
      id: 'set-1',
      name: 'Столярка',
      steps: [
        { id: 's1', name: 'Распил', role: 'Столяр', time: '30', timeUnit: 'мин', rate: '600', equipment: { name: 'Пила', machineRate: '100', powerKw: '2', tariff: '7' } },
        { id: 's2', name: 'Сборка', time: '1', timeUnit: 'ч', rate: '500', workers: '2' },
      ],
    },
  ];

  it('shows the set’s steps read-only as the operations the calculation uses, with a link to the set', () => {
    render(<Harness initial={spec({ outputQty: '2', processSetId: 'set-1' })} processSets={sets} />);
    const region = screen.getByRole('region', { name: 'Операции из набора процессов' });
    expect(within(region).getByRole('heading')).toHaveTextContent('Операции из набора процессов «Столярка»');
    expect(within(region).getByRole('link', { name: /открыть набор/ })).toHaveAttribute('href', '/business-processes/set-1');
    const table = within(region).getByRole('table', { name: 'Операции набора процессов' });
    const rows = within(table).getAllByRole('row').slice(1);
    // outputQty 2: 30 мин × 2 = 1 ч; 1 ч × 2 workers × 2 = 4 ч (as operationsOfSet gives the server)
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['1', 'Распил (Столяр)', '1', '600', '1', '100'],
      ['2', 'Сборка', '4', '500', '', ''],
    ]);
    expect(within(region).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(region).getByRole('list', { name: 'Энергия оборудования набора' })).toHaveTextContent('Электроэнергия: Пила: 2 кВт·ч × 7 ₽ — статья 4');
    // the own operations stay, labelled as added to the set's
    expect(screen.getByRole('heading', { name: 'Собственные операции спецификации' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Собственные операции' })).toBeInTheDocument();
  });

  it('without a set there is no such section; a set that is gone is reported', () => {
    const { unmount } = render(<Harness initial={spec()} processSets={sets} />);
    expect(screen.queryByRole('region', { name: 'Операции из набора процессов' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Операции' })).toBeInTheDocument();
    unmount();
    render(<Harness initial={spec({ processSetId: 'gone' })} processSets={sets} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Набор процессов не найден');
  });

  it('choosing a set in the header shows its steps', () => {
    render(<Harness initial={spec()} processSets={sets} />);
    fireEvent.change(screen.getByLabelText('Операции из набора процессов'), { target: { value: 'set-1' } });
    expect(screen.getByRole('table', { name: 'Операции набора процессов' })).toHaveTextContent('Распил (Столяр)');
  });
});

describe('SpecEditor: names are seen whole', () => {
  it('a material’s and an operation’s name wrap inside the column (a text area one line high); Enter adds no line, a pasted break is a space', () => {
    let last: SpecDocument | undefined;
    const long = 'Саморез по дереву 4×16 оцинкованный, с потайной головкой, упаковка 1000 шт';
    render(<Harness initial={spec({ materials: [{ id: 'm1', name: long, unit: 'шт', qty: '1', price: '1' }] })} onDoc={(d) => (last = d)} />);
    const name = screen.getByLabelText('Материал 1: наименование');
    expect(name.tagName).toBe('TEXTAREA');
    expect(name).toHaveValue(long);
    expect(name).toHaveAttribute('rows', '1');
    expect(fireEvent.keyDown(name, { key: 'Enter' })).toBe(false);
    fireEvent.change(name, { target: { value: 'Саморез\n4×16' } });
    expect(last?.materials[0]?.name).toBe('Саморез 4×16');
    const op = screen.getByLabelText('Операция 1: название');
    expect(op.tagName).toBe('TEXTAREA');
    fireEvent.change(op, { target: { value: 'Сборка\r\nи упаковка' } });
    expect(last?.operations[0]?.name).toBe('Сборка и упаковка');
  });
});
