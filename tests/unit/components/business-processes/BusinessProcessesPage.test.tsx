import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { productApi, show, toast } = vi.hoisted(() => {
  const show = vi.fn();
  // one toast object, as the provider gives (the page reloads when it changes)
  return { productApi: vi.fn(), show, toast: { show } };
});
// The HTTP client is the edge: typed `call()` (lib/client/call.ts) goes through `apiCall` with the product base.
vi.mock('@/lib/client/api', () => ({ productApi, apiCall: (path: string, body: unknown) => productApi(path.replace(/^\/api\/v1\//, ''), body) }));
vi.mock('@/components/layout/use-app-router', () => ({ useAppRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));
vi.mock('@/components/layout/ToastProvider', () => ({ useToast: () => toast }));

import { BusinessProcessesPage } from '@/components/business-processes/BusinessProcessesPage';
import { processTotals, type ProcessStep } from '@/lib/domain/business-processes';

/** The server keeps numbers with a dot (as business-processes/save normalises them). */
let stored: ProcessStep[];
const wire = (v: string | undefined) => v?.replace(/[\s\u00a0]/g, '').replace(',', '.');
const asSet = (version: number) => ({ id: 'set1', name: 'Сборка', steps: stored, version, totals: processTotals({ name: 'Сборка', steps: stored }) });

beforeEach(() => {
  stored = [{ id: 's1', name: 'Распил', time: '7.5', timeUnit: 'мин', rate: '600.25', workers: '1', equipment: { name: 'Пила', powerKw: '1.5', tariff: '6.42' } }];
  show.mockReset();
  productApi.mockReset().mockImplementation(async (call: string, body: { steps?: ProcessStep[] }) => {
    if (call === 'business-processes/list') return { sets: [asSet(2)] };
    if (call === 'business-processes/linked') return { specs: [] };
    if (call === 'business-processes/save') {
      stored = body.steps!.map((st) => ({ ...st, time: wire(st.time)!, rate: wire(st.rate)!, equipment: st.equipment && { ...st.equipment, tariff: wire(st.equipment.tariff) } }));
      return { set: asSet(3) };
    }
    throw new Error(call);
  });
});

describe('BusinessProcessesPage: numbers stay Russian', () => {
  it('stored steps are shown with commas, also after a save', async () => {
    render(<BusinessProcessesPage setId="set1" />);
    await waitFor(() => expect(screen.getByLabelText('Шаг 1: время')).toHaveValue('7,5'));
    expect(screen.getByLabelText('Шаг 1: ставка')).toHaveValue('600,25');
    expect(screen.getByLabelText('Шаг 1: мощность, кВт')).toHaveValue('1,5');
    expect(screen.getByLabelText('Схема процесса')).toHaveTextContent('7,5 мин');

    fireEvent.change(screen.getByLabelText('Шаг 1: тариф'), { target: { value: '7,15' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    });
    expect(productApi).toHaveBeenCalledWith('business-processes/save', expect.objectContaining({ version: 2 }));
    expect(stored[0]!.equipment!.tariff).toBe('7.15');
    await waitFor(() => expect(productApi.mock.calls.filter(([c]) => c === 'business-processes/list')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Шаг 1: тариф')).toHaveValue('7,15'));
    expect(screen.getByLabelText('Шаг 1: время')).toHaveValue('7,5');
    expect(screen.getByLabelText('Шаг 1: ставка')).toHaveValue('600,25');
  });
});

describe('BusinessProcessesPage: a set that is not there', () => {
  it('an unknown id shows «Набор не найден» with a link back, no editor', async () => {
    render(<BusinessProcessesPage setId="nope" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Набор не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К наборам процессов' })).toHaveAttribute('href', '/business-processes');
    expect(screen.queryByLabelText('Шаг 1: время')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });
  it('a known id and a new set show the editor', async () => {
    render(<BusinessProcessesPage setId="set1" />);
    await waitFor(() => expect(screen.getByLabelText('Шаг 1: время')).toHaveValue('7,5'));
    expect(screen.queryByText('Набор не найден')).toBeNull();
  });
});
