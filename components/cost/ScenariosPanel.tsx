'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { costApi, type CostScenario } from '@/components/specifications/api';
import { costAnalysisApi } from './api';
import type { CompareColumn } from './CompareTable';
import s from './cost.module.css';

// The comparison table loads when scenarios are first compared.
const CompareTable = dynamic(() => import('./CompareTable').then((m) => m.CompareTable), { ssr: false });

const NO_SCENARIOS: CostScenario[] = [];

interface Props {
  /** What «Сохранить сценарий» stores: the chosen stored spec or the draft document, and the parameters. */
  current: () => { specId?: string; spec?: SpecDocument; params: CostParams };
  onOpen: (sc: CostScenario) => void;
  /** The own company chosen on /cost: compared scenarios are calculated with its defaults, as the main result is. */
  companyId?: string;
}

/** Saved calculation scenarios of the user: save, open, delete, compare side by side. */
export function ScenariosPanel({ current, onOpen, companyId }: Props) {
  const [name, setName] = useState('');
  const [actionError, setError] = useState<string | null>(null);
  // The comparison is shown only while the company it was calculated for is still the chosen one.
  const [compare, setCompare] = useState<{ companyId?: string; columns: CompareColumn[] } | null>(null);

  const scenarios = useLoad(() => costApi.scenarios(), [], { keep: true });
  const { reload } = scenarios;
  const list = scenarios.data?.scenarios ?? NO_SCENARIOS;
  const error = actionError ?? scenarios.error;

  const save = async () => {
    try {
      await costApi.saveScenario({ name: name.trim() || 'Сценарий', ...current() });
      setName('');
      setError(null);
      reload();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const remove = async (id: string) => {
    try {
      await costApi.deleteScenario(id);
      reload();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const runCompare = async () => {
    const out = await Promise.all(
      list.map(async (sc) => {
        try {
          const r = await costAnalysisApi.calculate({ spec: sc.specId ? { specId: sc.specId } : (sc.spec as SpecDocument), params: sc.params, companyId });
          return { name: sc.name, figures: r.result.perUnit };
        } catch (e) {
          return { name: sc.name, figures: null, error: userMessage(e) };
        }
      }),
    );
    setCompare({ companyId, columns: out });
  };

  return (
    <div className={s.card}>
      <h2>Сценарии</h2>
      <div className={s.actions}>
        <input className="p-inputtext p-component" aria-label="Название сценария" placeholder="Название сценария" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="button" className="p-button p-button-outlined" onClick={save}>
          Сохранить сценарий
        </button>
        {list.length > 1 && (
          <button type="button" className="p-button p-button-outlined" onClick={runCompare}>
            Сравнить сценарии
          </button>
        )}
      </div>
      {error && <div role="alert" className="p-error">{error}</div>}
      {list.length > 0 && (
        <ul>
          {list.map((sc) => (
            <li key={sc.id}>
              {sc.name}{' '}
              <button type="button" className={s.link} onClick={() => onOpen(sc)}>
                открыть
              </button>{' '}
              <button type="button" className={s.link} onClick={() => remove(sc.id)}>
                удалить
              </button>
            </li>
          ))}
        </ul>
      )}
      {compare && compare.companyId === companyId && <CompareTable label="Сравнение сценариев" columns={compare.columns} />}
    </div>
  );
}
