'use client';

import { formatMoney, formatPercent } from '@/lib/domain/money';
import type { ItemType } from '@/lib/schemas/catalog';
import { type ImportRow } from '../api';
import { EmptyRow } from '../TableParts';
import { ITEM_TYPE_OPTIONS, ITEM_TYPE_TITLES } from '../labels';
import s from '../catalog.module.css';

export type Decision = { row: number; action: 'match' | 'create' | 'skip'; itemId?: string };

function Change({ row }: { row: ImportRow }) {
  if (row.changePct === null) return <>—</>;
  const n = Number(row.changePct);
  return <span className={n > 0 ? s.up : n < 0 ? s.down : undefined}>{`${n > 0 ? '+' : ''}${formatPercent(row.changePct)}`}</span>;
}

/** The decision buttons of a row still to be decided («Это она», «Другая…», «Создать», «Пропустить»). */
function Decide({ r, onDecide, onPick }: { r: ImportRow; onDecide: (d: Decision[]) => void; onPick: (r: ImportRow) => void }) {
  return (
    <span className={s.toolbar}>
      {r.itemId && r.status !== 'skip' && (
        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: это «${r.itemName ?? ''}»`} onClick={() => onDecide([{ row: r.row, action: 'match', itemId: r.itemId! }])}>
          Это она
        </button>
      )}
      <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: выбрать другую позицию`} onClick={() => onPick(r)}>
        Другая…
      </button>
      {!r.create && (
        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: создать позицию`} onClick={() => onDecide([{ row: r.row, action: 'create' }])}>
          Создать
        </button>
      )}
      {r.status !== 'skip' && (
        <button type="button" className="p-button p-button-sm p-button-text" aria-label={`Строка ${r.row}: пропустить`} onClick={() => onDecide([{ row: r.row, action: 'skip' }])}>
          Пропустить
        </button>
      )}
    </span>
  );
}

/** The type of the item a new row creates: a choice while the review is open, its title once applied. */
function NewItemType({ r, editable, onType }: { r: ImportRow; editable: boolean; onType: (rows: number[], type: ItemType) => void }) {
  const type = r.type ?? 'material';
  if (!editable) return <div className={s.muted}>{ITEM_TYPE_TITLES[type]}</div>;
  return (
    <div>
      <select className={s.select} aria-label={`Строка ${r.row}: тип новой позиции`} value={type} onChange={(e) => onType([r.row], e.target.value as ItemType)}>
        {ITEM_TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Rows of the page that can be selected: those without a match, whose new item's type can be set. */
export const selectable = (list: ImportRow[]) => list.filter((r) => r.status === 'new').map((r) => r.row);

/**
 * The rows of the import under review: the row in the file, the item it matches (a new item with its type), old →
 * new price with %, the decision. A row without a match can be selected (the box by its number) to set the type of
 * several at once. On a phone (≤ 640 px) each row is a card — name, item, «Было · Стало · Изменение» side by side
 * and the decision buttons under them — so nothing scrolls sideways.
 */
export function ImportRowsTable({
  list,
  loading,
  editable,
  selected,
  onSelect,
  onType,
  onDecide,
  onPick,
}: {
  list: ImportRow[];
  loading: boolean;
  editable: boolean;
  /** Rows selected (by number). */
  selected: ReadonlySet<number>;
  onSelect: (rows: number[], on: boolean) => void;
  onType: (rows: number[], type: ItemType) => void;
  onDecide: (d: Decision[]) => void;
  onPick: (r: ImportRow) => void;
}) {
  const canSelect = editable ? selectable(list) : [];
  const all = canSelect.length > 0 && canSelect.every((n) => selected.has(n));
  return (
    <div className={s.scroll}>
      <table className={`${s.table} ${s.review}`} aria-label="Строки прайс-листа" aria-busy={loading}>
        <thead>
          <tr>
            <th>
              {canSelect.length > 0 && (
                <>
                  <input type="checkbox" aria-label="Выбрать все новые позиции на странице" checked={all} onChange={(e) => onSelect(canSelect, e.target.checked)} />{' '}
                </>
              )}
              Строка
            </th>
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
          {list.map((r) => {
            const open = editable && (r.status === 'uncertain' || r.status === 'new' || r.status === 'skip');
            return (
              <tr key={r.row}>
                <td className={s.rowNo} data-label="Строка">
                  {editable && r.status === 'new' && (
                    <>
                      <input type="checkbox" aria-label={`Выбрать строку ${r.row}`} checked={selected.has(r.row)} onChange={(e) => onSelect([r.row], e.target.checked)} />{' '}
                    </>
                  )}
                  {r.row}
                </td>
                <td className={s.article} data-label="Артикул">
                  {r.article || '—'}
                </td>
                <td className={s.wide}>
                  {r.name}
                  {r.unit && <span className={s.muted}> ({r.unit})</span>}
                </td>
                <td className={s.wide} data-label="Позиция номенклатуры">
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
                  {!r.error && r.status === 'new' && (editable || r.create) && <NewItemType r={r} editable={editable} onType={onType} />}
                </td>
                <td className={s.right} data-label="Было">
                  {r.oldPrice !== null ? formatMoney(r.oldPrice) : '—'}
                  {r.oldVat && r.oldVat !== r.vat && <div className={s.muted}>{r.oldVat}</div>}
                </td>
                <td className={s.right} data-label="Стало">
                  {r.price !== null ? formatMoney(r.price) : '—'}
                  {r.oldVat && r.vat && r.oldVat !== r.vat && <div className={s.muted}>{r.vat}</div>}
                </td>
                <td className={s.right} data-label="Изменение">
                  <Change row={r} />
                </td>
                <td className={`${s.wide} ${s.decision} ${open || r.status === 'skip' ? '' : s.noDecision}`}>
                  {open ? <Decide r={r} onDecide={onDecide} onPick={onPick} /> : r.status === 'skip' ? <span className={s.muted}>пропустить</span> : null}
                </td>
              </tr>
            );
          })}
          {list.length === 0 && <EmptyRow colSpan={8}>{loading ? 'Загрузка…' : 'Таких строк нет.'}</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}
