import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpecDocument } from '@/lib/domain/cost';
import { ApiError } from '@/lib/client/api-error';

const { specsApi, costApi, productApi, show } = vi.hoisted(() => ({
  specsApi: {
    list: vi.fn(),
    get: vi.fn(),
    save: vi.fn(),
    create: vi.fn(),
    status: vi.fn(),
    history: vi.fn(),
    whereUsed: vi.fn(),
  },
  costApi: { calculate: vi.fn(), defaults: vi.fn(), saveSupplierPrices: vi.fn() },
  productApi: vi.fn(),
  show: vi.fn(),
}));
vi.mock('@/components/specifications/api', () => ({ specsApi, costApi }));
// The HTTP client is the edge: typed `call()` (lib/client/call.ts) goes through `apiCall` with the product base.
vi.mock('@/lib/client/api', () => ({ productApi, apiCall: (path: string, body: unknown) => productApi(path.replace(/^\/api\/v1\//, ''), body) }));
vi.mock('@/components/layout/use-app-router', () => ({ useAppRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));
vi.mock('@/components/layout/ToastProvider', () => ({ useToast: () => ({ show }) }));

import { SpecEditorPage } from '@/components/specifications/SpecEditorPage';

const NB = '\u00a0';

const stored = (over: Partial<SpecDocument> = {}): SpecDocument => ({
  schemaVersion: 1,
  name: 'Подстолье',
  unit: 'шт',
  outputQty: '1',
  materials: [{ id: 'm1', name: 'Брус', unit: 'м', qty: '0.85', price: '1200.5' }],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.25', rate: '500' }],
  ...over,
});

const spec = (id: string, name: string, nested: string[] = [], unit = 'шт') => ({ id, name, version: 1, updatedAt: '2026-01-01T00:00:00Z', unit, nested });

beforeEach(() => {
  for (const f of Object.values(specsApi)) f.mockReset();
  specsApi.list.mockResolvedValue([]);
  specsApi.get.mockResolvedValue({ doc: stored(), version: 2, name: 'Подстолье' });
  specsApi.save.mockResolvedValue({ version: 3 });
  specsApi.status.mockResolvedValue({ stale: false, nested: [], processSet: null });
  specsApi.history.mockResolvedValue({ versions: [], current: 2 });
  specsApi.whereUsed.mockResolvedValue({ specs: [] });
  costApi.calculate.mockReset().mockReturnValue(new Promise(() => undefined));
  costApi.defaults.mockReset().mockResolvedValue({ params: {}, source: { kind: 'none' }, supplierPrices: 'without' });
  costApi.saveSupplierPrices.mockReset().mockImplementation(async (supplierPrices: string) => ({ params: {}, supplierPrices }));
  productApi.mockReset().mockResolvedValue({ sets: [] });
  show.mockReset();
});

describe('SpecEditorPage: numbers stay Russian', () => {
  it('a stored document is shown with commas, and a number typed with a dot gets its comma after the save', async () => {
    render(<SpecEditorPage specId="sp1" />);
    const qty = await screen.findByDisplayValue('0,85');
    expect(qty).toHaveAccessibleName('Материал 1: количество');
    expect(screen.getByLabelText('Материал 1: цена')).toHaveValue(`1${NB}200,5`);
    expect(screen.getByLabelText('Операция 1: часы')).toHaveValue('0,25');

    fireEvent.change(qty, { target: { value: '1.25' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    });
    await waitFor(() => expect(specsApi.save).toHaveBeenCalledTimes(1));
    expect(specsApi.save.mock.calls[0]![1].materials[0].qty).toBe('1.25');
    await waitFor(() => expect(screen.getByLabelText('Материал 1: количество')).toHaveValue('1,25'));
    expect(screen.getByLabelText('Материал 1: цена')).toHaveValue(`1${NB}200,5`);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success' }));
  });
});

describe('SpecEditorPage: the semi-finished picker', () => {
  it('offers neither the specification itself nor those that contain it; picking fills an empty line’s name and unit', async () => {
    specsApi.list.mockResolvedValue([
      spec('sp1', 'Подстолье'),
      spec('table', 'Стол', ['sp1']),
      spec('set', 'Гарнитур', ['table']),
      spec('leg', 'Ножка', [], 'компл'),
      spec('other', 'Полка', ['leg']),
    ]);
    specsApi.get.mockResolvedValue({
      doc: stored({ materials: [{ id: 'm1', name: '', unit: 'шт', qty: '4', price: '' }, { id: 'm2', name: 'Опора', unit: 'шт', qty: '1', price: '10' }] }),
      version: 2,
      name: 'Подстолье',
    });
    render(<SpecEditorPage specId="sp1" />);
    const picker = () => screen.getByLabelText('Материал 1: полуфабрикат');
    await waitFor(() => expect(within(picker()).getAllByRole('option').map((o) => o.textContent)).toEqual(['— покупной —', 'Ножка', 'Полка']));

    fireEvent.change(picker(), { target: { value: 'leg' } });
    expect(screen.getByLabelText('Материал 1: наименование')).toHaveValue('Ножка');
    expect(screen.getByLabelText('Материал 1: единица')).toHaveValue('компл');
    expect(screen.getByLabelText('Материал 1: статья')).toHaveValue('purchased');

    // a named line keeps its name and unit
    fireEvent.change(screen.getByLabelText('Материал 2: полуфабрикат'), { target: { value: 'other' } });
    expect(screen.getByLabelText('Материал 2: наименование')).toHaveValue('Опора');
    expect(screen.getByLabelText('Материал 2: единица')).toHaveValue('шт');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    });
    await waitFor(() => expect(specsApi.save).toHaveBeenCalledTimes(1));
    expect(specsApi.save.mock.calls[0]![1].materials[0]).toMatchObject({ name: 'Ножка', unit: 'компл', specId: 'leg' });
    // The save is over before the test is: its toast would otherwise land among the next test's calls.
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success' })));
  });

  it('a save refused for a loop shows the path and marks the line', async () => {
    specsApi.list.mockResolvedValue([spec('leg', 'Ножка')]);
    const msg = 'Спецификация не может входить сама в себя: «Подстолье» → «Ножка» → «Подстолье». Уберите строку «Ножка» или выберите другой полуфабрикат.';
    specsApi.save.mockRejectedValue(new ApiError('SPEC_CYCLE', msg, { status: 422, fields: { 'doc.materials.0.specId': 'По кругу: «Подстолье» → «Ножка» → «Подстолье».' } }));
    render(<SpecEditorPage specId="sp1" />);
    const picker = () => screen.getByLabelText('Материал 1: полуфабрикат');
    await waitFor(() => expect(within(picker()).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(picker(), { target: { value: 'leg' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', detail: msg })));
    await waitFor(() => expect(screen.getByLabelText('Материал 1: полуфабрикат')).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.change(screen.getByLabelText('Материал 1: полуфабрикат'), { target: { value: '' } });
    expect(screen.getByLabelText('Материал 1: полуфабрикат')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('SpecEditorPage: a taken name', () => {
  it('is a message under the name, not the «changed in another window» banner', async () => {
    const msg = 'В этой папке уже есть «Стол».';
    specsApi.save.mockRejectedValue(new ApiError('NAME_TAKEN', msg, { status: 409, fields: { name: msg } }));
    render(<SpecEditorPage specId="sp1" />);
    await screen.findByDisplayValue('0,85');
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Стол' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ severity: 'error', detail: msg })));
    expect(screen.queryByText('Спецификацию изменили в другом окне.')).toBeNull();
    expect(await screen.findByText(msg, { selector: 'small' })).toBeInTheDocument();
  });

  it('a stale version still offers «Обновить» and «Сохранить поверх»', async () => {
    specsApi.save.mockRejectedValue(new ApiError('CONFLICT', 'Спецификацию изменили в другом окне или другой пользователь. Обновите страницу.', { status: 409 }));
    render(<SpecEditorPage specId="sp1" />);
    await screen.findByDisplayValue('0,85');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Спецификацию изменили в другом окне.');
    expect(screen.getByRole('button', { name: 'Сохранить поверх' })).toBeInTheDocument();
  });
});

describe('SpecEditorPage: the user’s default basis of supplier prices', () => {
  it('a new specification’s first line takes the saved «с НДС»; a change is saved and the next new line follows it', async () => {
    costApi.defaults.mockResolvedValue({ params: {}, source: { kind: 'none' }, supplierPrices: 'with' });
    render(<SpecEditorPage />);
    await waitFor(() => expect(screen.getByLabelText('Цены поставщиков по умолчанию')).toHaveValue('with'));
    expect(screen.getByLabelText('Материал 1: цена с НДС')).toBeChecked();

    fireEvent.change(screen.getByLabelText('Цены поставщиков по умолчанию'), { target: { value: 'without' } });
    await waitFor(() => expect(costApi.saveSupplierPrices).toHaveBeenCalledWith('without'));
    // The untouched first line follows the new default; a new line starts with it, not with the line above.
    await waitFor(() => expect(screen.getByLabelText('Материал 1: цена с НДС')).not.toBeChecked());
    fireEvent.change(screen.getByLabelText('Материал 1: наименование'), { target: { value: 'Брус' } });
    fireEvent.click(screen.getByLabelText('Материал 1: цена с НДС'));
    fireEvent.click(screen.getByRole('button', { name: /Добавить материал/ }));
    expect(screen.getByLabelText('Материал 1: цена с НДС')).toBeChecked();
    expect(screen.getByLabelText('Материал 2: цена с НДС')).not.toBeChecked();
  });

  it('a failed save puts the previous default back and says why', async () => {
    costApi.saveSupplierPrices.mockRejectedValue(new ApiError('FORBIDDEN', 'Нет доступа к настройкам.', { status: 403 }));
    render(<SpecEditorPage />);
    await waitFor(() => expect(screen.getByLabelText('Цены поставщиков по умолчанию')).toHaveValue('without'));
    fireEvent.change(screen.getByLabelText('Цены поставщиков по умолчанию'), { target: { value: 'with' } });
    await waitFor(() => expect(screen.getByLabelText('Цены поставщиков по умолчанию')).toHaveValue('without'));
    expect(screen.getByText('Нет доступа к настройкам.')).toBeInTheDocument();
  });
});
