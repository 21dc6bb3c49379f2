'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { ImportState, ItemType } from '@/lib/schemas/catalog';
import { importApi, type ImportRow, type ImportSummary } from '../api';
import { ImportRowsTable, type Decision } from './ImportRowsTable';
import { ITEM_TYPE_OPTIONS } from '../labels';
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

/**
 * Steps 3 and 4: the rows by status (uncertain matches and new items first), a decision per row, the type of each
 * new item (a row's own, or one for all rows selected), the preview of price changes (old → new, %), «Применить»
 * and, once applied, «Отменить импорт».
 */
export function ImportReviewStep({
  importId,
  state,
  summary,
  applied,
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
  /** What applying did (once applied). */
  applied: { prices: number; created: number } | null;
  stamp: string;
  busy: boolean;
  onResolved: () => void;
  onApply: () => void;
  onUndo: () => void;
  /** Back to the columns (absent for an import opened again: its columns are not at hand). */
  onBack?: () => void;
}) {
  const first: Filter = summary?.uncertain ? 'uncertain' : summary?.new ? 'new' : 'changed';
  const [filter, setFilter] = useState<Filter>(first);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** The row whose item is being looked for in the catalogue (another than the one offered). */
  const [picking, setPicking] = useState<ImportRow | null>(null);
  /** Rows without a match selected on this page, and the type to give them. */
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkType, setBulkType] = useState<ItemType>('material');
  const rows = useLoad((signal) => importApi.rows({ importId, filter, offset, limit: PAGE }, signal), [importId, filter, offset, stamp], { keep: true });
  const list = rows.data?.rows ?? [];
  const total = rows.data?.total ?? 0;
  const editable = state === 'ready';

  const decide = async (decisions: Decision[]) => {
    setError(null);
    try {
      await importApi.resolve({ importId, decisions });
      onResolved();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const setType = async (rowNos: number[], type: ItemType) => {
    setError(null);
    try {
      await importApi.rowType({ importId, rows: rowNos, type });
      if (rowNos.length > 1) setSelected(new Set());
      onResolved();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const select = (rowNos: number[], on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      for (const n of rowNos) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });
  /** Another page: the selection was of this one. */
  const turn = (by: number) => {
    setOffset((o) => Math.max(0, o + by));
    setSelected(new Set());
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
              setSelected(new Set());
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
      {editable && selected.size > 0 && (
        <div className={s.toolbar} role="group" aria-label="Выбранные строки">
          <span>Выбрано строк: {selected.size}.</span>
          <label htmlFor="import-bulk-type">Тип новых позиций</label>
          <select id="import-bulk-type" className={s.select} value={bulkType} onChange={(e) => setBulkType(e.target.value as ItemType)}>
            {ITEM_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => void setType([...selected], bulkType)}>
            Задать тип выбранным
          </button>
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => setSelected(new Set())}>
            Снять выбор
          </button>
        </div>
      )}
      <ImportRowsTable
        list={list}
        loading={rows.loading}
        editable={editable}
        selected={selected}
        onSelect={select}
        onType={(rowNos, type) => void setType(rowNos, type)}
        onDecide={(d) => void decide(d)}
        onPick={setPicking}
      />
      {total > PAGE && (
        <div className={s.pager}>
          <span className={s.muted}>
            {offset + 1}–{Math.min(offset + PAGE, total)} из {total}
          </span>
          <button type="button" className="p-button p-button-sm p-button-text" disabled={offset === 0} onClick={() => turn(-PAGE)}>
            Назад
          </button>
          <button type="button" className="p-button p-button-sm p-button-text" disabled={offset + PAGE >= total} onClick={() => turn(PAGE)}>
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
            {onBack && (
              <button type="button" className="p-button p-button-text" onClick={onBack} disabled={busy}>
                Назад к столбцам
              </button>
            )}
            <button type="button" className="p-button" onClick={onApply} disabled={busy}>
              <i className="pi pi-check" aria-hidden="true" />
              &nbsp;Применить
            </button>
          </>
        )}
        {state === 'applied' && (
          <>
            <span role="status">
              Прайс-лист применён{applied ? `: цен — ${applied.prices.toLocaleString('ru-RU')}, новых позиций — ${applied.created.toLocaleString('ru-RU')}` : ''}.
            </span>
            <button type="button" className="p-button p-button-outlined p-button-secondary" onClick={onUndo} disabled={busy}>
              <i className="pi pi-undo" aria-hidden="true" />
              &nbsp;Отменить импорт
            </button>
          </>
        )}
        {state === 'undone' && <span role="status">Импорт отменён: цены, созданные позиции и пустые созданные группы удалены.</span>}
      </div>
    </div>
  );
}
