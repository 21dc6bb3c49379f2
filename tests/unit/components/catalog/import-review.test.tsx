import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/client/api-error';
import type { ImportRow } from '@/lib/schemas/catalog';

const { importApi } = vi.hoisted(() => ({ importApi: { rows: vi.fn(), rowType: vi.fn(), resolve: vi.fn(), createAll: vi.fn() } }));
vi.mock('@/components/catalog/api', () => ({ importApi }));

import { ImportReviewStep } from '@/components/catalog/import/ImportReviewStep';
import { undoQuestion } from '@/components/catalog/import/undo-question';

const row = (over: Partial<ImportRow>): ImportRow => ({
  row: 2,
  article: '',
  name: 'Саморез 4×16',
  unit: 'шт',
  price: '0.85',
  status: 'new',
  itemId: null,
  itemName: null,
  score: null,
  oldPrice: null,
  changePct: null,
  oldVat: null,
  vat: 'без НДС',
  create: true,
  type: null,
  error: null,
  ...over,
});

const ROWS = [
  row({ row: 2, name: 'Саморез 4×16', type: 'purchased' }),
  row({ row: 3, name: 'Клей ПВА' }),
  row({ row: 4, name: 'Доставка', create: false }),
  row({ row: 5, name: 'Петля накладная', status: 'changed', itemId: 'i1', itemName: 'Петля накладная', oldPrice: '90.00', changePct: '5.56', create: false }),
];
const summary = { total: 4, changed: 1, unchanged: 0, uncertain: 0, new: 3, errors: 0, skip: 0 };

function review(state: 'ready' | 'applied', onResolved = vi.fn()) {
  render(<ImportReviewStep importId="imp-1" state={state} summary={summary} applied={null} stamp="0" busy={false} onResolved={onResolved} onApply={vi.fn()} onUndo={vi.fn()} />);
  return onResolved;
}

beforeEach(() => {
  for (const f of Object.values(importApi)) f.mockReset();
  importApi.rows.mockResolvedValue({ rows: ROWS, total: ROWS.length });
  importApi.rowType.mockResolvedValue({ updated: 1, msg: '' });
});

describe('the review of a price list: the type of new items', () => {
  it('each new row offers its type (none read — «Материал»); a matched row has none', async () => {
    review('ready');
    expect(await screen.findByLabelText('Строка 2: тип новой позиции')).toHaveDisplayValue('Покупное изделие');
    expect(screen.getByLabelText('Строка 3: тип новой позиции')).toHaveDisplayValue('Материал');
    // A row not (yet) to be created keeps its type for when it is.
    expect(screen.getByLabelText('Строка 4: тип новой позиции')).toHaveDisplayValue('Материал');
    expect(screen.queryByLabelText('Строка 5: тип новой позиции')).toBeNull();
    expect(screen.queryByLabelText('Выбрать строку 5')).toBeNull();
  });

  it('one row takes the type chosen in it', async () => {
    const resolved = review('ready');
    fireEvent.change(await screen.findByLabelText('Строка 3: тип новой позиции'), { target: { value: 'service' } });
    await waitFor(() => expect(resolved).toHaveBeenCalled());
    expect(importApi.rowType).toHaveBeenCalledWith({ importId: 'imp-1', rows: [3], type: 'service' });
  });

  it('the rows selected take one type together; the selection is then cleared', async () => {
    const resolved = review('ready');
    expect(screen.queryByRole('group', { name: 'Выбранные строки' })).toBeNull();
    fireEvent.click(await screen.findByLabelText('Выбрать строку 2'));
    fireEvent.click(screen.getByLabelText('Выбрать строку 4'));
    const bar = screen.getByRole('group', { name: 'Выбранные строки' });
    expect(bar).toHaveTextContent('Выбрано строк: 2.');
    fireEvent.change(within(bar).getByLabelText('Тип новых позиций'), { target: { value: 'energy' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Задать тип выбранным' }));
    await waitFor(() => expect(resolved).toHaveBeenCalled());
    expect(importApi.rowType).toHaveBeenCalledWith({ importId: 'imp-1', rows: [2, 4], type: 'energy' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Выбранные строки' })).toBeNull());
    expect(screen.getByLabelText('Выбрать строку 2')).not.toBeChecked();
  });

  it('«all on the page» selects every new row, and unselects them', async () => {
    review('ready');
    const all = await screen.findByLabelText('Выбрать все новые позиции на странице');
    fireEvent.click(all);
    expect(screen.getByRole('group', { name: 'Выбранные строки' })).toHaveTextContent('Выбрано строк: 3.');
    for (const n of [2, 3, 4]) expect(screen.getByLabelText(`Выбрать строку ${n}`)).toBeChecked();
    fireEvent.click(all);
    expect(screen.queryByRole('group', { name: 'Выбранные строки' })).toBeNull();
  });

  it('a failure is said in Russian and the selection stays', async () => {
    importApi.rowType.mockRejectedValue(new ApiError('IMPORT_STATE', 'Проверять строки можно, когда предпросмотр готов и ещё не применён.', { status: 409 }));
    const resolved = review('ready');
    fireEvent.click(await screen.findByLabelText('Выбрать строку 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Задать тип выбранным' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Проверять строки можно, когда предпросмотр готов и ещё не применён.');
    expect(resolved).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Выбрать строку 3')).toBeChecked();
  });

  it('once applied, the type is shown, not chosen, and nothing can be selected', async () => {
    review('applied');
    await screen.findByText('Саморез 4×16');
    expect(screen.queryByLabelText('Строка 2: тип новой позиции')).toBeNull();
    expect(screen.queryByLabelText('Выбрать строку 2')).toBeNull();
    const saw = screen.getByRole('row', { name: /Саморез 4×16/ });
    expect(saw).toHaveTextContent('Покупное изделие');
    expect(screen.getByRole('row', { name: /Клей ПВА/ })).toHaveTextContent('Материал');
  });
});

describe('«Отменить импорт?» says what will go', () => {
  it('prices, items and the groups the import made, with what stays', () => {
    expect(undoQuestion({ prices: 30, created: 24, groups: 3 })).toBe(
      'Удалятся 30 цен этого прайс-листа, 24 созданные им позиции и 3 созданные им группы; позиции, которые уже стоят в спецификациях, уйдут в архив, а группы, в которых теперь есть другие позиции, останутся. Цены, сохранённые в спецификациях, не меняются.',
    );
    expect(undoQuestion({ prices: 2, created: 1, groups: 1 })).toBe(
      'Удалятся 2 цены этого прайс-листа, 1 созданная им позиция и 1 созданная им группа; позиции, которые уже стоят в спецификациях, уйдут в архив, а группа, в которой теперь есть другие позиции, останется. Цены, сохранённые в спецификациях, не меняются.',
    );
  });

  it('no group made — none named; counts not known — said in words', () => {
    expect(undoQuestion({ prices: 2, created: 1, groups: 0 })).toBe('Удалятся 2 цены этого прайс-листа и 1 созданная им позиция; позиции, которые уже стоят в спецификациях, уйдут в архив. Цены, сохранённые в спецификациях, не меняются.');
    expect(undoQuestion({ prices: 1500, created: 0, groups: 0 })).toBe(`Удалятся 1${'\u00a0'}500 цен этого прайс-листа и 0 созданных им позиций; позиции, которые уже стоят в спецификациях, уйдут в архив. Цены, сохранённые в спецификациях, не меняются.`);
    expect(undoQuestion(null)).toMatch(/^Удалятся цены этого прайс-листа, созданные им позиции и группы;/);
  });
});
