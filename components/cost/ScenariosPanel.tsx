'use client';

import { useCallback, useEffect, useState } from 'react';
import type { CostFigures, CostParams, SpecDocument } from '@/lib/domain/cost';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import { userMessage } from '@/lib/client/messages';
import { costApi, type CostScenario } from '@/components/specifications/api';
import s from './cost.module.css';

interface Props {
  /** What «Сохранить сценарий» stores: the chosen stored spec or the draft document, and the parameters. */
  current: () => { specId?: string; spec?: SpecDocument; params: CostParams };
  onOpen: (sc: CostScenario) => void;
}

const ROWS: [keyof CostFigures, string][] = [
  ['directCost', 'Прямые затраты'],
  ['workshopCost', 'Цеховая'],
  ['productionCost', 'Производственная'],
  ['fullCost', 'Полная себестоимость'],
  ['priceNoVat', 'Цена без НДС'],
  ['profit', 'Прибыль'],
  ['marginPct', 'Маржа'],
  ['priceWithVat', 'Цена с НДС'],
];

/** Saved calculation scenarios of the user: save, open, delete, compare side by side. */
export function ScenariosPanel({ current, onOpen }: Props) {
  const [list, setList] = useState<CostScenario[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [compare, setCompare] = useState<{ name: string; figures: CostFigures | null; error?: string }[] | null>(null);

  const reload = useCallback(() => {
    costApi.scenarios().then((r) => setList(r.scenarios), (e) => setError(userMessage(e)));
  }, []);
  useEffect(reload, [reload]);

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
          const r = await costApi.calculate({ spec: sc.specId ? { specId: sc.specId } : (sc.spec as SpecDocument), params: sc.params });
          return { name: sc.name, figures: r.result.perUnit };
        } catch (e) {
          return { name: sc.name, figures: null, error: userMessage(e) };
        }
      }),
    );
    setCompare(out);
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
      {compare && (
        <table className={s.calc} aria-label="Сравнение сценариев">
          <thead>
            <tr>
              <th>На единицу</th>
              {compare.map((c, i) => (
                <th key={i} className={s.amount}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([key, title]) => (
              <tr key={key}>
                <td>{title}</td>
                {compare.map((c, i) => {
                  const v = c.figures?.[key] as string | null | undefined;
                  return (
                    <td key={i} className={s.amount}>
                      {c.error ? (i === 0 || key === 'directCost' ? c.error : '') : v === null || v === undefined ? '—' : key === 'marginPct' ? formatPercent(v) : formatMoney(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
