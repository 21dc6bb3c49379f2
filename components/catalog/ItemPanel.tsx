'use client';

import dynamic from 'next/dynamic';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { formatNumber } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { useToast } from '@/components/layout/ToastProvider';
import { catalogApi, type CatalogItem } from './api';
import { ITEM_TYPE_TITLES } from './labels';
import { PriceChoice, PriceRows } from './PriceRows';
import s from './catalog.module.css';

// chart.js comes only with the history chart, when it is opened.
const PriceChart = dynamic(() => import('./PriceChart'), { ssr: false, loading: () => <p className={s.muted}>Загрузка графика…</p> });

type SpecRef = { id: string; name: string };

/**
 * The item card: its fields, price rows by supplier with the history chart, the preferred supplier, archive
 * and delete (refused while a specification uses it — the list of those is shown, archive is offered).
 */
export function ItemPanel({ id, onClose, onEdit, onChanged }: { id: string; onClose: () => void; onEdit: (item: CatalogItem) => void; onChanged: () => void }) {
  const toast = useToast();
  const load = useLoad((signal) => catalogApi.get(id, signal), [id], { keep: true });
  const item = load.data?.item;
  const prices = load.data?.prices ?? [];
  const [chart, setChart] = useState(false);
  const [usedBy, setUsedBy] = useState<SpecRef[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const changed = () => {
    load.reload();
    onChanged();
  };

  const setArchived = async (it: CatalogItem, archived: boolean) => {
    setError(null);
    try {
      await catalogApi.bulk({ items: [{ id: it.id, version: it.version }], patch: { archived } });
      toast.show({ severity: 'success', summary: archived ? 'Позиция в архиве' : 'Позиция возвращена из архива' });
      changed();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const remove = async (it: CatalogItem) => {
    setError(null);
    setConfirmDelete(false);
    try {
      await catalogApi.remove(it.id, it.version);
      toast.show({ severity: 'success', summary: 'Позиция удалена' });
      onChanged();
      onClose();
    } catch (e) {
      if (isApiError(e) && e.code === 'ITEM_IN_USE' && Array.isArray(e.body.specs)) {
        setUsedBy(e.body.specs as SpecRef[]);
        setError(e.message);
      } else setError(userMessage(e));
    }
  };
  const setPreferred = async (it: CatalogItem, supplierId: string) => {
    setError(null);
    try {
      await catalogApi.bulk({ items: [{ id: it.id, version: it.version }], patch: { preferredSupplierId: supplierId || null } });
      changed();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const suppliers = [...new Map(prices.map((p) => [p.supplierId, p.supplierName])).entries()];

  return (
    <Dialog header={item ? item.name : 'Позиция номенклатуры'} visible onHide={onClose} style={{ width: 'min(64rem, 96vw)' }}>
      {load.error && !item && (
        <p role="alert" className={s.error}>
          {load.error}
        </p>
      )}
      {!item && !load.error && <p className={s.muted}>Загрузка…</p>}
      {item && (
        <div className={s.page}>
          <dl className={s.grid} style={{ margin: 0 }}>
            {(
              [
                ['Артикул', item.article || '—'],
                ['Группа', item.groupName ?? '—'],
                ['Тип', ITEM_TYPE_TITLES[item.type]],
                ['Единица', item.okei ? `${item.unit} (ОКЕИ ${item.okei})` : item.unit],
                ['Отходы по умолчанию', item.wastePct ? `${formatNumber(item.wastePct)} %` : '—'],
                ['Лист', item.sheetWidthMm && item.sheetHeightMm ? `${formatNumber(item.sheetWidthMm)} × ${formatNumber(item.sheetHeightMm)} мм` : '—'],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt className={s.muted}>{k}</dt>
                <dd style={{ margin: 0 }}>{v}</dd>
              </div>
            ))}
            {item.notes && (
              <div className={s.wide}>
                <dt className={s.muted}>Примечание</dt>
                <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{item.notes}</dd>
              </div>
            )}
            {item.archived && (
              <div className={s.wide}>
                <b>В архиве</b> — не предлагается в новых строках, старые спецификации сохраняют её.
              </div>
            )}
          </dl>
          <div className={s.toolbar}>
            <button type="button" className="p-button p-button-sm" onClick={() => onEdit(item)}>
              <i className="pi pi-pencil" aria-hidden="true" />
              &nbsp;Изменить
            </button>
            <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => void setArchived(item, !item.archived)}>
              {item.archived ? 'Вернуть из архива' : 'В архив'}
            </button>
            {confirmDelete ? (
              <>
                <span>Удалить позицию без возможности восстановления?</span>
                <button type="button" className="p-button p-button-sm p-button-danger" onClick={() => void remove(item)}>
                  Да, удалить
                </button>
                <button type="button" className="p-button p-button-sm p-button-text" onClick={() => setConfirmDelete(false)}>
                  Отмена
                </button>
              </>
            ) : (
              <button type="button" className="p-button p-button-sm p-button-outlined p-button-secondary" onClick={() => setConfirmDelete(true)}>
                <i className="pi pi-trash" aria-hidden="true" />
                &nbsp;Удалить
              </button>
            )}
          </div>
          {error && (
            <div role="alert" className="p-message p-message-error" style={{ padding: '0.75rem' }}>
              {error}
              {usedBy && usedBy.length > 0 && (
                <ul className={s.list}>
                  {usedBy.map((sp) => (
                    <li key={sp.id}>
                      <a href={`/specifications/create/${encodeURIComponent(sp.id)}`}>{sp.name}</a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}

          <h2 style={{ fontSize: '1.1rem', margin: '0.5rem 0 0' }}>Цены поставщиков</h2>
          <div className={s.grid}>
            <div className={s.field}>
              <label htmlFor="item-preferred">Предпочтительный поставщик</label>
              <select id="item-preferred" className={s.select} value={item.preferredSupplierId ?? ''} onChange={(e) => void setPreferred(item, e.target.value)}>
                <option value="">— не выбран —</option>
                {suppliers.map(([sid, name]) => (
                  <option key={sid} value={sid}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <PriceChoice />
          </div>
          <PriceRows item={item} prices={prices} onChanged={changed} />
          {item.price && (
            <p className={s.muted} style={{ margin: 0 }}>
              Сейчас в расчёт идёт цена {item.price.supplierName} с {formatIsoDate(item.price.validFrom)}.
            </p>
          )}
          {prices.length > 0 && (
            <div>
              <button type="button" className="p-button p-button-sm p-button-text" aria-expanded={chart} onClick={() => setChart((c) => !c)}>
                <i className={`pi ${chart ? 'pi-chevron-down' : 'pi-chart-line'}`} aria-hidden="true" />
                &nbsp;{chart ? 'Скрыть график' : 'График цены'}
              </button>
              {chart && (
                <div className={s.chart}>
                  <PriceChart prices={prices} />
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
