'use client';

import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { recalcApi } from './api';
import { usePoll } from './use-poll';
import s from './catalog.module.css';

const money = (v: string | null) => (v === null ? '—' : formatMoney(v));

/**
 * «Пересчитать все»: the specifications whose prices are out of date, a bottom-up recalculation in the
 * background with a progress bar, then the report (specification, old cost, new cost, change %).
 */
export function RecalcAllDialog({ onClose, onDone }: { onClose: () => void; onDone?: () => void }) {
  const stale = useLoad((signal) => recalcApi.stale(signal), []);
  const [runId, setRunId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = usePoll(runId, (id, signal) => recalcApi.status(id, signal), (r) => r.state !== 'running');
  const r = run.dataKey === runId ? run.data : undefined;
  const [reported, setReported] = useState<string | null>(null);
  if (r && r.state !== 'running' && reported !== r.runId) {
    setReported(r.runId);
    onDone?.();
  }
  const start = async () => {
    setError(null);
    try {
      setRunId((await recalcApi.start()).runId);
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const specs = stale.data?.specs ?? [];
  return (
    <Dialog header="Пересчитать все спецификации" visible onHide={onClose} style={{ width: 'min(56rem, 96vw)' }}>
      {!runId && (
        <>
          {stale.loading && <p className={s.muted}>Ищем спецификации с устаревшими ценами…</p>}
          {stale.data && specs.length === 0 && <p>Все спецификации посчитаны по текущим ценам.</p>}
          {specs.length > 0 && (
            <>
              <p style={{ marginTop: 0 }}>Цены устарели в спецификациях: {specs.length}. Они будут пересчитаны снизу вверх (сначала полуфабрикаты) и сохранены новыми версиями.</p>
              <ul className={s.list}>
                {specs.slice(0, 20).map((sp) => (
                  <li key={sp.id}>{sp.name}</li>
                ))}
                {specs.length > 20 && <li>и ещё {specs.length - 20}</li>}
              </ul>
              <button type="button" className="p-button" onClick={() => void start()}>
                <i className="pi pi-refresh" aria-hidden="true" />
                &nbsp;Пересчитать
              </button>
            </>
          )}
        </>
      )}
      {r && (
        <div className={s.page}>
          <div role="status" aria-live="polite">
            {r.state === 'running' ? `Пересчитано ${r.done} из ${r.total}` : r.state === 'done' ? `Готово: пересчитано ${r.done} из ${r.total}.` : 'Пересчёт прерван.'}
          </div>
          <ProgressBar value={r.total > 0 ? Math.round((r.done / r.total) * 100) : r.state === 'running' ? 0 : 100} aria-label="Ход пересчёта" />
          {r.report.length > 0 && (
            <div className={s.scroll}>
              <table className={s.table} aria-label="Отчёт о пересчёте">
                <thead>
                  <tr>
                    <th>Спецификация</th>
                    <th className={s.right}>Было, за ед.</th>
                    <th className={s.right}>Стало, за ед.</th>
                    <th className={s.right}>Изменение</th>
                  </tr>
                </thead>
                <tbody>
                  {r.report.map((line) => {
                    const n = line.changePct === null ? 0 : Number(line.changePct);
                    return (
                      <tr key={line.id}>
                        <td>
                          <a href={`/specifications/create/${encodeURIComponent(line.id)}`}>{line.name}</a>
                          {line.error && <div className={s.error}>{line.error}</div>}
                        </td>
                        <td className={s.right}>{money(line.oldCost)}</td>
                        <td className={s.right}>{money(line.newCost)}</td>
                        <td className={`${s.right} ${n > 0 ? s.up : n < 0 ? s.down : ''}`}>{line.changePct === null ? '—' : `${n > 0 ? '+' : ''}${formatPercent(line.changePct)}`}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      {(error || stale.error || run.error || r?.error) && (
        <p role="alert" className={s.error}>
          {error ?? stale.error ?? run.error ?? r?.error}
        </p>
      )}
    </Dialog>
  );
}
