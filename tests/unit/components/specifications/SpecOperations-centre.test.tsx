import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Operation, SpecDocument } from '@/lib/domain/cost';
import type { WorkCentre } from '@/lib/schemas/catalog';
import { SpecEditor } from '@/components/specifications/SpecEditor';
import type { Centres } from '@/components/specifications/SpecOperationCentre';

const NB = '\u00a0';
const CUT = '0b6f1c3e-8a41-4c2d-9f07-5d2e4a6b7c81';
const GLUE = '5a0e2b7d-1c93-4f6a-8e25-7b4d9c0a3f12';
const OLD = 'c3d4e5f6-0718-4293-a4b5-c6d7e8f90a1b';

const centre = (id: string, name: string, hourlyRate: string, machineHourRate: string, archived = false): WorkCentre => ({
  id,
  name,
  kind: 'work-centre',
  hourlyRate,
  machineHourRate,
  notes: '',
  archived,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const CENTRES = [centre(CUT, 'Раскрой', '612.50', '240.00'), centre(GLUE, 'Склейка', '480.00', '0.00'), centre(OLD, 'Старый пресс', '300.00', '0.00', true)];

const spec = (operations: Operation[]): SpecDocument => ({ schemaVersion: 1, name: 'Полка', unit: 'шт', outputQty: '1', materials: [], operations });

function Harness({ initial, centres, onDoc }: { initial: SpecDocument; centres?: Centres; onDoc?: (d: SpecDocument) => void }) {
  const [doc, setDoc] = useState(initial);
  return (
    <SpecEditor
      value={doc}
      workCentres={centres}
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

describe('SpecEditor: an operation on a work centre', () => {
  it('picking a centre takes its rates into the line, shows them and locks them; «— нет —» unlinks and leaves them the line\'s own', () => {
    let last: SpecDocument | undefined;
    render(<Harness initial={spec([{ id: 'o1', name: 'Раскрой плиты', hours: '1,5', rate: '500', machineHours: '0,75' }])} centres={CENTRES} onDoc={(d) => (last = d)} />);
    const table = screen.getByRole('table', { name: 'Операции' });
    expect(within(table).getByRole('columnheader', { name: 'Рабочий центр' })).toBeInTheDocument();
    const picker = screen.getByLabelText('Операция 1: рабочий центр');
    // Archived centres are not offered to a line that does not use one; each option says what it gives.
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['— нет —', `Раскрой — 612,50${NB}₽/ч, маш.-ч 240,00${NB}₽`, `Склейка — 480,00${NB}₽/ч`]);
    expect(screen.getByLabelText('Операция 1: ставка')).not.toHaveAttribute('readonly');

    fireEvent.change(picker, { target: { value: CUT } });
    expect(last!.operations[0]).toEqual({ id: 'o1', name: 'Раскрой плиты', hours: '1,5', rate: '612,50', machineHours: '0,75', machineRate: '240,00', workCentreId: CUT });
    expect(screen.getByLabelText('Операция 1: ставка')).toHaveValue('612,50');
    expect(screen.getByLabelText('Операция 1: ставка')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Операция 1: ставка машино-часа')).toHaveValue('240,00');
    expect(screen.getByLabelText('Операция 1: ставка машино-часа')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Операция 1: часы')).not.toHaveAttribute('readonly');
    expect(screen.getByTestId('op-1-centre-hint').textContent).toBe(`Ставки центра: 612,50${NB}₽/ч, маш.-ч 240,00${NB}₽`);
    expect(picker).toHaveAccessibleDescription(`Ставки центра: 612,50${NB}₽/ч, маш.-ч 240,00${NB}₽`);

    // A centre without a machine-hour rate gives the line none (its machine rate was the previous centre's).
    fireEvent.change(picker, { target: { value: GLUE } });
    expect(last!.operations[0]).toMatchObject({ rate: '480,00', machineRate: '0,00', workCentreId: GLUE });

    fireEvent.change(picker, { target: { value: '' } });
    expect(last!.operations[0]).toEqual({ id: 'o1', name: 'Раскрой плиты', hours: '1,5', rate: '480,00', machineHours: '0,75', machineRate: '0,00', workCentreId: undefined });
    expect(screen.getByLabelText('Операция 1: ставка')).not.toHaveAttribute('readonly');
    expect(screen.queryByTestId('op-1-centre-hint')).toBeNull();
    fireEvent.change(screen.getByLabelText('Операция 1: ставка'), { target: { value: '510' } });
    expect(last!.operations[0]!.rate).toBe('510');
  });

  it('a line without a machine rate on a labour-only centre gets none; a new operation offers the centres too', () => {
    let last: SpecDocument | undefined;
    render(<Harness initial={spec([])} centres={CENTRES} onDoc={(d) => (last = d)} />);
    fireEvent.click(screen.getByRole('button', { name: /Добавить операцию/ }));
    fireEvent.change(screen.getByLabelText('Операция 1: рабочий центр'), { target: { value: GLUE } });
    expect(last!.operations[0]).toMatchObject({ rate: '480,00', workCentreId: GLUE });
    expect(last!.operations[0]!.machineRate).toBeUndefined();
    expect(screen.getByTestId('op-1-centre-hint').textContent).toBe(`Ставки центра: 480,00${NB}₽/ч`);
  });

  it('says when the centre\'s rates moved on since the save, names an archived centre, and one it cannot see', () => {
    render(
      <Harness
        initial={spec([
          { id: 'o1', name: 'Раскрой', hours: '1', rate: '500', machineHours: '1', machineRate: '240', workCentreId: CUT },
          { id: 'o2', name: 'Прессовка', hours: '1', rate: '300', workCentreId: OLD },
          { id: 'o3', name: 'Покраска', hours: '1', rate: '700', workCentreId: 'ffffffff-0000-4000-8000-000000000000' },
        ])}
        centres={CENTRES}
      />,
    );
    expect(screen.getByTestId('op-1-centre-hint').textContent).toBe(`Ставки центра теперь 612,50${NB}₽/ч, маш.-ч 240,00${NB}₽ — расчёт берёт их; в строке — сохранённые, «Пересчитать» запишет новые.`);
    expect(screen.getByLabelText('Операция 1: ставка')).toHaveValue('500');
    const second = screen.getByLabelText('Операция 2: рабочий центр');
    expect(second).toHaveValue(OLD);
    expect(within(second).getByRole('option', { selected: true }).textContent).toBe(`Старый пресс (в архиве) — 300,00${NB}₽/ч`);
    expect(screen.getByTestId('op-2-centre-hint').textContent).toBe(`Ставки центра: 300,00${NB}₽/ч`);
    const third = screen.getByLabelText('Операция 3: рабочий центр');
    expect(within(third).getByRole('option', { selected: true })).toHaveTextContent('центр недоступен');
    expect(screen.getByTestId('op-3-centre-hint').textContent).toBe('Рабочий центр недоступен: расчёт возьмёт ваш центр с тем же названием, иначе ставки строки.');
    expect(screen.getByLabelText('Операция 3: ставка')).toHaveAttribute('readonly');
  });

  it('waits for the centres with the picker disabled; without them (the /cost draft) there is no such column', () => {
    const { unmount } = render(<Harness initial={spec([{ id: 'o1', name: 'Раскрой', hours: '1', rate: '500', workCentreId: CUT }])} centres={null} />);
    const picker = screen.getByLabelText('Операция 1: рабочий центр');
    expect(picker).toBeDisabled();
    expect(within(picker).getByRole('option', { selected: true })).toHaveTextContent('загрузка…');
    unmount();
    render(<Harness initial={spec([{ id: 'o1', name: 'Сборка', hours: '1', rate: '500' }])} />);
    expect(screen.queryByLabelText('Операция 1: рабочий центр')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Рабочий центр' })).toBeNull();
    expect(screen.getByLabelText('Операция 1: ставка')).not.toHaveAttribute('readonly');
  });
});
