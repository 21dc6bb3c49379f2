import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { costApi, specsApi, costAnalysisApi, show } = vi.hoisted(() => ({
  costApi: { calculate: vi.fn(), defaults: vi.fn(), saveDefaults: vi.fn(), saveSupplierPrices: vi.fn(), scenarios: vi.fn(), saveScenario: vi.fn(), deleteScenario: vi.fn() },
  specsApi: { pick: vi.fn(), choices: vi.fn(), list: vi.fn() },
  costAnalysisApi: { calculate: vi.fn(), defaults: vi.fn(), sensitivity: vi.fn(), ownCompanies: vi.fn() },
  show: vi.fn(),
}));
vi.mock('@/components/specifications/api', () => ({ costApi, specsApi }));
vi.mock('@/components/cost/api', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/components/cost/api')>()), costAnalysisApi }));
vi.mock('@/components/layout/ToastProvider', () => ({ useToast: () => ({ show }) }));

import { CostPage } from '@/components/cost/CostPage';

const NB = '\u00a0';

/** A scenario as `cost/scenarios/list` gives it: numbers in the wire form (with a dot), as the server stores them. */
const scenario = {
  id: 'sc1',
  name: 'Полка, 2026',
  version: 1,
  updatedAt: '2026-11-01T00:00:00Z',
  spec: {
    schemaVersion: 1,
    name: 'Полка',
    unit: 'шт',
    outputQty: '1',
    materials: [{ id: 'm1', name: 'Щит', unit: 'м²', qty: '0.85', price: '1200.5' }],
    operations: [{ id: 'o1', name: 'Сборка', hours: '0.25', rate: '500' }],
  },
  params: { accidentPct: '0.2', sellingPct: '12.5', batchQty: '1000', shop: { base: 'wages', pct: '150.5' }, markupPct: '25.75' },
};

beforeEach(() => {
  for (const f of [...Object.values(costApi), ...Object.values(specsApi), ...Object.values(costAnalysisApi)]) f.mockReset();
  costApi.scenarios.mockResolvedValue({ scenarios: [scenario] });
  costAnalysisApi.defaults.mockResolvedValue({ params: {}, source: { kind: 'none' }, law: { vatPct: '22', vatRates: ['22', '10'], contributionsPct: '30' }, supplierPrices: 'without' });
  costAnalysisApi.ownCompanies.mockResolvedValue({ companies: [] });
  costAnalysisApi.calculate.mockReturnValue(new Promise(() => undefined));
  specsApi.choices.mockResolvedValue([]);
});

describe('/cost: a reopened scenario', () => {
  it('shows every stored number with the Russian comma: «0,2», not «0.2»', async () => {
    render(<CostPage />);
    const panel = (await screen.findByRole('heading', { name: 'Сценарии' })).parentElement!;
    await act(async () => {
      fireEvent.click(await within(panel).findByRole('button', { name: 'открыть' }));
    });
    await waitFor(() => expect(screen.getByLabelText('НС и ПЗ, %')).toHaveValue('0,2'));
    expect(screen.getByLabelText('Коммерческие, % производственной')).toHaveValue('12,5');
    expect(screen.getByLabelText('Партия, ед.')).toHaveValue(`1${NB}000`);
    expect(screen.getByLabelText('ОПР (статья 10): процент')).toHaveValue('150,5');
    expect(screen.getByLabelText('Наценка, маржа или цена')).toHaveValue('25,75');
    // The scenario's draft too.
    expect(await screen.findByLabelText('Материал 1: количество')).toHaveValue('0,85');
    expect(screen.getByLabelText('Материал 1: цена')).toHaveValue(`1${NB}200,5`);
    expect(screen.getByLabelText('Операция 1: часы')).toHaveValue('0,25');
    // It is calculated at once, with the same values.
    await waitFor(() => expect(costAnalysisApi.calculate).toHaveBeenCalled());
    expect(costAnalysisApi.calculate.mock.calls.at(-1)![0].params).toMatchObject({ accidentPct: '0,2', sellingPct: '12,5', markupPct: '25,75' });
  });
});
