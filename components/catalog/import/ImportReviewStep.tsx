'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { ImportState } from '@/lib/schemas/catalog';
import { importApi, type ImportRow, type ImportSummary } from '../api';
import { EmptyRow } from '../TableParts';
import s from '../catalog.module.css';

type Filter = 'uncertain' | 'new' | 'changed' | 'errors' | 'unchanged' | 'all';
const FILTERS: { value: Filter; label: string; count: (x: ImportSummary) => number }[] = [
  { value: 'uncertain', label: 'Проверить', count: (x) => x.uncertain },
  { value: 'new', label: 'Новые', count: (x) => x.new },
  { value: 'changed', label: 'Цена изменится', count: (x) => x.changed },
  { value: 'errors', label: 'Ошибки', count: (x) => x.errors },
  { value: 'unchanged', label: 'Без изменений', count: (x) => x.unchanged },
  { value: 'all', label: 'Все', count: (x) => x.total },
];
const PAGE = 100;
const ItemPickerDialog = dynamic(() => import('../ItemPickerDialog').then((m) => m.ItemPickerDialog), { ssr: false });

function Change({ row }: { row: ImportRow }) {
  if (row.changePct === null) return <>—</>;
  const n = Number(row.changePct);
  return <span className={n > 0 ? s.up : n < 0 ? s.down : undefined}>{`${n > 0 ? '+' : ''}${formatPercent(row.changePct)}`}</span>;
}

/**
 * Steps 3 and 4: the rows by status (uncertain matches and new items first), a decision per row, the preview of
 * price changes (old → new, %), «Применить» and, once applied, «Отменить импорт».
 */
export function ImportReviewStep({
  importId,
  state,
  summary,
  stamp,
  busy,
  onResolved,
  onApply,
  onUndo,
  onBack,
}: {
  importId: string;
  state: ImportState;
  summary: ImportSummary | null;
  stamp: string;
  busy: boolean;
  onResolved: () => void;
  onApply: () => void;
  onUndo: () => void;
  onBack: () => void;
}) {
  const first: Filter = summary?.uncertain ? 'uncertain' : summary?.new ? 'new' : 'changed';
  const [filter, setFilter] = useState<Filter>(first);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** The row whose item is being looked for in the catalogue (another than the one offered). */
  const [picking, setPicking] = useState<ImportRow | null>(null);
  const rows = useLoad((signal) => importApi.rows({ importId, filter, offset, limit: PAGE }, signal), [importId, filter, offset, stamp], { keep: true });
  const list = rows.data?.rows ?? [];
  const total = rows.data?.total ?? 0;
  const editable = state === 'ready';

  const decide = async (decisions: { row: number; action: 'match' | 'create' | 'skip'; itemId?: string }[]) => {
    setError(null);
    try {
      await importApi.resolve({ importId, decisions });
      onResolved();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const createAll = async (create: boolean) => {
    setError(null);
    try {
      await importApi.createAll(importId, create);
      onResolved();
    } catch (e) {
      setError(userMessage(e));
    }
  };

  return (
    <div className={s.page}>
      {summary && (
        <p style={{ margin: 0 }} data-testid="import-summary">
          Строк: {summary.total.toLocaleString('ru-RU')}. Цена изменится: {summary.changed}, без изменений: {summary.unchanged}, проверить: {summary.uncertain}, новых: {summary.new}, с ошибками: {summary.errors}, пропущено: {summary.skip}.
        </p>
      )}
      <div className={s.toolbar} role="tablist" aria-label="Какие строки показать">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            className={`p-button p-button-sm ${filter === f.value ? '' : 'p-button-outlined'}`}
            onClick={() => {
              setFilter(f.value);
              setOffset(0);
            }}
          >
            {f.label}
            {summary ? ` (${f.count(summary)})` : ''}
          </button>
        ))}
      </div>
      {editable && filter === 'new' && (summary?.new ?? 0) > 0 && (
        <div className={s.toolbar}>
          <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => void createAll(true)}>
            Создать все новые позиции
          </button>
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => void createAll(false)}>
            Не создавать новые
          </button>
        </div>
      )}
      <div className={s.scroll}>
        <table className={s.table} aria-label="Строки прайс-листа" aria-busy={rows.loading}>
          <thead>
            <tr>
              <th>Строка</th>
              <th>Артикул</th>
              <th>Наименование в файле</th>
              <th>Позиция номенклатуры</th>
              <th className={s.right}>Было</th>
              <th className={s.right}>Стало</th>
              <th className={s.right}>Изменение</th>
              <th>Решение</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.article || '—'}</td>
                <td>
                  {r.name}
                  {r.unit && <span className={s.muted}> ({r.unit})</span>}
                </td>
                <td>
                  {r.error ? (
                    <span className={s.error}>{r.error}</span>
                  ) : r.itemName ? (
                    <>
                      {r.itemName}
                      {r.status === 'uncertain' && r.score !== null && <div className={s.muted}>похоже на {Math.round(r.score * 100)} %</div>}
                    </>
                  ) : r.create ? (
                    <i>новая позиция</i>
                  ) : (
                    <span className={s.muted}>не найдена</span>
                  )}
                </td>
                <td className={s.right}>{r.oldPrice !== null ? formatMoney(r.oldPrice) : '—'}</td>
                <td className={s.right}>{r.price !== null ? formatMoney(r.price) : '—'}</td>
                <td className={s.right}>
                  <Change row={r} />
                </td>
                <td>
                  {editable && (r.status === 'uncertain' || r.status === 'new' || r.status === 'skip') ? (
                    <span className={s.toolbar}>
                      {r.itemId && r.status !== 'skip' && (
                        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: это «${r.itemName ?? ''}»`} onClick={() => void decide([{ row: r.row, action: 'match', itemId: r.itemId! }])}>
                          Это она
                        </button>
                      )}
                      <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: выбрать другую позицию`} onClick={() => setPicking(r)}>
                        Другая…
                      </button>
                      {!r.create && (
                        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: создать позицию`} onClick={() => void decide([{ row: r.row, action: 'create' }])}>
                          Создать
                        </button>
                      )}
                      {r.status !== 'skip' && (
                        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: пропустить`} onClick={() => void decide([{ row: r.row, action: 'skip' }])}>
                          Пропустить
                        </button>
                      )}
                    </span>
                  ) : r.status === 'skip' ? (
                    <span className={s.muted}>пропустить</span>
                  ) : null}
                </td>
              </tr>
            ))}
            {list.length === 0 && (
              <EmptyRow colSpan={8}>{rows.loading ? 'Загрузка…' : 'Таких строк нет.'}</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
      {total > PAGE && (
        <div className={s.pager}>
          <span className={s.muted}>
            {offset + 1}–{Math.min(offset + PAGE, total)} из {total}
          </span>
          <button type="button" className="p-button p-button-sm p-button-text" disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
            Назад
          </button>
          <button type="button" className="p-button p-button-sm p-button-text" disabled={offset + PAGE >= total} onClick={() => setOffset((o) => o + PAGE)}>
            Дальше
          </button>
        </div>
      )}
      {picking && (
        <ItemPickerDialog
          title={`Строка ${picking.row}: «${picking.name}»`}
          linked={false}
          onPick={(item) => {
            setPicking(null);
            void decide([{ row: picking.row, action: 'match', itemId: item.id }]);
          }}
          onUnlink={() => setPicking(null)}
          onClose={() => setPicking(null)}
        />
      )}
      {(error || rows.error) && (
        <p role="alert" className={s.error}>
          {error ?? rows.error}
        </p>
      )}
      <div className={s.toolbar}>
        {state === 'ready' && (
          <>
            <button type="button" className="p-button p-button-text" onClick={onBack} disabled={busy}>
              Назад к столбцам
            </button>
            <button type="button" className="p-button" onClick={onApply} disabled={busy}>
              <i className="pi pi-check" aria-hidden="true" />
              &nbsp;Применить
            </button>
          </>
        )}
        {state === 'applied' && (
          <>
            <span role="status">Прайс-лист применён.</span>
            <button type="button" className="p-button p-button-outlined p-button-secondary" onClick={onUndo} disabled={busy}>
              <i className="pi pi-undo" aria-hidden="true" />
              &nbsp;Отменить импорт
            </button>
          </>
        )}
        {state === 'undone' && <span role="status">Импорт отменён: цены и созданные позиции удалены.</span>}
      </div>
    </div>
  );
}
